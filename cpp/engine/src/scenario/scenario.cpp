// The one reader of a scenario (friction/scenario.h); RunSpec checks it (run_spec.cpp).

#include "friction/scenario.h"

#include "friction/errors.h"
#include "scenario/reading.h"

namespace friction {
namespace {

using reading::Fields;
using reading::withFieldPrefix;

// The keys only a law on the spring-block takes: a seed model's system is in its own parameters.
constexpr std::string_view kLawOnlyKeys[] = {"system", "integrator", "samples", "tolerance",
                                             "kick",   "grid",       "protocol"};

SpringBlockStart readStart(const Value& value, const std::string& path) {
  const std::string start = reading::readText(value, path, "steady");
  if (start != "rest" && start != "steady")
    throw InputError(path, path + " must be 'rest' or 'steady'; got '" + start + "'.");
  return start == "steady" ? SpringBlockStart::Steady : SpringBlockStart::Rest;
}

// { m, Fn, c, eta, duration: number, v0: number | [[t, v], ...], start } into the scenario. Velocity
// steps leave v0 as the first step's velocity, which is what the system's checks and defaults see.
void readSystem(const Value& value, const std::string& path, Scenario& scenario) {
  if (value.isNull()) return;
  const std::vector<ParamSpec>& specs = springBlockSystemModel().params;
  std::vector<std::string_view> keys;
  keys.reserve(specs.size() + 1);
  for (const ParamSpec& spec : specs) keys.push_back(spec.key);
  keys.push_back("start");
  const Fields fields(value, path, path, "the system", keys);
  for (std::size_t k = 0; k < value.keys().size(); ++k) {
    const std::string& key = value.keys()[k];
    const Value& item = value.items()[k];
    // A number, the common case, needs no path: it is built for the others and for a refusal.
    if (item.kind() == Value::Kind::Number && key != "start") {
      scenario.system.emplace_back(key, item.number());
      continue;
    }
    const std::string itemPath = fields.pathOf(key);
    if (key == "start") {
      scenario.start = readStart(item, itemPath);
    } else if (key == "v0" && item.kind() == Value::Kind::List) {
      scenario.driveSteps = reading::readBreakpoints(item, itemPath, "v0", "m/s");
      scenario.system.emplace_back(key, scenario.driveSteps.front().value);
    } else if (key == "v0") {
      throw InputError(
          itemPath, itemPath + " must be a number (m/s) or a list of [t (s), v0 (m/s)] velocity steps; got " +
                        describeValue(item) + ".");
    } else {
      scenario.system.emplace_back(key, reading::readNumber(item, itemPath));
    }
  }
}

}  // namespace

namespace reading {

Scenario readScenarioFields(const Value& value, const std::string& name, const std::string& prefix) {
  const Fields fields(
      value, name, prefix, "the scenario",
      {"model", "law", "params", "system", "integrator", "samples", "tolerance", "kick", "grid", "protocol"});
  const Value* model = fields.find("model");
  const Value* law = fields.find("law");
  Scenario scenario;
  if (model && law)
    throw InputError(fields.pathOf("law"), "A scenario runs a model or a law, not both; give one of them.");
  if (!model && !law)
    throw InputError(fields.pathOf("model"),
                     "A scenario needs a model (such as 'abbott-seed') or a law (such as 'coulomb').");
  // An unknown (or empty) id is refused here, so that an empty one cannot pass for the other kind.
  const std::string subjectPrefix = memberPath(prefix, "");
  if (model) {
    scenario.model = readText(*model, fields.pathOf("model"), "abbott-seed");
    withFieldPrefix(subjectPrefix, [&] { findModel(scenario.model); });
  } else {
    scenario.law = readText(*law, fields.pathOf("law"), "coulomb");
    withFieldPrefix(subjectPrefix, [&] { findLaw(scenario.law); });
  }
  if (const Value* params = fields.find("params")) {
    const std::string paramsPath = fields.pathOf("params");
    scenario.params = readParams(*params, paramsPath, paramsPath);
  }
  if (model) {
    for (std::string_view key : kLawOnlyKeys)
      if (fields.find(key))
        throw InputError(fields.pathOf(key), "'" + std::string(key) +
                                                 "' is for a law on the spring-block; the seed model '" +
                                                 scenario.model + "' takes its params only.");
    return scenario;
  }
  if (const Value* system = fields.find("system")) readSystem(*system, fields.pathOf("system"), scenario);
  fields.text("integrator", scenario.integrator, "auto");
  fields.wholeNumber("samples", scenario.samples);
  fields.number("tolerance", scenario.tolerance);
  fields.number("kick", scenario.kick);
  std::string grid = "uniform";
  fields.text("grid", grid, "log");
  if (grid != "uniform" && grid != "log")
    throw InputError(fields.pathOf("grid"),
                     fields.pathOf("grid") + " must be 'uniform' or 'log'; got '" + grid + "'.");
  scenario.logGrid = grid == "log";
  if (const Value* protocol = fields.find("protocol"))
    scenario.protocol = readProtocol(*protocol, fields.pathOf("protocol"));
  return scenario;
}

}  // namespace reading

}  // namespace friction
