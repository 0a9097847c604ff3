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

using writing::member;

void intervals(ValueSink& out, const std::vector<Interval>& spans) {
  out.beginList();
  for (const Interval& span : spans) writing::numbers(out, {span.start, span.end});
  out.endList();
}

void events(ValueSink& out, const std::vector<SpringBlockEvent>& located) {
  out.beginList();
  for (const SpringBlockEvent& event : located) {
    out.beginObject();
    member(out, "t", event.t);
    member(out, "kind", eventName(event.kind));
    member(out, "driveForce", event.driveForce);
    out.endObject();
  }
  out.endList();
}

void switches(ValueSink& out, const std::vector<IntegratorSwitch>& changes) {
  out.beginList();
  for (const IntegratorSwitch& change : changes) {
    out.beginObject();
    member(out, "t", change.t);
    member(out, "to", integratorId(change.to));
    out.endObject();
  }
  out.endList();
}

void holds(ValueSink& out, const std::vector<HoldHealing>& measured) {
  out.beginList();
  for (const HoldHealing& hold : measured) {
    out.beginObject();
    member(out, "start", hold.start);
    member(out, "duration", hold.duration);
    member(out, "steadyMu", hold.steadyMu);
    member(out, "relaxedMu", hold.relaxedMu);
    member(out, "peakMu", hold.peakMu);
    member(out, "healing", hold.healing);
    member(out, "relaxation", hold.relaxation);
    out.endObject();
  }
  out.endList();
}

void texts(ValueSink& out, const std::vector<std::string>& lines) {
  out.beginList();
  for (const std::string& line : lines) out.text(line);
  out.endList();
}

// A law run's system as resolved, v0 as the scenario's velocity steps where it has them, and the start.
void systemOf(ValueSink& out, const RunSpec& spec) {
  const Scenario& scenario = spec.scenario();
  const ResolvedParams& system = spec.resolved().system;
  const std::vector<ParamSpec>& specs = system.model->params;
  out.beginObject();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    out.key(specs[i].key);
    if (specs[i].key == "v0" && !scenario.driveSteps.empty()) {
      writing::breakpoints(out, scenario.driveSteps);
    } else {
      writing::resolvedValue(out, system, i);
    }
  }
  member(out, "start", scenario.start == SpringBlockStart::Steady ? "steady" : "rest");
  out.endObject();
}

// What ran: the model or law with its parameters, a law run's system with its drive as the scenario
// gave it, the method, tolerance and steps.
void writeRun(ValueSink& out, const RunSpec& spec, const Summary& s) {
  const Scenario& scenario = spec.scenario();
  if (spec.runsModel()) {
    member(out, "model", scenario.model);
  } else {
    member(out, "law", scenario.law);
    out.key("system");
    systemOf(out, spec);
  }
  out.key("params");
  writing::resolved(out, spec.resolved().params);
  member(out, "integrator", integratorId(s.integrator));
  out.key("integratorSwitches");
  switches(out, s.integratorSwitches);
  member(out, "tolerance", s.tolerance);
  member(out, "steps", static_cast<double>(s.steps));
  member(out, "rejectedSteps", static_cast<double>(s.rejectedSteps));
  member(out, "dt", s.dt);
  member(out, "duration", s.duration);
  member(out, "resonanceRadPerS", s.resonanceRadPerS);
  member(out, "resonanceHz", s.resonanceHz);
}

// How it moved: its regime and measures, and its static limit.
void writeMotion(ValueSink& out, const Summary& s) {
  member(out, "regime", regimeName(s.regime));
  member(out, "growthRate", s.growthRate);
  member(out, "period", s.period);
  member(out, "amplitude", s.amplitude);
  member(out, "peakVelocity", s.peakVelocity);
  member(out, "driveForceMin", s.driveForceMin);
  member(out, "driveForceMax", s.driveForceMax);
  member(out, "cycleDriveForceMin", s.cycleDriveForceMin);
  member(out, "cycleDriveForceMax", s.cycleDriveForceMax);
  member(out, "staticLimit", s.staticLimit);
  member(out, "staticLimitKind", staticLimitKindName(s.staticLimitKind));
  member(out, "nearRestThreshold", s.nearRestThreshold);
}

// Its events and spans, its holds, its energy books and its warnings.
void writeRecord(ValueSink& out, const Summary& s) {
  out.key("events");
  events(out, s.events);
  out.key("stickIntervals");
  intervals(out, s.stickIntervals);
  out.key("slipIntervals");
  intervals(out, s.slipIntervals);
  out.key("holds");
  holds(out, s.holds);
  member(out, "driveWork", s.driveWork);
  member(out, "dissipated", s.dissipated);
  member(out, "dashpotDissipated", s.dashpotDissipated);
  member(out, "energyResidual", s.energyResidual);
  out.key("warnings");
  texts(out, s.warnings);
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

void writeSummary(ValueSink& out, const RunSpec& spec, const Summary& summary) {
  out.beginObject();
  writeRun(out, spec, summary);
  writeMotion(out, summary);
  writeRecord(out, summary);
  out.endObject();
}

Value summaryValue(const RunSpec& spec, const Summary& summary) {
  ValueBuilder out;
  writeSummary(out, spec, summary);
  return out.take();
}

}  // namespace friction
