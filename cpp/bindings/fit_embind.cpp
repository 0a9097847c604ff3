// The fits' and the solver export's wasm module (issue 16), loaded on demand by fit-engine.mjs so that
// the page's start-up module does not grow: converts JS requests into friction::Value for the engine's
// one readers of fit, conversion and export requests (friction/fit.h, friction/export.h), and the
// results back. Exported to JS:
//   fit(request, onProgress?) -> the result of fitLaw (docs/guide/fit-and-export.md, "The result"), or
//                           { error, parameter }
//   fitOptions()         -> the kinds, comparisons and units a fit request may name (fitOptionsValue)
//   exportTargets()      -> the export targets' ids, in menu order
//   convertLaw(request)  -> the result of convertLaw, or { error, parameter }
//   exportLaw(request)   -> { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } |
//   null },
//                           or { error, parameter } (docs/guide/fit-and-export.md#export-to-your-solver)

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

// onProgress (optional): called after each start with { start, starts, evaluations, bestSumOfSquares };
// returning false stops the fit at its best point so far (LeastSquaresOptions::progress).
val fit(const val& request, const val& onProgress) {
  return replyOf([&] {
    friction::FitRequest fitRequest = friction::readFitRequest(bindings::toValue(request));
    if (onProgress.typeOf().as<std::string>() == "function") {
      fitRequest.options.progress = [&onProgress](const friction::FitProgress& progress) {
        val report = val::object();
        report.set("start", progress.start);
        report.set("starts", progress.starts);
        report.set("evaluations", progress.evaluations);
        report.set("bestSumOfSquares", progress.bestSumOfSquares);
        return !onProgress(report).isFalse();
      };
    }
    return bindings::fromValue(friction::fitResultValue(friction::fitLaw(fitRequest)));
  });
}

val fitOptions() { return bindings::fromValue(friction::fitOptionsValue()); }

val exportTargets() {
  friction::Value targets = friction::Value::list();
  for (const std::string& target : friction::exportTargets()) targets.push(target);
  return bindings::fromValue(targets);
}

val convertLaw(const val& request) {
  return replyOf([&] {
    return bindings::fromValue(friction::conversionResultValue(
        friction::convertLaw(friction::readConversionRequest(bindings::toValue(request)))));
  });
}

val exportLaw(const val& request) {
  return replyOf([&] {
    return bindings::fromValue(friction::exportResultValue(
        friction::exportLaw(friction::readExportRequest(bindings::toValue(request)))));
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(friction_fit) {
  emscripten::function("fit", &fit);
  emscripten::function("fitOptions", &fitOptions);
  emscripten::function("exportTargets", &exportTargets);
  emscripten::function("convertLaw", &convertLaw);
  emscripten::function("exportLaw", &exportLaw);
}
