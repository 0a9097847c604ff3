// The readers of the law API's requests (friction/law_requests.h).

#include "friction/law_requests.h"

#include "friction/errors.h"
#include "scenario/reading.h"

namespace friction {
namespace {

using reading::Fields;
using reading::withFieldPrefix;

// A request's law and parameters: the id, then the parameters against the law's catalog entry and
// its cross-parameter rules, named "params.KEY".
void readLawAndParams(const Fields& fields, std::string& law, ParamList& params) {
  law = readLawId(fields.required("law", "a law id such as 'lugre'"));
  if (const Value* given = fields.find("params")) params = reading::readParams(*given, "params", "params");
  findLaw(law);
  withFieldPrefix("params.", [&] { static_cast<void>(LawEvaluator(law, params)); });
}

std::vector<Breakpoint> requiredBreakpoints(const Fields& fields, std::string_view key,
                                            std::string_view unit) {
  const std::string path = fields.pathOf(key);
  return reading::readBreakpoints(
      fields.required(key, "a list of [t (s), " + std::string(key) + " (" + std::string(unit) +
                               ")] pairs starting at t = 0 s"),
      path, key, unit);
}

}  // namespace

std::string readLawId(const Value& value) { return reading::readText(value, "law", "coulomb"); }

ParamList readLawParams(const Value& value) { return reading::readParams(value, "params", ""); }

LawInputs readLawInputs(const Value& value) {
  LawInputs inputs;
  if (value.isNull()) return inputs;
  const Fields fields(value, "inputs", "", "the inputs",
                      {"v", "N", "p", "theta", "Fn", "dt", "vt", "n", "Fe"});
  for (const auto& [key, into] : {std::pair{"v", &inputs.v},
                                  {"N", &inputs.N},
                                  {"p", &inputs.p},
                                  {"theta", &inputs.theta},
                                  {"Fn", &inputs.Fn},
                                  {"dt", &inputs.dt}})
    fields.number(key, *into);
  for (const auto& [key, into] : {std::pair{"vt", &inputs.vt}, {"n", &inputs.n}, {"Fe", &inputs.Fe}})
    if (const Value* given = fields.find(key)) *into = reading::readVec3(*given, key);
  return inputs;
}

LawState readLawState(const Value& value) {
  LawState state;
  if (value.isNull()) return state;
  const Fields fields(value, "state", "state", "the state", {"force", "segment"});
  if (const Value* force = fields.find("force")) state.force = reading::readVec3(*force, "state.force");
  fields.wholeNumber("segment", state.segment);
  if (!(state.segment >= 0 && static_cast<std::size_t>(state.segment) < kMaxListItems))
    throw InputError("state.segment", "state.segment must be a segment index from a previous step; got " +
                                          std::to_string(state.segment) + ".");
  return state;
}

CurveRequest readCurveRequest(const Value& value) {
  CurveRequest request;
  if (value.isNull()) return request;
  const Fields fields(value, "options", "", "the options",
                      {"vMin", "vMax", "count", "scale", "N", "p", "theta"});
  fields.number("vMin", request.vMin);
  fields.number("vMax", request.vMax);
  fields.wholeNumber("count", request.count);
  fields.number("N", request.N);
  fields.number("p", request.p);
  fields.number("theta", request.theta);
  std::string scale = "linear";
  fields.text("scale", scale, "log");
  if (scale != "linear" && scale != "log")
    throw InputError("scale", "scale must be 'linear' or 'log'; got '" + scale + "'.");
  request.logarithmic = scale == "log";
  return request;
}

ImposedVelocityRun readImposedVelocityRun(const Value& value) {
  const Fields fields(value, "request", "", "the request",
                      {"law", "params", "N", "velocity", "duration", "samples", "tolerance", "start"});
  ImposedVelocityRun run;
  readLawAndParams(fields, run.law, run.params);
  run.velocity = requiredBreakpoints(fields, "velocity", "m/s");
  fields.number("N", run.N);
  fields.number("duration", run.duration);
  fields.wholeNumber("samples", run.samples);
  fields.number("tolerance", run.tolerance);
  std::string start = "steady";
  fields.text("start", start, "initial");
  if (start != "steady" && start != "initial")
    throw InputError("start", "start must be 'steady' or 'initial'; got '" + start + "'.");
  run.start = start == "steady" ? LawStart::Steady : LawStart::Initial;
  return run;
}

AppliedForceRun readAppliedForceRun(const Value& value) {
  const Fields fields(value, "request", "", "the request",
                      {"law", "params", "m", "N", "force", "duration", "samples", "tolerance"});
  AppliedForceRun run;
  readLawAndParams(fields, run.law, run.params);
  run.force = requiredBreakpoints(fields, "force", "N");
  // m and N default as the presliding experiment's catalog declares them.
  run.m = preslidingModel().findParam("m")->defaultValue;
  run.N = preslidingModel().findParam("N")->defaultValue;
  fields.number("m", run.m);
  fields.number("N", run.N);
  fields.number("duration", run.duration);
  fields.wholeNumber("samples", run.samples);
  fields.number("tolerance", run.tolerance);
  return run;
}

PreslidingRun readPreslidingRun(const Value& value) {
  const Fields fields(value, "request", "", "the request", {"law", "params", "protocol", "samples"});
  PreslidingRun run;
  readLawAndParams(fields, run.law, run.params);
  if (const Value* protocol = fields.find("protocol"))
    run.protocol = reading::readParams(*protocol, "protocol", "protocol");
  fields.wholeNumber("samples", run.samples);
  return run;
}

LawRun runPresliding(const PreslidingRun& run) {
  findLaw(run.law);
  withFieldPrefix("params.", [&] { static_cast<void>(LawEvaluator(run.law, run.params)); });
  withFieldPrefix("protocol.", [&] { resolveParams(preslidingModel(), run.protocol); });
  try {
    return simulatePresliding(run.law, run.params, run.protocol, run.samples);
  } catch (const InputError& error) {
    // A check only the run makes (a ramp too slow for the run's length) names a bare protocol key.
    const bool inProtocol = preslidingModel().findParam(error.field()) != nullptr;
    throw InputError(inProtocol ? "protocol." + error.field() : error.field(), error.what());
  }
}

std::vector<Breakpoint> readPreslidingProtocol(const Value& value) {
  const ResolvedParams p = resolveParams(preslidingModel(), reading::readParams(value, "protocol", ""));
  return preslidingProtocol(p.get("amplitude"), p.get("rate"), p.get("hold"));
}

}  // namespace friction
