// The wasm boundary: converts JS values into friction::Value for the engine's readers
// (friction/scenario.h, friction/sweep.h, friction/law_requests.h), calls the engine, and converts
// its results back. Nothing here decides what a request means: defaults, checks and error messages
// are the readers'. Only the bindings (this file, fit_embind.cpp, value_js.h) include Emscripten
// headers. Exported to JS (see engine.mjs):
//   version(), models(), columns(), laws(), system(), integrators(), presliding(), presets()
//                                           -> the catalogs as plain objects
//   simulate(scenario)                      -> { columns: { <key>: Float64Array }, summary: {...} } of a seed
//                                              model or a law on the spring-block (friction/scenario.h);
//                                              a law run calls scenario.onProgress(fraction) as it advances
//   frictionCoefficient(id, params, inputs) -> { value: μ }
//   frictionForce(id, params, inputs)       -> { value: [x, y, z] }
//   stepLaw(id, params, state, inputs)      -> { force, magnitude, mu, slope, state }
//   lawCurve(id, params, options)           -> { v, mu, force } (Float64Arrays)
//   imposeVelocity({ law, params, N, velocity, … }), applyForce({ law, params, m, N, force, … }),
//   runPresliding({ law, params, protocol, samples })
//                                           -> { columns: { t, x, v, applied, friction, state }, summary }
//   preslidingProtocol({ amplitude, rate, hold }) -> { value: [[t, F], ...] }
//   sweepCells({ scenario, x, y, cells }), sweepBoundary({ scenario, x, y, resolution }) -> a map's cells,
//   boundary
// A refusal by the engine comes back as { error: message, parameter: field } instead, the field
// being the path of the value refused ("system.v0", "params.mu_s", "x.min").

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "friction/friction.h"
#include "value_js.h"

using emscripten::val;

namespace {

using bindings::toValue;
using bindings::typeOf;

val columnsToJs(const friction::Trace& trace);

// Runs `body`; a C++ exception becomes the value { error: message, parameter?: field } (a run that
// stopped early adds stoppedAt and partial, its columns so far), which engine.mjs turns into a thrown
// JS Error. Throwing from here instead (val::throw_) would unwind the wasm frames without running
// destructors and leak every error message (seen: ~120 bytes a call).
template <class Body>
val catchErrors(Body&& body) {
  std::string message, field;
  try {
    return body();
  } catch (const friction::RunStopped& stop) {
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
  return bindings::failure(message, field);
}

// ---- engine → JS

val text(std::string_view view) { return val(std::string(view)); }

val object(std::initializer_list<std::pair<const char*, val>> fields) {
  val out = val::object();
  for (const auto& [key, value] : fields) out.set(key, value);
  return out;
}

template <class Items, class Convert>
val arrayOf(const Items& items, Convert&& convert) {
  val list = val::array();
  for (const auto& item : items) list.call<void>("push", convert(item));
  return list;
}

val numbers(const std::vector<double>& items) {
  return arrayOf(items, [](double item) { return val(item); });
}
val vec3(const friction::Vec3& v) { return numbers({v[0], v[1], v[2]}); }
val texts(const std::vector<std::string_view>& items) { return arrayOf(items, text); }
val breakpoints(const std::vector<friction::Breakpoint>& points) {
  return arrayOf(points, [](const friction::Breakpoint& b) { return numbers({b.t, b.value}); });
}

// A JS-owned copy: a bare view into wasm memory would be detached when the memory grows.
val copyToFloat64Array(const std::vector<double>& column) {
  return val(emscripten::typed_memory_view(column.size(), column.data())).call<val>("slice");
}

val paramToJs(const friction::ParamSpec& spec) {
  const char* kind = spec.kind == friction::ParamKind::List      ? "list"
                     : spec.kind == friction::ParamKind::Integer ? "integer"
                                                                 : "number";
  val out = object({{"key", text(spec.key)},
                    {"symbol", text(spec.symbol)},
                    {"label", text(spec.label)},
                    {"unit", text(spec.unit)},
                    {"min", val(spec.min)},
                    {"max", val(spec.max)},
                    {"step", val(spec.step)},
                    {"scale", val(spec.scale == friction::Scale::Log ? "log" : "linear")},
                    {"kind", val(kind)},
                    {"help", text(spec.help)},
                    {"texSymbol", text(spec.texSymbol)}});
  // min/max: what the engine accepts (±Infinity where unbounded; minExclusive: min itself refused);
  // sliderMin/sliderMax: the friendly span a slider offers (the accepted range where none is declared).
  out.set("minExclusive", val(spec.minExclusive));
  out.set("sliderMin", val(spec.sliderLow()));
  out.set("sliderMax", val(spec.sliderHigh()));
  out.set("default", spec.kind == friction::ParamKind::List ? numbers(spec.defaultList.toVector())
                                                            : val(spec.defaultValue));
  if (spec.role != friction::ParamRole::None) out.set("role", text(friction::roleName(spec.role)));
  const friction::DerivedDefault& rule = spec.defaultFrom;
  out.set(
      "defaultFrom",
      rule.key.empty()
          ? val::null()
          : object({{"key", text(rule.key)}, {"factor", val(rule.factor)}, {"formula", text(rule.formula)}}));
  return out;
}

val specToJs(const friction::ModelSpec& model) {
  return object(
      {{"id", text(model.id)},
       {"name", text(model.name)},
       {"description", text(model.description)},
       {"citation", text(model.citation)},
       {"params", arrayOf(model.params, paramToJs)},
       {"equations", arrayOf(model.equations,
                             [](const friction::Equation& equation) {
                               return object({{"tex", text(equation.tex)}, {"note", text(equation.note)}});
                             })},
       {"quirks", texts(model.quirks)}});
}

val models() {
  return arrayOf(friction::modelCatalog(), [](const friction::ModelSpec& model) {
    val out = specToJs(model);
    out.set("updateLoop", text(model.updateLoop));  // "" unless the model steps as its origin does
    return out;
  });
}

val stateVariableToJs(const friction::StateVariableSpec& variable) {
  return object({{"key", text(variable.key)},
                 {"symbol", text(variable.symbol)},
                 {"label", text(variable.label)},
                 {"unit", text(variable.unit)},
                 {"initial", text(variable.initial)},
                 {"help", text(variable.help)},
                 {"texSymbol", text(variable.texSymbol)}});
}

val laws() {
  return arrayOf(friction::lawCatalog(), [](const friction::LawSpec& law) {
    val out = specToJs(law.spec);
    out.set("origin", text(law.origin));
    out.set("unmapped", text(law.spec.unmapped));
    out.set("can", object({{"coefficient", val(law.can.coefficient)},
                           {"force", val(law.can.force)},
                           {"stateful", val(law.can.stateful)},
                           {"dynamic", val(law.can.dynamic)},
                           {"holdsAtRest", val(law.can.holdsAtRest)}}));
    out.set("state", arrayOf(law.state, stateVariableToJs));
    out.set("inputs", texts(law.inputs));
    return out;
  });
}

val columns() {
  return arrayOf(friction::columnCatalog(), [](const friction::ColumnSpec& column) {
    return object({{"key", text(column.key)},
                   {"symbol", text(column.symbol)},
                   {"label", text(column.label)},
                   {"unit", text(column.unit)}});
  });
}

val integrators() {
  return arrayOf(friction::integratorCatalog(), [](const friction::IntegratorSpec& spec) {
    return object({{"id", text(spec.id)},
                   {"name", text(spec.name)},
                   {"description", text(spec.description)},
                   {"adaptive", val(spec.adaptive)}});
  });
}

val paramListToJs(const friction::ParamList& params) {
  val out = val::object();
  for (const auto& [key, value] : params)
    out.set(key, value.isList ? numbers(value.items) : val(value.items.at(0)));
  return out;
}

// A law preset's drive beyond a constant v0, in the scenario reader's keys, each only where the preset
// sets it: { system?: { v0: [[t, v], …], start: 'steady' }, protocol?: { holds, slide, table: { t, x },
// normalForce }, grid?: 'log', samples? }. Merged into { law, params, system, integrator } it reads as
// presetScenario (the CLI's run of the preset).
val presetDrive(const friction::Preset& preset) {
  const friction::Scenario scenario = friction::presetScenario(preset);
  const friction::DriveProtocol& lab = scenario.protocol;
  val drive = val::object(), system = val::object(), protocol = val::object();
  if (!scenario.driveSteps.empty()) system.set("v0", breakpoints(scenario.driveSteps));
  if (preset.steadyStart) system.set("start", text("steady"));
  if (!lab.holds.empty()) {
    protocol.set("holds", numbers(lab.holds));
    protocol.set("slide", lab.slide);
  }
  if (!lab.tableT.empty())
    protocol.set("table", object({{"t", numbers(lab.tableT)}, {"x", numbers(lab.tableX)}}));
  if (!lab.normalForce.empty()) protocol.set("normalForce", breakpoints(lab.normalForce));
  if (!scenario.driveSteps.empty() || preset.steadyStart) drive.set("system", system);
  if (!lab.empty()) drive.set("protocol", protocol);
  if (scenario.logGrid) drive.set("grid", text("log"));
  if (preset.samples > 0) drive.set("samples", preset.samples);
  return drive;
}

// [{ id, name, look, view, model | law, params, system, integrator, protocol, expected: { key: value },
//    drive: { system?: { v0, start }, protocol?, grid?, samples? } (presetDrive) }]
val presets() {
  return arrayOf(friction::presetCatalog(), [](const friction::Preset& preset) {
    val expected = val::object();
    for (const auto& [key, value] : preset.expected) expected.set(std::string(key), value);
    val item = object({{"id", text(preset.id)},
                       {"name", text(preset.name)},
                       {"look", text(preset.look)},
                       {"view", text(preset.view)},
                       {"params", paramListToJs(preset.params)},
                       {"system", paramListToJs(preset.system)},
                       {"integrator", text(preset.integrator.empty() ? "auto" : preset.integrator)},
                       {"protocol", paramListToJs(preset.protocol)},
                       {"expected", expected},
                       {"drive", friction::runsModel(preset) ? val::object() : presetDrive(preset)}});
    item.set(friction::runsModel(preset) ? "model" : "law", text(preset.subject));
    return item;
  });
}

val resolvedToJs(const friction::ResolvedParams& resolved) {
  val params = val::object();
  const auto& specs = resolved.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i)
    params.set(std::string(specs[i].key), specs[i].kind == friction::ParamKind::List
                                              ? numbers(resolved.lists[i])
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
  return arrayOf(intervals, [](const friction::Interval& interval) {
    return numbers({interval.start, interval.end});
  });
}

const char* eventName(friction::EventKind kind) {
  switch (kind) {
    case friction::EventKind::BreakAway:
      return "break-away";
    case friction::EventKind::Stick:
      return "stick";
    case friction::EventKind::Reversal:
      break;
  }
  return "reversal";
}

val springBlockSummaryToJs(const friction::SpringBlockSummary& s) {
  return object(
      {{"steps", val(static_cast<double>(s.steps))},
       {"rejectedSteps", val(static_cast<double>(s.rejectedSteps))},
       {"integratorSwitches",
        arrayOf(s.integratorSwitches,
                [](const friction::IntegratorSwitch& change) {
                  return object({{"t", val(change.t)}, {"to", text(friction::integratorId(change.to))}});
                })},
       {"regime", text(friction::regimeName(s.regime))},
       {"growthRate", val(s.growthRate)},
       {"period", val(s.period)},
       {"peakVelocity", val(s.peakVelocity)},
       {"driveForceMin", val(s.driveForceMin)},
       {"driveForceMax", val(s.driveForceMax)},
       {"cycleDriveForceMin", val(s.cycleDriveForceMin)},
       {"cycleDriveForceMax", val(s.cycleDriveForceMax)},
       {"driveWork", val(s.driveWork)},
       {"dissipated", val(s.dissipated)},
       {"dashpotDissipated", val(s.dashpotDissipated)},
       {"energyResidual", val(s.energyResidual)},
       {"staticLimit", val(s.staticLimit)},
       {"staticLimitKind", text(friction::staticLimitKindName(s.staticLimitKind))},
       {"nearRestThreshold", val(s.nearRestThreshold)},
       {"warnings", arrayOf(s.warnings, [](const std::string& warning) { return val(warning); })},
       {"holds", arrayOf(s.holds,
                         [](const friction::HoldHealing& hold) {
                           return object({{"start", val(hold.start)},
                                          {"duration", val(hold.duration)},
                                          {"steadyMu", val(hold.steadyMu)},
                                          {"relaxedMu", val(hold.relaxedMu)},
                                          {"peakMu", val(hold.peakMu)},
                                          {"healing", val(hold.healing)},
                                          {"relaxation", val(hold.relaxation)}});
                         })},
       {"stickIntervals", intervalsToJs(s.stickIntervals)},
       {"slipIntervals", intervalsToJs(s.slipIntervals)},
       {"events", arrayOf(s.events, [](const friction::SpringBlockEvent& e) {
          return object({{"t", val(e.t)}, {"kind", val(eventName(e.kind))}});
        })}});
}

val lawRunToJs(const friction::Scenario& scenario, const friction::LawSimulationResult& result) {
  val summary = springBlockSummaryToJs(result.run.summary);
  summary.set("law", scenario.law);
  summary.set("integrator", result.integrator);
  summary.set("tolerance", result.tolerance);
  summary.set("resonanceRadPerS", result.resonanceRadPerS);
  summary.set("resonanceHz", result.resonanceHz);
  val system = resolvedToJs(result.system);
  if (!scenario.driveSteps.empty()) system.set("v0", breakpoints(scenario.driveSteps));
  system.set("start", text(scenario.start == friction::SpringBlockStart::Steady ? "steady" : "rest"));
  summary.set("system", system);
  summary.set("params", resolvedToJs(result.law));
  val columns = columnsToJs(result.run.trace);
  columns.set("state", stateColumnsToJs(scenario.law, result.run.trace.state));
  return object({{"columns", columns}, {"summary", summary}});
}

val modelRunToJs(const friction::SimulationResult& result) {
  const friction::Summary& s = result.summary;
  val summary = object({{"model", val(s.model)},
                        {"resonanceRadPerS", val(s.resonanceRadPerS)},
                        {"resonanceHz", val(s.resonanceHz)},
                        {"regime", text(friction::regimeName(s.regime))},
                        {"growthRate", val(s.growthRate)},
                        {"integrator", val(s.integrator)},
                        {"steps", val(static_cast<double>(s.steps))},
                        {"dt", val(s.dt)},
                        {"duration", val(s.duration)},
                        {"peakVelocity", val(s.peakVelocity)},
                        {"staticLimitKind", text(friction::staticLimitKindName(s.staticLimitKind))},
                        {"nearRestThreshold", val(s.nearRestThreshold)},
                        {"params", resolvedToJs(s.params)}});
  return object({{"columns", columnsToJs(result.trace)}, {"summary", summary}});
}

// ---- the calls

val simulate(val request) {
  return catchErrors([&] {
    // onProgress(fraction) is the caller's callback, not part of the scenario: called at most once per
    // 1 % of the run, so that a long run costs few crossings into JS.
    std::function<void(double)> progress;
    val scenario = request;
    if (typeOf(request) == "object" && typeOf(request["onProgress"]) == "function") {
      progress = [onProgress = request["onProgress"], last = -1.0](double fraction) mutable {
        if (fraction - last < 0.01 && fraction < 1) return;
        last = fraction;
        onProgress(fraction);
      };
      scenario = val::global("Object").call<val>("assign", val::object(), request);
      scenario.delete_("onProgress");
    }
    const friction::Scenario read = friction::readScenario(toValue(scenario));
    const friction::ScenarioResult result = friction::runScenario(read, progress);
    if (const auto* model = std::get_if<friction::SimulationResult>(&result)) return modelRunToJs(*model);
    return lawRunToJs(read, std::get<friction::LawSimulationResult>(result));
  });
}

// What imposeVelocity, applyForce and runPresliding return: { columns: { t, x, v, applied, friction, state },
// summary }.
val lawAloneToJs(const std::string& law, const friction::LawRun& run, const friction::ParamList& params) {
  val columns = object({{"t", copyToFloat64Array(run.t)},
                        {"x", copyToFloat64Array(run.x)},
                        {"v", copyToFloat64Array(run.v)},
                        {"applied", copyToFloat64Array(run.applied)},
                        {"friction", copyToFloat64Array(run.friction)},
                        {"state", stateColumnsToJs(law, run.state)}});
  val summary = object({{"law", val(law)},
                        {"steps", val(static_cast<double>(run.steps))},
                        {"params", resolvedToJs(friction::LawEvaluator(law, params).resolved())}});
  return object({{"columns", columns}, {"summary", summary}});
}

val imposeVelocity(val request) {
  return catchErrors([&] {
    const friction::ImposedVelocityRun r = friction::readImposedVelocityRun(toValue(request));
    return lawAloneToJs(r.law,
                        friction::imposeVelocity(r.law, r.params, r.N, r.velocity, r.duration, r.samples,
                                                 r.tolerance, r.start),
                        r.params);
  });
}

val applyForce(val request) {
  return catchErrors([&] {
    const friction::AppliedForceRun r = friction::readAppliedForceRun(toValue(request));
    return lawAloneToJs(
        r.law, friction::applyForce(r.law, r.params, r.m, r.N, r.force, r.duration, r.samples, r.tolerance),
        r.params);
  });
}

val runPresliding(val request) {
  return catchErrors([&] {
    const friction::PreslidingRun run = friction::readPreslidingRun(toValue(request));
    val out = lawAloneToJs(run.law, friction::runPresliding(run), run.params);
    out["summary"].set("protocol",
                       resolvedToJs(friction::resolveParams(friction::preslidingModel(), run.protocol)));
    return out;
  });
}

val preslidingProtocol(val request) {
  return catchErrors([&] {
    return object({{"value", breakpoints(friction::readPreslidingProtocol(toValue(request)))}});
  });
}

val presliding() { return specToJs(friction::preslidingModel()); }
val springBlockSystem() { return specToJs(friction::springBlockSystemModel()); }

val frictionCoefficient(val id, val params, val inputs) {
  return catchErrors([&] {
    return object({{"value", val(friction::frictionCoefficient(friction::readLawId(toValue(id)),
                                                               friction::readLawParams(toValue(params)),
                                                               friction::readLawInputs(toValue(inputs))))}});
  });
}

val frictionForce(val id, val params, val inputs) {
  return catchErrors([&] {
    return object({{"value", vec3(friction::frictionForce(friction::readLawId(toValue(id)),
                                                          friction::readLawParams(toValue(params)),
                                                          friction::readLawInputs(toValue(inputs))))}});
  });
}

val stepLaw(val id, val params, val state, val inputs) {
  return catchErrors([&] {
    const friction::LawStep step =
        friction::stepLaw(friction::readLawId(toValue(id)), friction::readLawParams(toValue(params)),
                          friction::readLawState(toValue(state)), friction::readLawInputs(toValue(inputs)));
    return object(
        {{"force", vec3(step.force)},
         {"magnitude", val(step.magnitude)},
         {"mu", val(step.mu)},
         {"slope", val(step.slope)},
         {"state", object({{"force", vec3(step.state.force)}, {"segment", val(step.state.segment)}})}});
  });
}

val lawCurve(val id, val params, val options) {
  return catchErrors([&] {
    const friction::LawCurve curve =
        friction::lawCurve(friction::readLawId(toValue(id)), friction::readLawParams(toValue(params)),
                           friction::readCurveRequest(toValue(options)));
    return object({{"v", copyToFloat64Array(curve.v)},
                   {"mu", copyToFloat64Array(curve.mu)},
                   {"force", copyToFloat64Array(curve.force)}});
  });
}

// -> { cells: [{ i, j, x, y, regime, value, error? }] }: each cell a full run (friction/sweep.h).
val sweepCells(val request) {
  return catchErrors([&] {
    const friction::SweepCellsRequest r = friction::readSweepCells(toValue(request));
    return object({{"cells", arrayOf(r.cells, [&](const std::pair<int, int>& index) {
                      const friction::SweepCell cell = friction::sweepCell(
                          r.sweep.scenario, r.sweep.x, r.sweep.y, index.first, index.second);
                      val item = object({{"i", val(index.first)},
                                         {"j", val(index.second)},
                                         {"x", val(cell.x)},
                                         {"y", val(cell.y)},
                                         {"regime", text(friction::regimeName(cell.regime))},
                                         {"value", val(cell.value)}});
                      if (!cell.error.empty()) item.set("error", cell.error);
                      return item;
                    })}});
  });
}

// -> { known, criterion, unit, xs, ys, values }: the closed-form stability margin on a resolution ×
// resolution grid (values row by row, y outer), for drawing its zero contour over the map.
val sweepBoundary(val request) {
  return catchErrors([&] {
    const friction::SweepBoundaryRequest r = friction::readSweepBoundary(toValue(request));
    const friction::MarginGrid grid =
        friction::stabilityMarginGrid(r.sweep.scenario, r.sweep.x, r.sweep.y, r.resolution);
    return object({{"known", val(grid.first.known)},
                   {"criterion", val(grid.first.criterion)},
                   {"unit", val(grid.first.unit)},
                   {"xs", copyToFloat64Array(grid.xs)},
                   {"ys", copyToFloat64Array(grid.ys)},
                   {"values", copyToFloat64Array(grid.values)}});
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
