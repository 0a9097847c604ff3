// The fits' and the solver export's wasm module (issue 16), loaded on demand by fit-engine.mjs so that
// the page's start-up module does not grow: converts JS requests into friction::Value for the engine's
// one readers of fit, conversion and export requests (friction/fit.h, friction/export.h), and the
// results back. Exported to JS:
//   fit(request)         -> the result of fitLaw (README "Fitting"), or { error, parameter }
//   convertLaw(request)  -> the result of convertLaw, or { error, parameter }
//   exportLaw(request)   -> { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } | null },
//                           or { error, parameter } (README "Export to your solver")

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "friction/export.h"
#include "friction/fit.h"
#include "value_js.h"

using emscripten::val;

namespace {

// Runs `body`; an exception becomes { error: message, parameter?: field }, which fit-engine.mjs turns
// into a thrown Error (unwinding through val::throw_ would leak, as embind.cpp explains).
template <class Body>
val replyOf(Body&& body) {
  std::string message, field;
  try {
    return body();
  } catch (const friction::InputError& error) {
    message = error.what();
    field = error.field();
  } catch (const std::exception& error) {
    message = error.what();
  }
  return bindings::failure(message, field);
}

val fit(const val& request) {
  return replyOf([&] {
    return bindings::fromValue(friction::fitResultValue(friction::fitLaw(friction::readFitRequest(bindings::toValue(request)))));
  });
}

val convertLaw(const val& request) {
  return replyOf([&] {
    return bindings::fromValue(
        friction::conversionResultValue(friction::convertLaw(friction::readConversionRequest(bindings::toValue(request)))));
  });
}

val exportLaw(const val& request) {
  return replyOf([&] {
    return bindings::fromValue(friction::exportResultValue(friction::exportLaw(friction::readExportRequest(bindings::toValue(request)))));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(friction_fit) {
  emscripten::function("fit", &fit);
  emscripten::function("convertLaw", &convertLaw);
  emscripten::function("exportLaw", &exportLaw);
}
