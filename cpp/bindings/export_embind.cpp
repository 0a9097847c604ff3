// The export module (issue 16), loaded on demand by export-engine.mjs so that the page's start-up
// module (at its size budget) does not grow: the export request from JS into friction::Value for the
// engine's one reader (readExportRequest), and the result back. Exported to JS:
//   exportLaw(request) -> { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } | null },
//                         or { error, parameter }
// (A module of its own because the fit branch's on-demand module was not on its branch when this was
// written; the two are meant to become one.)

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "friction/export.h"
#include "value_js.h"

using emscripten::val;

namespace {

val resultToJs(const friction::ExportResult& result) {
  val out = val::object();
  out.set("text", result.text);
  out.set("exact", result.exact);
  out.set("targetLaw", result.targetLaw);
  val deviation = val::null();
  if (!result.exact) {
    deviation = val::object();
    deviation.set("force", result.deviation.force);
    deviation.set("atVelocity", result.deviation.atVelocity);
    deviation.set("relative", result.deviation.relative);
    deviation.set("points", result.deviation.points);
  }
  out.set("deviation", deviation);
  return out;
}

val exportLaw(const val& request) {
  std::string message, field;
  try {
    return resultToJs(friction::exportLaw(friction::readExportRequest(bindings::toValue(request))));
  } catch (const friction::InputError& error) {
    message = error.what();
    field = error.field();
  } catch (const std::exception& error) {
    message = error.what();
  }
  return bindings::failure(message, field);
}

}  // namespace

EMSCRIPTEN_BINDINGS(friction_export) { emscripten::function("exportLaw", &exportLaw); }
