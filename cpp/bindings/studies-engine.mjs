// Friction Lab's studies, loaded on demand: `const studies = await engine.studies();` (or
// `await loadStudiesEngine()`), in node (>= 20), a page or a module worker. A module of its own
// (friction-studies-wasm.{mjs,wasm}, beside this file) so that the page's start-up download carries only
// what the spring-block view needs; the explorer, the presliding view and the maps load it when first
// shown. The single-file build inlines its bytes too (globalThis.__frictionStudiesWasmBinary).
//
// studies.docs()                 how the catalog is computed: { models: { id: docs }, laws: { id: docs },
//                                system: docs, presliding: docs }, docs = { equations: [{ tex, note }],
//                                quirks: [text], updateLoop }; loadEngine() adds them to models(), laws(),
//                                system() and presliding() once this module is loaded
// studies.frictionCoefficient(id, params, { v, N, p, theta })    -> μ
// studies.frictionForce(id, params, { vt, n, Fn, Fe })           -> [x, y, z], the force on the body [N]
// studies.createLaw(id, params)  a stateful law: { step({ v, N, p, vt, n, Fn, dt }) -> { force, magnitude,
//                                mu, slope, segment }, reset() }; its state is kept between steps
// studies.lawCurve(id, params, { vMin, vMax, count, scale, N, p, theta }) -> { v, mu, force }
// studies.imposeVelocity({ law, params, N, velocity: [[t, v], ...], duration, samples, tolerance, start })
// studies.applyForce({ law, params, m, N, force: [[t, F], ...], duration, samples, tolerance })
//                                a dynamic law alone: { columns: { t, x, v, applied, friction, state }, summary }
// studies.preslidingProtocol({ amplitude, rate, hold })  -> [[t, F], ...] (Canudas de Wit et al. 1995, Fig. 2)
// studies.runPresliding({ law, params, protocol, samples })
//                                that experiment: { columns: { t, x, v, applied, friction, state }, summary }
// studies.sweepCells({ scenario, x, y, cells: [i0, j0, ...] })
//                                cells of a stability map, each a full run: { cells: [{ i, j, x, y, regime,
//                                value, error? }] }. scenario is { model, params } or { law, params, system
//                                (start 'rest' | 'steady'), integrator, samples, kick }; an axis is { target:
//                                'params' | 'system', key, min, max, count (2…100000), log }. regime is as a
//                                run's summary says it; value the growth rate [1/s] or the stick-slip
//                                velocity amplitude [m/s]; a cell that cannot run has an error.
// studies.sweepBoundary({ scenario, x, y, resolution })
//                                the closed-form stability margin where one exists: { known, criterion, unit,
//                                xs, ys, values } (values[j·resolution + i] > 0: steady sliding predicted)
// studies.steadySliding(scenario)
//                                what brings a run to steady sliding, from the closed-form boundary the map
//                                draws and the runs past it: { known, steady (the closed form predicts it),
//                                slides (the run itself does), margin, criterion, changes: [{ target:
//                                'params' | 'system', key, current, value (the nearest value whose run slides
//                                steadily), boundary (the closed form's; NaN if it already predicts steady
//                                sliding), reason }] }, nearest first; known false where no closed form
//                                applies (and with the drive at rest)
// (The calls that take a law's parameters as an argument of their own name a parameter or input by its
// key, 'mu_s' or 'v', from the root of that argument.) Bad input throws an Error whose `parameter` is the
// path of the refused value, as engine.mjs's calls do.

import { moduleOptions, unwrap } from './engine.mjs';
import createFrictionStudiesModule from './friction-studies-wasm.mjs';

export async function loadStudiesEngine() {
  const wasm = await createFrictionStudiesModule(
    await moduleOptions('friction-studies-wasm.wasm', globalThis.__frictionStudiesWasmBinary),
  );
  // A stateful law: the engine's step is a pure function of (params, state, inputs); this object only
  // carries the state from one step to the next.
  function createLaw(id, params = {}) {
    unwrap(wasm.stepLaw(id, params, undefined, { dt: 1 })); // refuse a bad law or parameters at once
    let state;
    return Object.freeze({
      step(inputs) {
        const result = unwrap(wasm.stepLaw(id, params, state, inputs));
        state = result.state;
        return {
          force: result.force,
          magnitude: result.magnitude,
          mu: result.mu,
          slope: result.slope,
          segment: result.state.segment,
        };
      },
      reset() {
        state = undefined;
      },
    });
  }
  // The catalog's docs, converted when first asked for (45 kB of text).
  let docs = null;
  return Object.freeze({
    docs: () => (docs ??= wasm.docs()),
    frictionCoefficient: (id, params, inputs) =>
      unwrap(wasm.frictionCoefficient(id, params, inputs)).value,
    frictionForce: (id, params, inputs) => unwrap(wasm.frictionForce(id, params, inputs)).value,
    createLaw,
    lawCurve: (id, params, options) => unwrap(wasm.lawCurve(id, params, options)),
    imposeVelocity: (request) => unwrap(wasm.imposeVelocity(request)),
    applyForce: (request) => unwrap(wasm.applyForce(request)),
    preslidingProtocol: (request = {}) => unwrap(wasm.preslidingProtocol(request)).value,
    runPresliding: (request) => unwrap(wasm.runPresliding(request)),
    sweepCells: (request) => unwrap(wasm.sweepCells(request)).cells,
    sweepBoundary: (request) => unwrap(wasm.sweepBoundary(request)),
    steadySliding: (scenario) => unwrap(wasm.steadySliding(scenario)),
  });
}
