// The one run function and the one writer of a result's summary (friction/scenario.h).

#include <string>

#include "analysis/spring_block_run.h"
#include "friction/errors.h"
#include "models/models.h"
#include "scenario/run_spec.h"
#include "scenario/writing.h"

namespace friction {
namespace {

// Where an InputError from a run belongs: the checks only a run can make (a step budget) name a bare
// key, a model's parameter or, for a law, the system's.
std::string runFieldPath(const RunSpec& spec, const std::string& field) {
  const std::string key = field.substr(0, field.find('['));
  if (spec.runsModel()) return findModel(spec.scenario().model).findParam(key) ? "params." + field : field;
  const bool isSystem = key == "start" || springBlockSystemModel().findParam(key) != nullptr;
  return isSystem ? "system." + field : field;
}

Value intervals(const std::vector<Interval>& spans) {
  Value out = Value::list();
  for (const Interval& span : spans) out.push(writing::numbers({span.start, span.end}));
  return out;
}

Value events(const std::vector<SpringBlockEvent>& located) {
  Value out = Value::list();
  for (const SpringBlockEvent& event : located) {
    Value item = Value::object();
    item.set("t", writing::number(event.t));
    item.set("kind", std::string(eventName(event.kind)));
    item.set("driveForce", writing::number(event.driveForce));
    out.push(item);
  }
  return out;
}

Value switches(const std::vector<IntegratorSwitch>& changes) {
  Value out = Value::list();
  for (const IntegratorSwitch& change : changes) {
    Value item = Value::object();
    item.set("t", writing::number(change.t));
    item.set("to", std::string(integratorId(change.to)));
    out.push(item);
  }
  return out;
}

Value holds(const std::vector<HoldHealing>& measured) {
  Value out = Value::list();
  for (const HoldHealing& hold : measured) {
    Value item = Value::object();
    item.set("start", writing::number(hold.start));
    item.set("duration", writing::number(hold.duration));
    item.set("steadyMu", writing::number(hold.steadyMu));
    item.set("relaxedMu", writing::number(hold.relaxedMu));
    item.set("peakMu", writing::number(hold.peakMu));
    item.set("healing", writing::number(hold.healing));
    item.set("relaxation", writing::number(hold.relaxation));
    out.push(item);
  }
  return out;
}

Value texts(const std::vector<std::string>& lines) {
  Value out = Value::list();
  for (const std::string& line : lines) out.push(line);
  return out;
}

// What ran: the model or law with its parameters, a law run's system with its drive as the scenario
// gave it, the method, tolerance and steps.
void writeRun(Value& out, const RunSpec& spec, const Summary& s) {
  const Scenario& scenario = spec.scenario();
  if (spec.runsModel()) {
    out.set("model", scenario.model);
  } else {
    out.set("law", scenario.law);
    Value system = writing::resolved(spec.resolved().system);
    if (!scenario.driveSteps.empty()) system.set("v0", writing::breakpoints(scenario.driveSteps));
    system.set("start", scenario.start == SpringBlockStart::Steady ? "steady" : "rest");
    out.set("system", system);
  }
  out.set("params", writing::resolved(spec.resolved().params));
  out.set("integrator", std::string(integratorId(s.integrator)));
  out.set("integratorSwitches", switches(s.integratorSwitches));
  out.set("tolerance", writing::number(s.tolerance));
  out.set("steps", static_cast<double>(s.steps));
  out.set("rejectedSteps", static_cast<double>(s.rejectedSteps));
  out.set("dt", writing::number(s.dt));
  out.set("duration", writing::number(s.duration));
  out.set("resonanceRadPerS", writing::number(s.resonanceRadPerS));
  out.set("resonanceHz", writing::number(s.resonanceHz));
}

// How it moved, its events and spans, its holds, its energy books and its warnings.
void writeMotion(Value& out, const Summary& s) {
  out.set("regime", std::string(regimeName(s.regime)));
  out.set("growthRate", writing::number(s.growthRate));
  out.set("period", writing::number(s.period));
  out.set("amplitude", writing::number(s.amplitude));
  out.set("peakVelocity", writing::number(s.peakVelocity));
  out.set("driveForceMin", writing::number(s.driveForceMin));
  out.set("driveForceMax", writing::number(s.driveForceMax));
  out.set("cycleDriveForceMin", writing::number(s.cycleDriveForceMin));
  out.set("cycleDriveForceMax", writing::number(s.cycleDriveForceMax));
  out.set("staticLimit", writing::number(s.staticLimit));
  out.set("staticLimitKind", std::string(staticLimitKindName(s.staticLimitKind)));
  out.set("nearRestThreshold", writing::number(s.nearRestThreshold));
  out.set("events", events(s.events));
  out.set("stickIntervals", intervals(s.stickIntervals));
  out.set("slipIntervals", intervals(s.slipIntervals));
  out.set("holds", holds(s.holds));
  out.set("driveWork", writing::number(s.driveWork));
  out.set("dissipated", writing::number(s.dissipated));
  out.set("dashpotDissipated", writing::number(s.dashpotDissipated));
  out.set("energyResidual", writing::number(s.energyResidual));
  out.set("warnings", texts(s.warnings));
}

}  // namespace

SimulationResult run(const RunSpec& spec, const std::function<void(double)>& progress) {
  const RunSpec::Resolved& resolved = spec.resolved();
  try {
    if (spec.runsModel()) return runModel(resolved.params, progress);
    RunSettings settings = resolved.settings;
    settings.progress = progress;
    SimulationResult result = runSpringBlock(*resolved.law, resolved.springBlock, settings, resolved.plan);
    result.summary.params = resolved.params;
    result.summary.system = resolved.system;
    return result;
  } catch (const InputError& error) {
    throw InputError(runFieldPath(spec, error.field()), error.what());
  }
}

Value summaryValue(const RunSpec& spec, const Summary& summary) {
  Value out = Value::object();
  writeRun(out, spec, summary);
  writeMotion(out, summary);
  return out;
}

}  // namespace friction
