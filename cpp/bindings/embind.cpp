// The start-up module's boundary: converts JS values into friction::Value for the engine's one scenario
// reader (friction/scenario.h), runs the scenario, and converts its results back; and the catalogs.
// Nothing here decides what a request means: defaults, checks and error messages are the readers', and
// the summary is the engine's one writer's (summaryValue). Only the bindings (this file,
// studies_embind.cpp, fit_embind.cpp, embind_common.h, value_js.h) include Emscripten headers. Exported
// to JS (see engine.mjs):
//   version(), models(), columns(), laws(), system(), integrators(), presliding(), presets()
//                                           -> the catalogs as plain objects
//   simulate(scenario)                      -> { columns: { <key>: Float64Array }, summary, scenario } of
//                                              a seed model or a law on the spring-block
//                                              (friction/scenario.h); a law run calls
//                                              scenario.onProgress(fraction) as it advances
// The law alone, its curves and the stability maps are the on-demand module's (studies_embind.cpp).
// A refusal by the engine comes back as { error: message, parameter: field } instead, the field
// being the path of the value refused ("system.v0", "params.mu_s").

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "embind_common.h"
#include "friction/friction.h"
#include "value_wire.h"

using emscripten::val;

namespace {

using bindings::arrayOf;
using bindings::catchErrors;
using bindings::columnsToJs;
using bindings::numbers;
using bindings::object;
using bindings::stateColumnsToJs;
using bindings::text;
using bindings::toValue;
using bindings::typeOf;

val texts(const std::vector<std::string_view>& items) { return arrayOf(items, text); }

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
  return object({{"id", text(model.id)},
                 {"name", text(model.name)},
                 {"description", text(model.description)},
                 {"citation", text(model.citation)},
                 {"params", arrayOf(model.params, paramToJs)}});
}

// The catalog without its docs (equations, quirks, the seed's update loop): the studies' module has them
// (docs()), which engine.mjs adds to these once it is loaded.
val models() { return arrayOf(friction::modelCatalog(), specToJs); }

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

// [{ id, name, look, view, scenario (the engine's written form: what the preset runs), presliding (the
//    presliding experiment's values), expected: { key: value } }]
val presets() {
  return arrayOf(friction::presetCatalog(), [](const friction::Preset& preset) {
    val expected = val::object();
    for (const auto& [key, value] : preset.expected) expected.set(std::string(key), value);
    friction::Value presliding = friction::Value::object();
    for (const auto& [key, value] : preset.presliding) presliding.set(key, value.items.at(0));
    return object({{"id", text(preset.id)},
                   {"name", text(preset.name)},
                   {"look", text(preset.look)},
                   {"view", text(preset.view)},
                   {"scenario", bindings::fromValue(friction::scenarioValue(preset.scenario), false)},
                   {"presliding", bindings::fromValue(presliding, false)},
                   {"expected", expected}});
  });
}

// { columns: { <key>: Float64Array, state: { <key>: Float64Array } }, summary, scenario } of a run: the
// columns the run has (a column it does not have is absent); the summary and the scenario that ran as
// the engine writes them (what the page saves).
val runToJs(const friction::RunSpec& spec, const friction::SimulationResult& result) {
  val columns = columnsToJs(result.trace);
  if (!spec.runsModel()) columns.set("state", stateColumnsToJs(spec.scenario().law, result.trace.state));
  return object({{"columns", columns},
                 {"summary", bindings::fromValue(friction::summaryValue(spec, result.summary), false)},
                 {"scenario", bindings::fromValue(friction::scenarioValue(spec.scenario()), false)}});
}

// ---- the calls

// onProgress(fraction) is the caller's callback, not part of the scenario: called at most once per 1 % of
// the run, so that a long run costs few crossings into JS.
std::function<void(double)> progressOf(val onProgress) {
  // null (simulateWire's caller without one) is answered without asking JS for a type name.
  if (onProgress.isNull() || onProgress.isUndefined() || typeOf(onProgress) != "function") return {};
  return [onProgress, last = -1.0](double fraction) mutable {
    if (fraction - last < 0.01 && fraction < 1) return;
    last = fraction;
    onProgress(fraction);
  };
}

val simulate(val request) {
  return catchErrors([&] {
    std::function<void(double)> progress;
    val scenario = request;
    if (typeOf(request) == "object" && typeOf(request["onProgress"]) == "function") {
      progress = progressOf(request["onProgress"]);
      scenario = val::global("Object").call<val>("assign", val::object(), request);
      scenario.delete_("onProgress");
    }
    const friction::RunSpec spec = friction::RunSpec::read(toValue(scenario));
    return runToJs(spec, friction::run(spec, progress));
  });
}

// ---- simulate() by the wire (value_wire.h): engine.mjs writes the request into wireIn's buffers, calls
// simulateWire and decodes the reply from the buffers it returns before the next call.

bindings::WireInput& wireInput() {
  static bindings::WireInput wire;
  return wire;
}
bindings::WireOutput& wireOutput() {
  static bindings::WireOutput wire;
  return wire;
}

// Where a message's streams are, for engine.mjs to read off the module's memory (HEAPU32): the byte
// stream's address and length, the number stream's address and count, and the replies' key table's
// address and length. Plain numbers cross the boundary without an Embind value each.
std::uint32_t* wireHeader() {
  static std::uint32_t header[6] = {0, 0, 0, 0, 0, 0};
  return header;
}
std::uint32_t addressOf(const void* data) {
  return static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(data));
}
void describe(const std::uint8_t* bytes, std::size_t byteCount, const double* numbers,
              std::size_t numberCount) {
  std::uint32_t* header = wireHeader();
  header[0] = addressOf(bytes);
  header[1] = static_cast<std::uint32_t>(byteCount);
  header[2] = addressOf(numbers);
  header[3] = static_cast<std::uint32_t>(numberCount);
  const bindings::WireKeyTable& keys = wireOutput().keys();
  header[4] = addressOf(keys.bytes());
  header[5] = static_cast<std::uint32_t>(keys.byteCount());
}
// The header's address in the module's memory (engine.mjs asks once).
int wireHeaderAddress() { return static_cast<int>(reinterpret_cast<std::uintptr_t>(wireHeader())); }

// The input buffers, sized for a request of `bytes` bytes and `numbers` numbers, described in the
// header for engine.mjs to fill.
void wireIn(int bytes, int numbers) {
  bindings::WireInput& in = wireInput();
  in.bytes.resize(static_cast<std::size_t>(bytes));
  in.numbers.resize(static_cast<std::size_t>(numbers));
  describe(in.bytes.data(), in.bytes.size(), in.numbers.data(), in.numbers.size());
}

// A trace's columns as the wire's Float64Arrays: { <key>: column, ..., state: { <key>: column } } (the
// columns the run has; `state` for a law run, with its state variables' columns keyed by the catalog).
void wireColumns(bindings::WireOutput& out, const friction::Trace& trace, std::string_view lawId = {}) {
  out.beginObject();
  for (const friction::ColumnSpec& column : friction::columnCatalog()) {
    if ((trace.*column.column).size() != trace.size()) continue;
    out.key(column.key);
    out.column(trace.*column.column);
  }
  if (!lawId.empty()) {
    const auto& specs = friction::findLaw(lawId).state;
    const std::size_t count = std::min(trace.state.size(), specs.size());
    out.key("state");
    out.beginObject();
    for (std::size_t i = 0; i < count; ++i) {
      out.key(specs[i].key);
      out.column(trace.state[i]);
    }
    out.endObject();
  }
  out.endObject();
}

// The reply runToJs gives, on the wire: { columns, summary, scenario }, written by the engine's writers
// straight into the wire.
void wireRun(bindings::WireOutput& out, const friction::RunSpec& spec,
             const friction::SimulationResult& result) {
  out.beginObject();
  out.key("columns");
  wireColumns(out, result.trace,
              spec.runsModel() ? std::string_view() : std::string_view(spec.scenario().law));
  out.key("summary");
  friction::writeSummary(out, spec, result.summary);
  out.key("scenario");
  friction::writeScenario(out, spec.scenario());
  out.endObject();
}

// A refusal or a stop as catchErrors replies it, on the wire: { error, parameter? } or { error, stoppedAt,
// partial }.
void wireFailure(bindings::WireOutput& out, const std::string& message, const std::string& field) {
  out.clear();
  out.beginObject();
  out.key("error");
  out.text(message);
  if (!field.empty()) {
    out.key("parameter");
    out.text(field);
  }
  out.endObject();
}

void wireStopped(bindings::WireOutput& out, const friction::RunStopped& stop) {
  out.clear();
  out.beginObject();
  out.key("error");
  out.text(stop.what());
  out.key("stoppedAt");
  out.number(stop.time());
  out.key("partial");
  wireColumns(out, stop.partial());
  out.endObject();
}

// simulate() for a request on the wire (wireIn's buffers), with the caller's onProgress; the reply's
// buffers described in the header, valid until the next call into the module.
void simulateWire(val onProgress) {
  bindings::WireOutput& out = wireOutput();
  out.clear();
  try {
    const bindings::WireInput& in = wireInput();
    const friction::RunSpec spec = friction::RunSpec::read(bindings::WireReader(in.bytes, in.numbers).read());
    const friction::SimulationResult result = friction::run(spec, progressOf(std::move(onProgress)));
    wireRun(out, spec, result);
  } catch (const friction::RunStopped& stop) {
    wireStopped(out, stop);
  } catch (const friction::InputError& error) {
    wireFailure(out, error.what(), error.field());
  } catch (const std::exception& error) {
    wireFailure(out, error.what(), "");
  } catch (...) {
    wireFailure(out, "Unknown engine error.", "");
  }
  describe(out.bytes(), out.byteCount(), out.numbers(), out.numberCount());
}

val presliding() { return specToJs(friction::preslidingModel()); }
val springBlockSystem() { return specToJs(friction::springBlockSystemModel()); }

std::string version() { return friction::kEngineVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(friction_lab) {
  emscripten::function("version", &version);
  emscripten::function("models", &models);
  emscripten::function("columns", &columns);
  emscripten::function("simulate", &simulate);
  emscripten::function("wireHeaderAddress", &wireHeaderAddress);
  emscripten::function("wireIn", &wireIn);
  emscripten::function("simulateWire", &simulateWire);
  emscripten::function("laws", &laws);
  emscripten::function("system", &springBlockSystem);
  emscripten::function("integrators", &integrators);
  emscripten::function("presliding", &presliding);
  emscripten::function("presets", &presets);
}
