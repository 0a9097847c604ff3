// The wasm boundary: translates between JS values and the engine's types, nothing more.
// The only file that includes Emscripten headers. Exported to JS (see engine.mjs):
//   version()            -> string
//   models()             -> [{ id, name, description, citation, params: [ParamSpec], equations: [{ tex, note }],
//                             quirks: [string], updateLoop }]
//   columns()            -> [{ key, symbol, label, unit }]
//   simulate({ model, params }) -> { columns: { <key>: Float64Array }, summary: {...} }
//   laws()               -> [{ id, name, description, citation, origin, can, inputs, params, equations, quirks,
//                             state, unmapped }]; a law's parameter with a ParamRole carries it as `role`
//                             ('static-coefficient', 'kinetic-coefficient', 'static-force', 'kinetic-force',
//                             'stiction-speed', 'inverse-stiction-speed', 'normal-force'; absent when none),
//                             and `unmapped` says which common values the law cannot take, and why ('' if none)
//   frictionCoefficient(id, params, inputs) -> { value: μ }
//   frictionForce(id, params, inputs)       -> { value: [x, y, z] }
//   stepLaw(id, params, state, inputs)      -> { force, magnitude, mu, slope, state }
//   lawCurve(id, params, options)           -> { v, mu, force } (Float64Arrays)
//   system(), integrators()                 -> the spring-block's parameters; the integrators
//   simulate({ law, params, system, integrator, samples, tolerance }) -> { columns, summary } for any law
//   imposeVelocity({ law, params, N, velocity, … }), applyForce({ law, params, m, N, force, … })
//                                           -> { columns: { t, x, v, applied, friction, state }, summary }
//   preslidingProtocol({ amplitude, rate, hold }) -> { value: [[t, F], ...] }
//   presliding()                            -> the presliding experiment's parameters (a ModelSpec)
//   presets()                               -> the named scenarios of friction/presets.h
//   runPresliding({ law, params, protocol, samples }) -> { columns, summary } of that experiment
// A refusal by the engine comes back as { error: message, parameter: field } instead.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "friction/friction.h"

using emscripten::val;

namespace {

// Runs `body`; a C++ exception becomes the value { error: message, parameter?: field } (a run that
// stopped early adds stoppedAt and partial, its columns so far), which engine.mjs turns into a thrown JS Error. Throwing from here instead (val::throw_) would unwind the
// wasm frames without running destructors and leak every error message (seen: ~120 bytes a call).
val columnsToJs(const friction::Trace& trace);

template <class Body>
val catchErrors(Body&& body) {
  std::string message, field;
  try {
    return body();
  } catch (const friction::RunStopped& stop) {
    // A run that stopped early: the reason, the time reached and the trace up to there.
    val failure = val::object();
    failure.set("error", std::string(stop.what()));
    failure.set("stoppedAt", stop.time());
    failure.set("partial", columnsToJs(stop.partial()));
    return failure;
  } catch (const friction::InputError& error) {
    message = error.what();
    field = error.field();
  } catch (const std::exception& error) {
    message = error.what();
  } catch (...) {
    message = "Unknown engine error.";
  }
  val failure = val::object();
  failure.set("error", message);
  if (!field.empty()) failure.set("parameter", field);
  return failure;
}

val text(std::string_view view) { return val(std::string(view)); }

val numbers(const std::vector<double>& items) {
  val list = val::array();
  for (double item : items) list.call<void>("push", item);
  return list;
}

val vec3(const friction::Vec3& v) { return numbers({v[0], v[1], v[2]}); }

val paramToJs(const friction::ParamSpec& spec) {
  val out = val::object();
  out.set("key", text(spec.key));
  out.set("symbol", text(spec.symbol));
  out.set("label", text(spec.label));
  out.set("unit", text(spec.unit));
  out.set("default", spec.defaultValue);
  out.set("min", spec.min);
  out.set("max", spec.max);
  out.set("step", spec.step);
  out.set("scale", spec.scale == friction::Scale::Log ? "log" : "linear");
  out.set("kind", spec.kind == friction::ParamKind::List      ? "list"
                  : spec.kind == friction::ParamKind::Integer ? "integer"
                                                              : "number");
  if (spec.kind == friction::ParamKind::List) out.set("default", numbers(spec.defaultList.toVector()));
  out.set("help", text(spec.help));
  out.set("texSymbol", text(spec.texSymbol));
  if (spec.role != friction::ParamRole::None) out.set("role", text(friction::roleName(spec.role)));
  if (spec.defaultFrom.key.empty()) {
    out.set("defaultFrom", val::null());
  } else {
    val rule = val::object();
    rule.set("key", text(spec.defaultFrom.key));
    rule.set("factor", spec.defaultFrom.factor);
    rule.set("formula", text(spec.defaultFrom.formula));
    out.set("defaultFrom", rule);
  }
  return out;
}

val specToJs(const friction::ModelSpec& model) {
  val out = val::object();
  out.set("id", text(model.id));
  out.set("name", text(model.name));
  out.set("description", text(model.description));
  out.set("citation", text(model.citation));
  val params = val::array();
  for (const friction::ParamSpec& spec : model.params) params.call<void>("push", paramToJs(spec));
  out.set("params", params);
  val equations = val::array();
  for (const friction::Equation& equation : model.equations) {
    val item = val::object();
    item.set("tex", text(equation.tex));
    item.set("note", text(equation.note));
    equations.call<void>("push", item);
  }
  out.set("equations", equations);
  val quirks = val::array();
  for (std::string_view quirk : model.quirks) quirks.call<void>("push", text(quirk));
  out.set("quirks", quirks);
  return out;
}

val models() {
  val list = val::array();
  for (const friction::ModelSpec& model : friction::modelCatalog()) {
    val out = specToJs(model);
    out.set("updateLoop", text(model.updateLoop));  // "" unless the model steps as its origin does
    list.call<void>("push", out);
  }
  return list;
}

val laws() {
  val list = val::array();
  for (const friction::LawSpec& law : friction::lawCatalog()) {
    val out = specToJs(law.spec);
    out.set("origin", text(law.origin));
    out.set("unmapped", text(law.spec.unmapped));
    val can = val::object();
    can.set("coefficient", law.can.coefficient);
    can.set("force", law.can.force);
    can.set("stateful", law.can.stateful);
    can.set("dynamic", law.can.dynamic);
    out.set("can", can);
    val state = val::array();
    for (const friction::StateVariableSpec& variable : law.state) {
      val item = val::object();
      item.set("key", text(variable.key));
      item.set("symbol", text(variable.symbol));
      item.set("label", text(variable.label));
      item.set("unit", text(variable.unit));
      item.set("initial", text(variable.initial));
      item.set("help", text(variable.help));
      item.set("texSymbol", text(variable.texSymbol));
      state.call<void>("push", item);
    }
    out.set("state", state);
    val inputs = val::array();
    for (std::string_view input : law.inputs) inputs.call<void>("push", text(input));
    out.set("inputs", inputs);
    list.call<void>("push", out);
  }
  return list;
}

val columns() {
  val list = val::array();
  for (const friction::ColumnSpec& column : friction::columnCatalog()) {
    val out = val::object();
    out.set("key", text(column.key));
    out.set("symbol", text(column.symbol));
    out.set("label", text(column.label));
    out.set("unit", text(column.unit));
    list.call<void>("push", out);
  }
  return list;
}

// A JS-owned copy: a bare view into wasm memory would be detached when the memory grows.
val copyToFloat64Array(const std::vector<double>& column) {
  return val(emscripten::typed_memory_view(column.size(), column.data())).call<val>("slice");
}

std::string typeOf(const val& value) { return value.isNull() ? "null" : value.typeOf().as<std::string>(); }

// { key: number | number[] } -> ParamList. Checks JS types only; names and ranges are the engine's.
friction::ParamList paramsFromJs(const val& params) {
  friction::ParamList out;
  if (params.isUndefined() || params.isNull()) return out;
  if (typeOf(params) != "object")
    throw friction::InputError("params", "params must be an object of numbers; got " + typeOf(params) + ".");
  const val keys = val::global("Object").call<val>("keys", params);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val value = params[key];
    if (typeOf(value) == "number") {
      out.emplace_back(key, value.as<double>());
      continue;
    }
    if (val::global("Array").call<bool>("isArray", value)) {
      std::vector<double> items;
      const int length = value["length"].as<int>();
      for (int item = 0; item < length; ++item) {
        if (typeOf(value[item]) != "number")
          throw friction::InputError(key, "Parameter '" + key + "' must be a list of numbers; item " +
                                              std::to_string(item + 1) + " is a " + typeOf(value[item]) + ".");
        items.push_back(value[item].as<double>());
      }
      out.emplace_back(key, std::move(items));
      continue;
    }
    throw friction::InputError(key, "Parameter '" + key + "' must be a number; got the " + typeOf(value) + " '" +
                                        val::global("String")(value).as<std::string>() + "'.");
  }
  return out;
}

// { model: string, params?: {...} } -> SimulationRequest.
friction::SimulationRequest requestFromJs(const val& request) {
  if (typeOf(request) != "object")
    throw friction::InputError("request", "simulate() needs an object { model, params }; got " + typeOf(request) + ".");
  const val model = request["model"];
  if (typeOf(model) != "string")
    throw friction::InputError("model", "The model must be a string such as 'abbott-seed'; got " + typeOf(model) + ".");
  return {model.as<std::string>(), paramsFromJs(request["params"])};
}

// Optional numeric and 3-vector fields of an inputs object; absent fields keep their defaults.
void readNumber(const val& from, const char* name, double& into) {
  const val value = from[name];
  if (value.isUndefined()) return;
  if (typeOf(value) != "number")
    throw friction::InputError(name, std::string("Input ") + name + " must be a number; got " + typeOf(value) + ".");
  into = value.as<double>();
}
void readVec3(const val& from, const char* name, friction::Vec3& into) {
  const val value = from[name];
  if (value.isUndefined()) return;
  if (!val::global("Array").call<bool>("isArray", value) || value["length"].as<int>() != 3)
    throw friction::InputError(name, std::string("Input ") + name + " must be an array of 3 numbers.");
  for (int i = 0; i < 3; ++i) {
    if (typeOf(value[i]) != "number")
      throw friction::InputError(name, std::string("Input ") + name + " must be an array of 3 numbers.");
    into[i] = value[i].as<double>();
  }
}
friction::LawInputs inputsFromJs(const val& inputs) {
  friction::LawInputs out;
  if (inputs.isUndefined() || inputs.isNull()) return out;
  if (typeOf(inputs) != "object")
    throw friction::InputError("inputs", "inputs must be an object such as { v, N }; got " + typeOf(inputs) + ".");
  readNumber(inputs, "v", out.v);
  readNumber(inputs, "N", out.N);
  readNumber(inputs, "p", out.p);
  readNumber(inputs, "theta", out.theta);
  readNumber(inputs, "Fn", out.Fn);
  readNumber(inputs, "dt", out.dt);
  readVec3(inputs, "vt", out.vt);
  readVec3(inputs, "n", out.n);
  readVec3(inputs, "Fe", out.Fe);
  return out;
}

std::string lawId(const val& id) {
  if (typeOf(id) != "string")
    throw friction::InputError("law", "The law must be a string such as 'coulomb'; got " + typeOf(id) + ".");
  return id.as<std::string>();
}

val resolvedToJs(const friction::ResolvedParams& resolved) {
  val params = val::object();
  const auto& specs = resolved.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i)
    params.set(std::string(specs[i].key), specs[i].kind == friction::ParamKind::List ? numbers(resolved.lists[i])
                                                                                      : val(resolved.values[i]));
  return params;
}

val columnsToJs(const friction::Trace& trace) {
  val columns = val::object();
  for (const friction::ColumnSpec& column : friction::columnCatalog())
    columns.set(std::string(column.key), copyToFloat64Array(trace.*column.column));
  return columns;
}

// A dynamic law's state columns, keyed by the catalog's names: { z: Float64Array } (empty otherwise).
val stateColumnsToJs(std::string_view lawId, const std::vector<std::vector<double>>& columns) {
  val state = val::object();
  const auto& specs = friction::findLaw(lawId).state;
  for (std::size_t i = 0; i < columns.size() && i < specs.size(); ++i)
    state.set(std::string(specs[i].key), copyToFloat64Array(columns[i]));
  return state;
}

val intervalsToJs(const std::vector<friction::Interval>& intervals) {
  val list = val::array();
  for (const friction::Interval& interval : intervals) list.call<void>("push", numbers({interval.start, interval.end}));
  return list;
}

const char* eventName(friction::EventKind kind) {
  switch (kind) {
    case friction::EventKind::BreakAway: return "break-away";
    case friction::EventKind::Stick: return "stick";
    case friction::EventKind::Reversal: break;
  }
  return "reversal";
}

val lawRunToJs(const friction::LawSimulationRequest& request, const friction::LawSimulationResult& result) {
  const friction::SpringBlockSummary& s = result.run.summary;
  val summary = val::object();
  summary.set("law", request.law);
  summary.set("integrator", result.integrator);
  summary.set("tolerance", result.tolerance);
  summary.set("steps", static_cast<double>(s.steps));
  summary.set("rejectedSteps", static_cast<double>(s.rejectedSteps));
  val switches = val::array();
  for (const friction::IntegratorSwitch& change : s.integratorSwitches) {
    val item = val::object();
    item.set("t", change.t);
    item.set("to", text(friction::integratorId(change.to)));
    switches.call<void>("push", item);
  }
  summary.set("integratorSwitches", switches);
  summary.set("regime", text(friction::regimeName(s.regime)));
  summary.set("growthRate", s.growthRate);
  summary.set("period", s.period);
  summary.set("peakVelocity", s.peakVelocity);
  summary.set("driveForceMin", s.driveForceMin);
  summary.set("driveForceMax", s.driveForceMax);
  summary.set("driveWork", s.driveWork);
  summary.set("dissipated", s.dissipated);
  summary.set("dashpotDissipated", s.dashpotDissipated);
  summary.set("energyResidual", s.energyResidual);
  summary.set("staticLimit", s.staticLimit);
  summary.set("staticLimitKind", text(friction::staticLimitKindName(s.staticLimitKind)));
  summary.set("nearRestThreshold", s.nearRestThreshold);
  val warnings = val::array();
  for (const std::string& warning : s.warnings) warnings.call<void>("push", warning);
  summary.set("warnings", warnings);
  const double omega = std::sqrt(result.system.get("c") / result.system.get("m"));
  summary.set("resonanceRadPerS", omega);
  summary.set("resonanceHz", omega / (2 * friction::kPi));
  summary.set("stickIntervals", intervalsToJs(s.stickIntervals));
  summary.set("slipIntervals", intervalsToJs(s.slipIntervals));
  val events = val::array();
  for (const friction::SpringBlockEvent& e : s.events) {
    val event = val::object();
    event.set("t", e.t);
    event.set("kind", eventName(e.kind));
    events.call<void>("push", event);
  }
  summary.set("events", events);
  val system = resolvedToJs(result.system);
  if (!request.driveSteps.empty()) {
    val steps = val::array();
    for (const friction::Breakpoint& b : request.driveSteps) steps.call<void>("push", numbers({b.t, b.value}));
    system.set("v0", steps);
  }
  system.set("start", text(request.start == friction::SpringBlockStart::Steady ? "steady" : "rest"));
  summary.set("system", system);
  summary.set("params", resolvedToJs(result.law));
  val out = val::object();
  val columns = columnsToJs(result.run.trace);
  columns.set("state", stateColumnsToJs(request.law, result.run.trace.state));
  out.set("columns", columns);
  out.set("summary", summary);
  return out;
}

val summaryToJs(const friction::Summary& summary) {
  val out = val::object();
  out.set("model", summary.model);
  out.set("resonanceRadPerS", summary.resonanceRadPerS);
  out.set("resonanceHz", summary.resonanceHz);
  out.set("regime", text(friction::regimeName(summary.regime)));
  out.set("growthRate", summary.growthRate);
  out.set("integrator", summary.integrator);
  out.set("steps", static_cast<double>(summary.steps));
  out.set("dt", summary.dt);
  out.set("duration", summary.duration);
  out.set("peakVelocity", summary.peakVelocity);
  out.set("staticLimitKind", text(friction::staticLimitKindName(summary.staticLimitKind)));
  out.set("nearRestThreshold", 0.0);  // both models rest exactly (the seed: by its clamp)
  out.set("params", resolvedToJs(summary.params));
  return out;
}

std::vector<friction::Breakpoint> breakpointsFromJs(const val& list, const char* name, const char* unit);

// { law, params, system, integrator, samples, tolerance } -> LawSimulationRequest.
friction::LawSimulationRequest lawRequestFromJs(const val& request) {
  friction::LawSimulationRequest out;
  out.law = lawId(request["law"]);
  out.params = paramsFromJs(request["params"]);
  // system.v0 may be a list of [t, v] steps and system.start 'rest' or 'steady': both leave the
  // catalog's number parameters; v0 then takes the first step's velocity.
  val system = request["system"];
  if (typeOf(system) == "object") {
    system = val::global("Object").call<val>("assign", val::object(), system);
    if (val::global("Array").call<bool>("isArray", system["v0"])) {
      out.driveSteps = breakpointsFromJs(system["v0"], "v0", "m/s");
      if (!out.driveSteps.empty()) system.set("v0", out.driveSteps.front().value);
    }
    const val start = system["start"];
    if (!start.isUndefined()) {
      const std::string name = typeOf(start) == "string" ? start.as<std::string>() : "";
      if (name != "rest" && name != "steady") throw friction::InputError("start", "system.start must be 'rest' or 'steady'.");
      out.start = name == "steady" ? friction::SpringBlockStart::Steady : friction::SpringBlockStart::Rest;
      system.delete_("start");
    }
  }
  out.system = paramsFromJs(system);
  const val integrator = request["integrator"];
  if (!integrator.isUndefined()) {
    if (typeOf(integrator) != "string")
      throw friction::InputError("integrator", "The integrator must be a string such as 'auto'; got " + typeOf(integrator) + ".");
    out.integrator = integrator.as<std::string>();
  }
  double samples = out.samples;
  readNumber(request, "samples", samples);
  out.samples = std::isfinite(samples) ? static_cast<int>(std::clamp(samples, -1e9, 1e9)) : -1;
  readNumber(request, "tolerance", out.tolerance);
  readNumber(request, "kick", out.kick);
  // onProgress(fraction): called as the run advances, at most once per 1 % of its duration.
  const val onProgress = request["onProgress"];
  if (typeOf(onProgress) == "function")
    out.progress = [onProgress, last = double{-1}](double fraction) mutable {
      if (fraction - last < 0.01 && fraction < 1) return;
      last = fraction;
      onProgress(fraction);
    };
  return out;
}

val simulate(val request) {
  return catchErrors([&] {
    if (typeOf(request) == "object" && !request["law"].isUndefined()) {
      const friction::LawSimulationRequest lawRequest = lawRequestFromJs(request);
      return lawRunToJs(lawRequest, friction::simulateLaw(lawRequest));
    }
    const friction::SimulationResult result = friction::simulate(requestFromJs(request));
    val out = val::object();
    out.set("columns", columnsToJs(result.trace));
    out.set("summary", summaryToJs(result.summary));
    return out;
  });
}

// [[t, value], ...] -> breakpoints; `name` and `unit` go into the error.
std::vector<friction::Breakpoint> breakpointsFromJs(const val& list, const char* name, const char* unit) {
  const std::string bad = std::string("Input ") + name + " must be an array of [t (s), " + name + " (" + unit +
                          ")] pairs starting at t = 0 s";
  if (!val::global("Array").call<bool>("isArray", list)) throw friction::InputError(name, bad + "; got " + typeOf(list) + ".");
  std::vector<friction::Breakpoint> points;
  const int length = list["length"].as<int>();
  if (length > 10000) throw friction::InputError(name, bad + "; at most 10000 pairs, got " + std::to_string(length) + ".");
  for (int i = 0; i < length; ++i) {
    const val pair = list[i];
    if (!val::global("Array").call<bool>("isArray", pair) || pair["length"].as<int>() != 2 ||
        typeOf(pair[0]) != "number" || typeOf(pair[1]) != "number")
      throw friction::InputError(name, bad + "; item " + std::to_string(i) + " is not a pair of numbers.");
    points.push_back({pair[0].as<double>(), pair[1].as<double>()});
  }
  return points;
}

// What imposeVelocity and applyForce return: { columns: { t, x, v, applied, friction, state }, summary }.
val lawAloneToJs(const std::string& law, const friction::LawRun& run, const friction::ParamList& params) {
  val columns = val::object();
  columns.set("t", copyToFloat64Array(run.t));
  columns.set("x", copyToFloat64Array(run.x));
  columns.set("v", copyToFloat64Array(run.v));
  columns.set("applied", copyToFloat64Array(run.applied));
  columns.set("friction", copyToFloat64Array(run.friction));
  columns.set("state", stateColumnsToJs(law, run.state));
  val summary = val::object();
  summary.set("law", law);
  summary.set("steps", static_cast<double>(run.steps));
  summary.set("params", resolvedToJs(friction::LawEvaluator(law, params).resolved()));
  val out = val::object();
  out.set("columns", columns);
  out.set("summary", summary);
  return out;
}

// { law, params, N, velocity: [[t, v], ...], duration, samples, tolerance, start: 'steady' | 'initial' }
val imposeVelocity(val request) {
  return catchErrors([&] {
    if (typeOf(request) != "object") throw friction::InputError("request", "The request must be an object; got " + typeOf(request) + ".");
    const std::string law = lawId(request["law"]);
    const friction::ParamList params = paramsFromJs(request["params"]);
    double N = 1, duration = 1, samples = friction::kLawRunSamples, tolerance = friction::kLawRunTolerance;
    readNumber(request, "N", N);
    readNumber(request, "duration", duration);
    readNumber(request, "samples", samples);
    readNumber(request, "tolerance", tolerance);
    friction::LawStart start = friction::LawStart::Steady;
    const val startValue = request["start"];
    if (!startValue.isUndefined()) {
      const std::string name = typeOf(startValue) == "string" ? startValue.as<std::string>() : "";
      if (name != "steady" && name != "initial")
        throw friction::InputError("start", "start must be 'steady' or 'initial'.");
      start = name == "steady" ? friction::LawStart::Steady : friction::LawStart::Initial;
    }
    const auto velocity = breakpointsFromJs(request["velocity"], "velocity", "m/s");
    const int count = std::isfinite(samples) ? static_cast<int>(std::clamp(samples, -1e9, 1e9)) : -1;
    return lawAloneToJs(law, friction::imposeVelocity(law, params, N, velocity, duration, count, tolerance, start), params);
  });
}

// { law, params, m, N, force: [[t, F], ...], duration, samples, tolerance }
val applyForce(val request) {
  return catchErrors([&] {
    if (typeOf(request) != "object") throw friction::InputError("request", "The request must be an object; got " + typeOf(request) + ".");
    const std::string law = lawId(request["law"]);
    const friction::ParamList params = paramsFromJs(request["params"]);
    // m and N default as the presliding experiment's catalog declares them.
    const friction::ModelSpec& experiment = friction::preslidingModel();
    double m = experiment.findParam("m")->defaultValue, N = experiment.findParam("N")->defaultValue;
    double duration = 1, samples = friction::kLawRunSamples, tolerance = friction::kLawRunTolerance;
    readNumber(request, "m", m);
    readNumber(request, "N", N);
    readNumber(request, "duration", duration);
    readNumber(request, "samples", samples);
    readNumber(request, "tolerance", tolerance);
    const auto force = breakpointsFromJs(request["force"], "force", "N");
    const int count = std::isfinite(samples) ? static_cast<int>(std::clamp(samples, -1e9, 1e9)) : -1;
    return lawAloneToJs(law, friction::applyForce(law, params, m, N, force, duration, count, tolerance), params);
  });
}

// { amplitude, rate, hold } -> [[t, F], ...]: the presliding protocol of Canudas de Wit et al. (Fig. 2),
// its values checked and defaulted by the presliding catalog.
val preslidingProtocol(val request) {
  return catchErrors([&] {
    if (typeOf(request) != "object") throw friction::InputError("request", "The request must be an object; got " + typeOf(request) + ".");
    const friction::ResolvedParams p = friction::resolveParams(friction::preslidingModel(), paramsFromJs(request));
    val list = val::array();
    for (const friction::Breakpoint& b : friction::preslidingProtocol(p.get("amplitude"), p.get("rate"), p.get("hold")))
      list.call<void>("push", numbers({b.t, b.value}));
    val out = val::object();
    out.set("value", list);
    return out;
  });
}

val presliding() { return specToJs(friction::preslidingModel()); }

// [{ id, name, look, view, model | law, params, system, integrator, protocol, expected: { key: value } }]
val presets() {
  val list = val::array();
  auto paramsToJs = [](const friction::ParamList& params) {
    val out = val::object();
    for (const auto& [key, value] : params)
      out.set(key, value.isList ? numbers(value.items) : val(value.items.at(0)));
    return out;
  };
  for (const friction::Preset& preset : friction::presetCatalog()) {
    val item = val::object();
    item.set("id", text(preset.id));
    item.set("name", text(preset.name));
    item.set("look", text(preset.look));
    item.set("view", text(preset.view));
    bool isModel = false;
    for (const friction::ModelSpec& model : friction::modelCatalog()) isModel |= model.id == preset.subject;
    item.set(isModel ? "model" : "law", text(preset.subject));
    item.set("params", paramsToJs(preset.params));
    item.set("system", paramsToJs(preset.system));
    item.set("integrator", text(preset.integrator.empty() ? "auto" : preset.integrator));
    item.set("protocol", paramsToJs(preset.protocol));
    val expected = val::object();
    for (const auto& [key, value] : preset.expected) expected.set(std::string(key), value);
    item.set("expected", expected);
    list.call<void>("push", item);
  }
  return list;
}

// { law, params, protocol: { m, N, amplitude, rate, hold }, samples }
val runPresliding(val request) {
  return catchErrors([&] {
    if (typeOf(request) != "object") throw friction::InputError("request", "The request must be an object; got " + typeOf(request) + ".");
    const std::string law = lawId(request["law"]);
    const friction::ParamList params = paramsFromJs(request["params"]);
    const friction::ParamList protocol = paramsFromJs(request["protocol"]);
    double samples = friction::kLawRunSamples;
    readNumber(request, "samples", samples);
    const int count = std::isfinite(samples) ? static_cast<int>(std::clamp(samples, -1e9, 1e9)) : -1;
    val out = lawAloneToJs(law, friction::simulatePresliding(law, params, protocol, count), params);
    out["summary"].set("protocol", resolvedToJs(friction::resolveParams(friction::preslidingModel(), protocol)));
    return out;
  });
}

val springBlockSystem() { return specToJs(friction::springBlockSystemModel()); }

val integrators() {
  val list = val::array();
  for (const friction::IntegratorSpec& spec : friction::integratorCatalog()) {
    val out = val::object();
    out.set("id", text(spec.id));
    out.set("name", text(spec.name));
    out.set("description", text(spec.description));
    list.call<void>("push", out);
  }
  return list;
}

val wrapped(val value) {
  val out = val::object();
  out.set("value", value);
  return out;
}

val frictionCoefficient(val id, val params, val inputs) {
  return catchErrors([&] {
    return wrapped(val(friction::frictionCoefficient(lawId(id), paramsFromJs(params), inputsFromJs(inputs))));
  });
}

val frictionForce(val id, val params, val inputs) {
  return catchErrors(
      [&] { return wrapped(vec3(friction::frictionForce(lawId(id), paramsFromJs(params), inputsFromJs(inputs)))); });
}

// state: { force: [x, y, z], segment } as a previous step returned it, or undefined for a fresh law.
val stepLaw(val id, val params, val state, val inputs) {
  return catchErrors([&] {
    friction::LawState previous;
    if (!state.isUndefined() && !state.isNull()) {
      readVec3(state, "force", previous.force);
      double segment = 0;
      readNumber(state, "segment", segment);
      if (!(segment >= 0 && segment < static_cast<double>(friction::kMaxListItems)))
        throw friction::InputError("state", "state.segment must be a segment index from a previous step.");
      previous.segment = static_cast<int>(segment);
    }
    const friction::LawStep step = friction::stepLaw(lawId(id), paramsFromJs(params), previous, inputsFromJs(inputs));
    val out = val::object();
    out.set("force", vec3(step.force));
    out.set("magnitude", step.magnitude);
    out.set("mu", step.mu);
    out.set("slope", step.slope);
    val next = val::object();
    next.set("force", vec3(step.state.force));
    next.set("segment", step.state.segment);
    out.set("state", next);
    return out;
  });
}

// options: { vMin, vMax, count, scale: 'linear' | 'log', N, p, theta }
val lawCurve(val id, val params, val options) {
  return catchErrors([&] {
    friction::CurveRequest request;
    if (!options.isUndefined() && !options.isNull()) {
      readNumber(options, "vMin", request.vMin);
      readNumber(options, "vMax", request.vMax);
      double count = request.count;
      readNumber(options, "count", count);
      // Clamped before the conversion (out of int's range it would be undefined); the engine then
      // refuses anything outside its range with the value in its message.
      request.count = std::isfinite(count) ? static_cast<int>(std::clamp(count, -1e9, 1e9)) : -1;
      readNumber(options, "N", request.N);
      readNumber(options, "p", request.p);
      readNumber(options, "theta", request.theta);
      const val scale = options["scale"];
      if (!scale.isUndefined()) {
        const std::string name = typeOf(scale) == "string" ? scale.as<std::string>() : "";
        if (name != "linear" && name != "log")
          throw friction::InputError("scale", "scale must be 'linear' or 'log'.");
        request.logarithmic = name == "log";
      }
    }
    const friction::LawCurve curve = friction::lawCurve(lawId(id), paramsFromJs(params), request);
    val out = val::object();
    out.set("v", copyToFloat64Array(curve.v));
    out.set("mu", copyToFloat64Array(curve.mu));
    out.set("force", copyToFloat64Array(curve.force));
    return out;
  });
}

// { model, params } or { law, params, system (with start), integrator, samples, kick } -> Scenario.
friction::Scenario scenarioFromJs(const val& scenario) {
  if (typeOf(scenario) != "object")
    throw friction::InputError("scenario", "A map needs a scenario { model | law, params, ... }; got " + typeOf(scenario) + ".");
  friction::Scenario out;
  if (!scenario["model"].isUndefined()) {
    const friction::SimulationRequest request = requestFromJs(scenario);
    out.model = request.model, out.params = request.params;
    return out;
  }
  const friction::LawSimulationRequest request = lawRequestFromJs(scenario);
  if (!request.driveSteps.empty())
    throw friction::InputError("v0", "A map's drive velocity v0 must be one number (m/s), not a list of steps.");
  out.law = request.law, out.params = request.params, out.system = request.system;
  out.integrator = request.integrator, out.start = request.start, out.samples = request.samples, out.kick = request.kick;
  out.tolerance = request.tolerance;
  return out;
}

// { target, key, min, max, count, log } -> SweepAxis; ranges are the engine's to check.
friction::SweepAxis axisFromJs(const val& axis, const std::string& name) {
  if (typeOf(axis) != "object")
    throw friction::InputError(name, "Axis " + name + " must be an object { target, key, min, max, count, log }; got " +
                                         typeOf(axis) + ".");
  friction::SweepAxis out;
  for (const auto& [field, into] : {std::pair{"target", &out.target}, std::pair{"key", &out.key}}) {
    const val value = axis[field];
    if (value.isUndefined() && into == &out.target) continue;  // 'params' by default
    if (typeOf(value) != "string")
      throw friction::InputError(name, "Axis " + name + "'s " + field + " must be a string; got " + typeOf(value) + ".");
    *into = value.as<std::string>();
  }
  for (const char* field : {"min", "max", "count"})
    if (axis[field].isUndefined())
      throw friction::InputError(name, "Axis " + name + " needs " + field + (std::string(field) == "count"
                                           ? " (a whole number of cells from 2 to 256)."
                                           : " (a number within the parameter's range)."));
  double count = 0;
  readNumber(axis, "min", out.min);
  readNumber(axis, "max", out.max);
  readNumber(axis, "count", count);
  if (!(count >= 2 && count <= 256 && count == std::floor(count)))
    throw friction::InputError(name, "Axis " + name + " must have a whole number of cells from 2 to 256; got " +
                                         friction::formatNumber(count) + ".");
  out.count = static_cast<int>(count);
  const val log = axis["log"];
  if (!log.isUndefined() && typeOf(log) != "boolean")
    throw friction::InputError(name, "Axis " + name + "'s log must be true or false; got " + typeOf(log) + ".");
  out.logarithmic = !log.isUndefined() && log.as<bool>();
  return out;
}

struct MapRequest {
  friction::Scenario scenario;
  friction::SweepAxis x, y;
};
MapRequest mapFromJs(const val& request) {
  if (typeOf(request) != "object")
    throw friction::InputError("map", "A map request is { scenario, x, y }; got " + typeOf(request) + ".");
  MapRequest map{scenarioFromJs(request["scenario"]), axisFromJs(request["x"], "x"), axisFromJs(request["y"], "y")};
  friction::checkSweep(map.scenario, map.x, map.y);
  return map;
}

// { scenario, x, y, cells: [i0, j0, i1, j1, ...] } -> [{ i, j, x, y, regime, value, error }]: each cell
// a full run (friction/sweep.h).
val sweepCells(val request) {
  return catchErrors([&] {
    const MapRequest map = mapFromJs(request);
    const val cells = request["cells"];
    if (!val::global("Array").call<bool>("isArray", cells) || cells["length"].as<int>() % 2 != 0)
      throw friction::InputError("cells", "cells must be a flat array of cell indices [i0, j0, i1, j1, ...] of even length; got " +
                                              (val::global("Array").call<bool>("isArray", cells)
                                                   ? "an array of " + std::to_string(cells["length"].as<int>()) + " items."
                                                   : "a " + typeOf(cells) + "."));
    val out = val::array();
    const int length = cells["length"].as<int>();
    for (int k = 0; k < length; k += 2) {
      if (typeOf(cells[k]) != "number" || typeOf(cells[k + 1]) != "number")
        throw friction::InputError("cells", "cells must hold whole numbers; item " + std::to_string(k + 1) + " is a " +
                                                typeOf(cells[typeOf(cells[k]) != "number" ? k : k + 1]) + ".");
      const double i = cells[k].as<double>(), j = cells[k + 1].as<double>();
      if (!(i >= 0 && i < map.x.count && j >= 0 && j < map.y.count && i == std::floor(i) && j == std::floor(j)))
        throw friction::InputError("cells", "Cell (" + friction::formatNumber(i) + ", " + friction::formatNumber(j) +
                                                ") is not a cell of the " + std::to_string(map.x.count) + " × " +
                                                std::to_string(map.y.count) + " map.");
      const friction::SweepCell cell = friction::sweepCell(map.scenario, map.x, map.y, static_cast<int>(i), static_cast<int>(j));
      val item = val::object();
      item.set("i", static_cast<int>(i));
      item.set("j", static_cast<int>(j));
      item.set("x", cell.x);
      item.set("y", cell.y);
      item.set("regime", text(friction::regimeName(cell.regime)));
      item.set("value", cell.value);
      if (!cell.error.empty()) item.set("error", cell.error);
      out.call<void>("push", item);
    }
    val result = val::object();
    result.set("cells", out);
    return result;
  });
}

// { scenario, x, y, resolution } -> { known, criterion, unit, xs, ys, values }: the closed-form
// stability margin on a resolution × resolution grid (values row by row, y outer), for drawing its
// zero contour over the map.
val sweepBoundary(val request) {
  return catchErrors([&] {
    const MapRequest map = mapFromJs(request);
    double resolution = 64;
    readNumber(request, "resolution", resolution);
    if (!(resolution >= 2 && resolution <= 512 && resolution == std::floor(resolution)))
      throw friction::InputError("resolution", "The boundary's resolution must be a whole number from 2 to 512; got " +
                                                   friction::formatNumber(resolution) + ".");
    const friction::MarginGrid grid =
        friction::stabilityMarginGrid(map.scenario, map.x, map.y, static_cast<int>(resolution));
    val out = val::object();
    out.set("known", grid.first.known);
    out.set("criterion", grid.first.criterion);
    out.set("unit", grid.first.unit);
    out.set("xs", copyToFloat64Array(grid.xs));
    out.set("ys", copyToFloat64Array(grid.ys));
    out.set("values", copyToFloat64Array(grid.values));
    return out;
  });
}

std::string version() { return friction::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(friction_lab) {
  emscripten::function("version", &version);
  emscripten::function("models", &models);
  emscripten::function("columns", &columns);
  emscripten::function("simulate", &simulate);
  emscripten::function("laws", &laws);
  emscripten::function("frictionCoefficient", &frictionCoefficient);
  emscripten::function("frictionForce", &frictionForce);
  emscripten::function("stepLaw", &stepLaw);
  emscripten::function("lawCurve", &lawCurve);
  emscripten::function("system", &springBlockSystem);
  emscripten::function("integrators", &integrators);
  emscripten::function("imposeVelocity", &imposeVelocity);
  emscripten::function("applyForce", &applyForce);
  emscripten::function("preslidingProtocol", &preslidingProtocol);
  emscripten::function("presliding", &presliding);
  emscripten::function("presets", &presets);
  emscripten::function("sweepCells", &sweepCells);
  emscripten::function("sweepBoundary", &sweepBoundary);
  emscripten::function("runPresliding", &runPresliding);
}
