#pragma once
// What the wasm modules' bindings share (embind.cpp: the start-up module; studies_embind.cpp: the law
// alone, its curves and the stability maps, loaded on demand): the refusal reply, and engine values as
// JS values. Only conversion.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "friction/friction.h"
#include "value_js.h"

namespace bindings {

using emscripten::val;

inline val text(std::string_view view) { return val(std::string(view)); }

inline val object(std::initializer_list<std::pair<const char*, val>> fields) {
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

inline val numbers(const std::vector<double>& items) {
  return arrayOf(items, [](double item) { return val(item); });
}
inline val breakpoints(const std::vector<friction::Breakpoint>& points) {
  return arrayOf(points, [](const friction::Breakpoint& b) { return numbers({b.t, b.value}); });
}

// A JS-owned copy: a bare view into wasm memory would be detached when the memory grows.
inline val copyToFloat64Array(const std::vector<double>& column) {
  return val(emscripten::typed_memory_view(column.size(), column.data())).call<val>("slice");
}

inline val resolvedToJs(const friction::ResolvedParams& resolved) {
  val params = val::object();
  const auto& specs = resolved.model->params;
  for (std::size_t i = 0; i < specs.size(); ++i)
    params.set(std::string(specs[i].key), specs[i].kind == friction::ParamKind::List
                                              ? numbers(resolved.lists[i])
                                              : val(resolved.values[i]));
  return params;
}

inline val columnsToJs(const friction::Trace& trace) {
  val columns = val::object();
  for (const friction::ColumnSpec& column : friction::columnCatalog())
    if ((trace.*column.column).size() == trace.size())
      columns.set(std::string(column.key), copyToFloat64Array(trace.*column.column));
  return columns;
}

// A dynamic law's state columns, keyed by the catalog's names: { z: Float64Array } (empty otherwise).
inline val stateColumnsToJs(std::string_view lawId, const std::vector<std::vector<double>>& columns) {
  val state = val::object();
  const auto& specs = friction::findLaw(lawId).state;
  for (std::size_t i = 0; i < columns.size() && i < specs.size(); ++i)
    state.set(std::string(specs[i].key), copyToFloat64Array(columns[i]));
  return state;
}

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
  return failure(message, field);
}

}  // namespace bindings
