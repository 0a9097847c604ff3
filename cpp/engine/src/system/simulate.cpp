// The model registry, the column catalog and request dispatch.

#include "friction/simulate.h"

#include <algorithm>
#include <cmath>

#include "friction/abbott_seed.h"
#include "friction/constants.h"
#include "friction/errors.h"
#include "friction/state_variable.h"

namespace friction {
namespace {

// A model: its catalog entry and how to run a resolved parameter set of it.
struct ModelEntry {
  const ModelSpec& (*spec)();
  SimulationResult (*run)(const ResolvedParams&);
};

SimulationResult runAbbottSeed(const ResolvedParams& resolved) {
  return simulateAbbottSeed(abbottSeedParams(resolved));
}
SimulationResult runStateVariable(const ResolvedParams& resolved) {
  return simulateStateVariable(stateVariableParams(resolved));
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

const ParamSpec* ModelSpec::findParam(std::string_view key) const {
  for (const ParamSpec& spec : params)
    if (spec.key == key) return &spec;
  return nullptr;
}

const std::vector<ModelSpec>& modelCatalog() {
  static const std::vector<ModelSpec> catalog = [] {
    std::vector<ModelSpec> specs;
    for (const ModelEntry& entry : kModels) specs.push_back(entry.spec());
    return specs;
  }();
  return catalog;
}

const ModelSpec& findModel(std::string_view id) { return findEntry(id).spec(); }

const std::vector<ColumnSpec>& columnCatalog() {
  static const std::vector<ColumnSpec> columns = {
      {&Trace::t, "t", "t", "Time", "s"},
      {&Trace::x, "x", "x", "Block position", "m"},
      {&Trace::v, "v", "v", "Block velocity", "m/s"},
      {&Trace::theta, "theta", "θ", "Contact state", ""},
      {&Trace::friction, "friction", "F", "Friction force", "N"},
      {&Trace::fk, "fk", "Fk", "Kinetic friction Fk(v)", "N"},
      {&Trace::spring, "spring", "Fd", "Drive force (spring + dashpot)", "N"},
      {&Trace::vOverV0, "vOverV0", "v/v0", "Velocity / drive velocity", ""},
      {&Trace::fkOverFk0, "fkOverFk0", "Fk/Fk0", "Kinetic friction / its base value", ""},
      {&Trace::staticLimit, "staticLimit", "Fmax", "Static limit", "N"},
      {&Trace::drivePosition, "drivePosition", "Xd", "Drive position (far end of the spring)", "m"},
  };
  return columns;
}

std::string_view regimeName(Regime regime) {
  switch (regime) {
    case Regime::Steady:
      return "steady";
    case Regime::Oscillation:
      return "oscillation";
    case Regime::StickSlip:
      return "stick-slip";
    case Regime::Decaying:
      return "decaying";
    case Regime::Growing:
      return "growing";
    case Regime::Settling:
      return "settling";
    case Regime::NotSettled:
      return "not-settled";
    case Regime::Stuck:
      break;
  }
  return "stuck";
}

std::string_view staticLimitKindName(StaticLimitKind kind) {
  switch (kind) {
    case StaticLimitKind::Stick:
      return "stick";
    case StaticLimitKind::Peak:
      return "peak";
    case StaticLimitKind::None:
      break;
  }
  return "none";
}

SimulationResult simulate(const SimulationRequest& request) {
  const ModelEntry& entry = findEntry(request.model);
  ResolvedParams resolved = resolveParams(entry.spec(), request.params);
  SimulationResult result = entry.run(resolved);
  result.summary.params = std::move(resolved);
  return result;
}

}  // namespace friction
