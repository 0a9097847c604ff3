// The one reader of a scenario, its checks and its run (friction/scenario.h).

#include "friction/scenario.h"

#include "friction/errors.h"
#include "friction/laws.h"
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
  std::vector<std::string> keys;
  for (const ParamSpec& spec : springBlockSystemModel().params) keys.emplace_back(spec.key);
  keys.emplace_back("start");
  const Fields fields(value, path, path, "the system", keys);
  for (std::size_t k = 0; k < value.keys().size(); ++k) {
    const std::string& key = value.keys()[k];
    const Value& item = value.items()[k];
    const std::string itemPath = fields.pathOf(key);
    if (key == "start") {
      scenario.start = readStart(item, itemPath);
    } else if (key == "v0" && item.kind() == Value::Kind::List) {
      scenario.driveSteps = reading::readBreakpoints(item, itemPath, "v0", "m/s");
      scenario.system.emplace_back(key, scenario.driveSteps.front().value);
    } else if (key == "v0" && item.kind() != Value::Kind::Number) {
      throw InputError(
          itemPath, itemPath + " must be a number (m/s) or a list of [t (s), v0 (m/s)] velocity steps; got " +
                        describeValue(item) + ".");
    } else {
      scenario.system.emplace_back(key, reading::readNumber(item, itemPath));
    }
  }
}

// Where an InputError from a run belongs: the catalogs' checks name a bare key, which is a model's
// parameter or, for a law (whose own parameters checkScenario has already passed), the system's.
std::string runFieldPath(const Scenario& scenario, const std::string& field) {
  const std::string key = field.substr(0, field.find('['));
  if (!scenario.model.empty()) return findModel(scenario.model).findParam(key) ? "params." + field : field;
  const bool isSystem = key == "start" || springBlockSystemModel().findParam(key) != nullptr;
  return isSystem ? "system." + field : field;
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
  if (const Value* params = fields.find("params"))
    scenario.params = readParams(*params, fields.pathOf("params"), fields.pathOf("params"));
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

Scenario readScenario(const Value& value) {
  Scenario scenario = reading::readScenarioFields(value, "scenario", "");
  checkScenario(scenario);
  return scenario;
}

void checkScenario(const Scenario& scenario) {
  if (!scenario.model.empty()) {
    const ModelSpec& model = findModel(scenario.model);
    withFieldPrefix("params.", [&] { resolveParams(model, scenario.params); });
    if (!scenario.system.empty() || !scenario.driveSteps.empty())
      throw InputError("system", "A seed model has no spring-block system: its own parameters hold it.");
    return;
  }
  if (scenario.law.empty()) throw InputError("model", "A scenario needs a model or a law.");
  findLaw(scenario.law);
  // The law's parameters with its cross-parameter rules (μk ≤ μs…), then the system's: a key both
  // have (v0) is named by its place.
  withFieldPrefix("params.", [&] { static_cast<void>(LawEvaluator(scenario.law, scenario.params)); });
  double m = 0, duration = 0;
  withFieldPrefix("system.", [&] {
    checkSystemMassOf(scenario.system);
    const ResolvedParams system = resolveParams(springBlockSystemModel(), scenario.system);
    m = system.get("m");
    duration = system.get("duration");
    checkDriveSteps(scenario.driveSteps, duration, m == 0);
  });
  checkProtocol(scenario.protocol, duration, m, !scenario.driveSteps.empty());
  if (scenario.logGrid && m != 0)
    throw InputError("grid", "The logarithmic grid runs on the quasi-static slider: set system.m to 0 kg.");
  findIntegrator(scenario.integrator);
  checkSamples(scenario.samples);
  checkTolerance(scenario.tolerance);
  checkKick(scenario.kick, scenario.start, !scenario.driveSteps.empty());
}

LawSimulationRequest lawRequestFor(const Scenario& scenario) {
  LawSimulationRequest request{scenario.law, scenario.params, scenario.system, scenario.integrator,
                               scenario.samples};
  request.tolerance = scenario.tolerance;
  request.driveSteps = scenario.driveSteps;
  // The protocol's drive, up to the run's end (a table may reach past it).
  const ResolvedParams system = resolveParams(springBlockSystemModel(), scenario.system);
  for (const Breakpoint& step : protocolDriveSteps(scenario.protocol, system.get("v0")))
    if (step.t < system.get("duration")) request.driveSteps.push_back(step);
  request.normalSteps = scenario.protocol.normalForce;
  request.logGrid = scenario.logGrid;
  request.start = scenario.start;
  request.kick = scenario.kick;
  return request;
}

ScenarioResult runScenario(const Scenario& scenario, const std::function<void(double)>& progress) {
  checkScenario(scenario);
  try {
    if (!scenario.model.empty()) return simulate({scenario.model, scenario.params});
    LawSimulationRequest request = lawRequestFor(scenario);
    request.progress = progress;
    return simulateLaw(request);
  } catch (const InputError& error) {
    // A check only the run can make (a step budget, a start the chosen integrator cannot take).
    throw InputError(runFieldPath(scenario, error.field()), error.what());
  }
}

}  // namespace friction
