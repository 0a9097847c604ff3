// A scenario read once into what its run needs (friction/scenario.h, RunSpec).

#include <cmath>
#include <string>
#include <utility>

#include "friction/errors.h"
#include "friction/laws.h"
#include "scenario/reading.h"
#include "scenario/run_spec.h"

namespace friction {
namespace {

using reading::withFieldPrefix;

// Where an InputError from the plan belongs: the plan's checks name a bare key of the system (or
// "integrator").
std::string planFieldPath(const std::string& field) {
  const std::string key = field.substr(0, field.find('['));
  const bool isSystem = key == "start" || springBlockSystemModel().findParam(key) != nullptr;
  return isSystem ? "system." + field : field;
}

// The drive's velocity steps: the scenario's own, the protocol's holds or table (up to the run's end,
// a table may reach past it), or a kick's speed-up at 0.1 % of the run.
std::vector<Breakpoint> driveStepsOf(const Scenario& scenario, const ResolvedParams& system) {
  const double v0 = system.get("v0"), duration = system.get("duration");
  std::vector<Breakpoint> steps = scenario.driveSteps;
  for (const Breakpoint& step : protocolDriveSteps(scenario.protocol, v0))
    if (step.t < duration) steps.push_back(step);
  if (scenario.kick != 0) steps = {{0, v0}, {1e-3 * duration, v0 * (1 + scenario.kick)}};
  return steps;
}

// The scenario's own checks of a law run, each naming its path: the law's parameters with their
// cross-parameter rules (μk ≤ μs…), the system's (a key both have, v0, named by its place), the drive,
// the protocol, the grid, the integrator, the samples, the tolerance and the kick.
void checkLawScenario(const Scenario& scenario, RunSpec::Resolved& resolved) {
  findLaw(scenario.law);
  withFieldPrefix("params.", [&] { resolved.law.emplace(scenario.law, scenario.params); });
  resolved.params = resolved.law->resolved();
  withFieldPrefix("system.", [&] {
    checkSystemMassOf(scenario.system);
    checkDriveVelocityOf(scenario.system, !scenario.driveSteps.empty());
    resolved.system = resolveParams(springBlockSystemModel(), scenario.system);
    checkRelease(resolved.system.get("m"), resolved.system.get("v0"), resolved.system.get("x0"),
                 scenario.start);
    checkDriveSteps(scenario.driveSteps, resolved.system.get("duration"), resolved.system.get("m") == 0);
  });
  const double m = resolved.system.get("m"), duration = resolved.system.get("duration");
  checkProtocol(scenario.protocol, duration, m, !scenario.driveSteps.empty());
  if (scenario.logGrid && m != 0)
    throw InputError("grid", "The logarithmic grid runs on the quasi-static slider: set system.m to 0 kg.");
  findIntegrator(scenario.integrator);
  checkSamples(scenario.samples);
  checkTolerance(scenario.tolerance);
  checkKick(scenario.kick, scenario.start, !scenario.driveSteps.empty());
}

// The system with its drive: with velocity steps the analysis (regime thresholds, time scales) refers to
// the last drive velocity.
SpringBlockSystem springBlockOf(const Scenario& scenario, const ResolvedParams& system) {
  SpringBlockSystem sys{system.get("m"),  system.get("c"),  system.get("eta"),
                        system.get("v0"), system.get("Fn"), system.get("duration")};
  sys.driveSteps = driveStepsOf(scenario, system);
  sys.normalSteps = scenario.protocol.normalForce;
  sys.start = scenario.start;
  sys.x0 = system.get("x0");
  if (!sys.driveSteps.empty()) sys.v0 = sys.driveSteps.back().value;
  return sys;
}

// The start, the grid and the tolerances: the law's defaults unless the scenario gives a tolerance
// (absolute: 1e-3 of it).
RunSettings settingsOf(const Scenario& scenario, const LawEvaluator& law, const SpringBlockSystem& sys) {
  RunSettings settings = defaultSettings(law);
  settings.x0 = sys.x0;  // where the loop starts: the block released from x0
  settings.samples = scenario.samples;
  settings.logGrid = scenario.logGrid;
  settings.integrator = findIntegrator(scenario.integrator);
  if (scenario.tolerance > 0) {
    settings.relativeTolerance = scenario.tolerance;
    settings.absoluteTolerance = 1e-3 * scenario.tolerance;
  }
  return settings;
}

std::shared_ptr<const RunSpec::Resolved> resolve(const Scenario& scenario) {
  auto resolved = std::make_shared<RunSpec::Resolved>();
  if (!scenario.model.empty()) {
    const ModelSpec& model = findModel(scenario.model);
    withFieldPrefix("params.", [&] { resolved->params = resolveParams(model, scenario.params); });
    if (!scenario.system.empty() || !scenario.driveSteps.empty())
      throw InputError("system", "A seed model has no spring-block system: its own parameters hold it.");
    return resolved;
  }
  if (scenario.law.empty()) throw InputError("model", "A scenario needs a model or a law.");
  checkLawScenario(scenario, *resolved);
  resolved->springBlock = springBlockOf(scenario, resolved->system);
  resolved->settings = settingsOf(scenario, *resolved->law, resolved->springBlock);
  try {
    resolved->plan = planRun(*resolved->law, resolved->springBlock, resolved->settings);
  } catch (const InputError& error) {
    throw InputError(planFieldPath(error.field()), error.what());
  }
  return resolved;
}

}  // namespace

RunSpec::RunSpec(Scenario scenario) : scenario_(std::move(scenario)), resolved_(resolve(scenario_)) {}

RunSpec RunSpec::read(const Value& value) {
  return RunSpec(reading::readScenarioFields(value, "scenario", ""));
}

Scenario readScenario(const Value& value) { return RunSpec::read(value).scenario(); }

}  // namespace friction
