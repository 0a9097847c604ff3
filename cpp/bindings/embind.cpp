// The wasm boundary: translates between JS values and the engine's types, nothing more.
// The only file that includes Emscripten headers. Exported to JS (see engine.mjs):
//   version()            -> string
//   models()             -> [{ id, name, description, citation, params: [ParamSpec] }]
//   columns()            -> [{ key, symbol, label, unit }]
//   simulate({ model, params }) -> { columns: { <key>: Float64Array }, summary: {...} }
//                                   or, if the engine refuses, { error: message, parameter: field }

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "friction/friction.h"

using emscripten::val;

namespace {

// Runs `body`; a C++ exception becomes the value { error: message, parameter?: field }, which
// engine.mjs turns into a thrown JS Error. Throwing from here instead (val::throw_) would unwind the
// wasm frames without running destructors and leak every error message (seen: ~120 bytes a call).
template <class Body>
val catchErrors(Body&& body) {
  std::string message, field;
  try {
    return body();
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
  out.set("help", text(spec.help));
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

val models() {
  val list = val::array();
  for (const friction::ModelSpec& model : friction::modelCatalog()) {
    val out = val::object();
    out.set("id", text(model.id));
    out.set("name", text(model.name));
    out.set("description", text(model.description));
    out.set("citation", text(model.citation));
    val params = val::array();
    for (const friction::ParamSpec& spec : model.params) params.call<void>("push", paramToJs(spec));
    out.set("params", params);
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

// { model: string, params?: { key: number } } -> SimulationRequest. Checks JS types only; ranges
// and names are the engine's business.
friction::SimulationRequest requestFromJs(const val& request) {
  if (typeOf(request) != "object")
    throw friction::InputError("request", "simulate() needs an object { model, params }; got " + typeOf(request) + ".");
  const val model = request["model"];
  if (typeOf(model) != "string")
    throw friction::InputError("model", "The model must be a string such as 'abbott-seed'; got " + typeOf(model) + ".");
  friction::SimulationRequest out{model.as<std::string>(), {}};
  const val params = request["params"];
  if (params.isUndefined() || params.isNull()) return out;
  if (typeOf(params) != "object")
    throw friction::InputError("params", "params must be an object of numbers; got " + typeOf(params) + ".");
  const val keys = val::global("Object").call<val>("keys", params);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string key = keys[i].as<std::string>();
    const val value = params[key];
    if (typeOf(value) != "number")
      throw friction::InputError(key, "Parameter '" + key + "' must be a number; got the " + typeOf(value) + " '" +
                                          val::global("String")(value).as<std::string>() + "'.");
    out.params.emplace_back(key, value.as<double>());
  }
  return out;
}

val summaryToJs(const friction::Summary& summary) {
  val out = val::object();
  out.set("model", summary.model);
  out.set("resonanceRadPerS", summary.resonanceRadPerS);
  out.set("resonanceHz", summary.resonanceHz);
  out.set("regime", text(friction::regimeName(summary.regime)));
  out.set("integrator", summary.integrator);
  out.set("steps", static_cast<double>(summary.steps));
  out.set("dt", summary.dt);
  out.set("duration", summary.duration);
  out.set("peakVelocity", summary.peakVelocity);
  val params = val::object();
  const auto& specs = summary.params.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i) params.set(std::string(specs[i].key), summary.params.values[i]);
  out.set("params", params);
  return out;
}

val simulate(val request) {
  return catchErrors([&] {
    const friction::SimulationResult result = friction::simulate(requestFromJs(request));
    val columns = val::object();
    for (const friction::ColumnSpec& column : friction::columnCatalog())
      columns.set(std::string(column.key), copyToFloat64Array(result.trace.*column.column));
    val out = val::object();
    out.set("columns", columns);
    out.set("summary", summaryToJs(result.summary));
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
}
