// The fits' wasm module (issue 16), loaded on demand by fit-engine.mjs so that the page's start-up
// module does not grow: converts JS requests into friction::Value for the engine's one reader of fit
// and conversion requests (friction/fit.h), and the results back. Exported to JS:
//   fit(request)         -> the result of fitLaw (README "Fitting"), or { error, parameter }
//   convertLaw(request)  -> the result of convertLaw, or { error, parameter }

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

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
    return bindings::fromValue(body());
  } catch (const friction::InputError& error) {
    message = error.what();
    field = error.field();
  } catch (const std::exception& error) {
    message = error.what();
  }
  val failure = val::object();
  failure.set("error", message);
  if (!field.empty()) failure.set("parameter", field);
  return failure;
}

val fit(const val& request) {
  return replyOf([&] { return friction::fitResultValue(friction::fitLaw(friction::readFitRequest(bindings::toValue(request)))); });
}

val convertLaw(const val& request) {
  return replyOf([&] {
    return friction::conversionResultValue(friction::convertLaw(friction::readConversionRequest(bindings::toValue(request))));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(friction_fit) {
  emscripten::function("fit", &fit);
  emscripten::function("convertLaw", &convertLaw);
}
