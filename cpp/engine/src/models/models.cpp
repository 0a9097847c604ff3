// The model registry (friction/catalog.h: modelCatalog, findModel; models/models.h: runModel).

#include "models/models.h"

#include <functional>
#include <string>

#include "friction/abbott_seed.h"
#include "friction/errors.h"
#include "friction/state_variable.h"

namespace friction {
namespace {

// A model: its catalog entry and how to run a resolved parameter set of it.
struct ModelEntry {
  const ModelSpec& (*spec)();
  SimulationResult (*run)(const ResolvedParams&, const std::function<void(double)>&);
};

SimulationResult runAbbottSeed(const ResolvedParams& resolved, const std::function<void(double)>& progress) {
  AbbottSeedOptions options;
  options.progress = progress;
  return simulateAbbottSeed(abbottSeedParams(resolved), options);
}
SimulationResult runStateVariable(const ResolvedParams& resolved,
                                  const std::function<void(double)>& progress) {
  StateVariableOptions options;
  options.progress = progress;
  return simulateStateVariable(stateVariableParams(resolved), options);
}

// The one list of models, in menu order.
constexpr ModelEntry kModels[] = {
    {&abbottSeedModel, &runAbbottSeed},
    {&stateVariableModel, &runStateVariable},
};

const ModelEntry& findEntry(std::string_view id) {
  for (const ModelEntry& entry : kModels)
    if (entry.spec().id == id) return entry;
  std::string known;
  for (const ModelEntry& entry : kModels) known += (known.empty() ? "" : ", ") + std::string(entry.spec().id);
  throw InputError("model", "Unknown model '" + std::string(id) + "'; the models are: " + known + ".");
}

}  // namespace

const std::vector<ModelSpec>& modelCatalog() {
  static const std::vector<ModelSpec> catalog = [] {
    std::vector<ModelSpec> specs;
    for (const ModelEntry& entry : kModels) specs.push_back(entry.spec());
    return specs;
  }();
  return catalog;
}

const ModelSpec& findModel(std::string_view id) { return findEntry(id).spec(); }

SimulationResult runModel(const ResolvedParams& resolved, const std::function<void(double)>& progress) {
  SimulationResult result = findEntry(resolved.model->id).run(resolved, progress);
  result.summary.model = resolved.model->id;
  result.summary.params = resolved;
  return result;
}

}  // namespace friction
