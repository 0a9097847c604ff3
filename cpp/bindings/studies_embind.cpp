// The on-demand module's boundary (studies-engine.mjs): a law evaluated alone (its coefficient, force,
// a step of its stateful form, its curve), a dynamic law run alone (imposed velocity, applied force, the
// presliding experiment), the stability maps and what brings a run to steady sliding. The page's views that
// use them (the explorer, presliding and the maps) load it when first shown, so that the start-up module
// (embind.cpp) carries only what the spring-block view needs. Only conversion, as embind.cpp.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "embind_common.h"
#include "friction/friction.h"

using emscripten::val;

namespace {

using bindings::arrayOf;
using bindings::breakpoints;
using bindings::catchErrors;
using bindings::copyToFloat64Array;
using bindings::numbers;
using bindings::object;
using bindings::resolvedToJs;
using bindings::stateColumnsToJs;
using bindings::text;
using bindings::toValue;

val vec3(const friction::Vec3& v) { return numbers({v[0], v[1], v[2]}); }

// ---- The catalog's docs: { equations: [{ tex, note }], quirks: [text], updateLoop } per entry ----

val entryDocsToJs(const friction::EntryDocs& docs) {
  return object(
      {{"equations", arrayOf(docs.equations,
                             [](const friction::Equation& equation) {
                               return object({{"tex", text(equation.tex)}, {"note", text(equation.note)}});
                             })},
       {"quirks", arrayOf(docs.quirks, text)},
       {"updateLoop", text(docs.updateLoop)}});
}

val docsByIdToJs(const friction::DocsById& entries) {
  val out = val::object();
  for (const auto& [id, docs] : entries) out.set(std::string(id), entryDocsToJs(docs));
  return out;
}

// { models: { id: docs }, laws: { id: docs }, system: docs, presliding: docs }
val docs() {
  const friction::CatalogDocs& all = friction::catalogDocs();
  return object({{"models", docsByIdToJs(all.models)},
                 {"laws", docsByIdToJs(all.laws)},
                 {"system", entryDocsToJs(all.system)},
                 {"presliding", entryDocsToJs(all.presliding)}});
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

// -> { cells: [{ i, j, x, y, regime, value, error?, stopped?, stoppedAt? }] }: each cell a full run
// (friction/sweep.h), as the engine writes it (sweepCellValue: null where a cell has no regime or value).
val sweepCells(val request) {
  return catchErrors([&] {
    const friction::SweepCellsRequest r = friction::readSweepCells(toValue(request));
    return object({{"cells", arrayOf(r.cells, [&](const std::pair<int, int>& index) {
                      const friction::SweepCell cell = friction::sweepCell(
                          r.sweep.scenario, r.sweep.x, r.sweep.y, index.first, index.second);
                      val item = bindings::fromValue(friction::sweepCellValue(cell), false);
                      item.set("i", index.first);
                      item.set("j", index.second);
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

// -> { known, steady, slides, margin, criterion, changes: [{ target, key, current, value, boundary, reason }]
// }: what brings the scenario to steady sliding by its closed-form boundary (friction/sweep.h).
val steadySliding(val request) {
  return catchErrors([&] {
    const friction::SteadySliding found = friction::steadySliding(friction::readScenario(toValue(request)));
    return object({{"known", val(found.known)},
                   {"steady", val(found.steady)},
                   {"slides", val(found.slides)},
                   {"margin", val(found.margin)},
                   {"criterion", val(found.criterion)},
                   {"changes", arrayOf(found.changes, [](const friction::SlidingChange& change) {
                      return object({{"target", val(change.target)},
                                     {"key", val(change.key)},
                                     {"current", val(change.current)},
                                     {"value", val(change.value)},
                                     {"boundary", val(change.boundary)},
                                     {"reason", val(change.reason)}});
                    })}});
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(friction_studies) {
  emscripten::function("docs", &docs);
  emscripten::function("frictionCoefficient", &frictionCoefficient);
  emscripten::function("frictionForce", &frictionForce);
  emscripten::function("stepLaw", &stepLaw);
  emscripten::function("lawCurve", &lawCurve);
  emscripten::function("imposeVelocity", &imposeVelocity);
  emscripten::function("applyForce", &applyForce);
  emscripten::function("preslidingProtocol", &preslidingProtocol);
  emscripten::function("runPresliding", &runPresliding);
  emscripten::function("sweepCells", &sweepCells);
  emscripten::function("sweepBoundary", &sweepBoundary);
  emscripten::function("steadySliding", &steadySliding);
}
