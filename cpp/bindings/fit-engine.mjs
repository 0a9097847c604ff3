// Friction Lab's fits and export to solvers, loaded on demand: `const fits = await loadFitEngine();` in
// node (>= 20), a page or a module worker. A module of its own (friction-fit-wasm.{mjs,wasm}, beside this
// file) so that the page's start-up download does not carry Eigen's Levenberg–Marquardt and the
// writers; the single-file build inlines its bytes too (globalThis.__frictionFitWasmBinary).
//
// fits.fit({ law, params, free, data: { kind, compare, file, text, x, y, units, N }, scenario, presliding, options },
//          onProgress?)   onProgress({ start, starts, evaluations, bestSumOfSquares }) after each start; false stops
//     -> { converged, free, values, standardErrors, correlation, rms, rSquared, evaluations, warnings,
//          params, system?, fitted, residuals }
//        (what each means: docs/guide/fit-and-export.md, "The result")
// fits.convertLaw({ from, fromParams, to, toParams, free, vMin, vMax, N, count, options })
//     -> the same, with maxAbsoluteDeviation, atVelocityAbsolute, maxRelativeDeviation, atVelocityRelative,
//        v and fromForce
// fits.exportLaw({ law, params, to, N, vMin, vMax, units })
//     -> { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } | null }
//        (docs/guide/fit-and-export.md#export-to-your-solver)
// fits.fitOptions() -> { kinds: [{ id, x: { column, quantity, units }, compares: [{ id, quantity, units }] }] }
// fits.exportTargets() -> ['opensees-tcl', …]
// Bad input throws an Error whose `parameter` is the path of the refused value ('data', 'free[1]', …).

import { moduleOptions, unwrap } from './engine.mjs';
import createFrictionFitModule from './friction-fit-wasm.mjs';

export async function loadFitEngine() {
  const wasm = await createFrictionFitModule(
    await moduleOptions('friction-fit-wasm.wasm', globalThis.__frictionFitWasmBinary),
  );
  return Object.freeze({
    fit: (request, onProgress) => unwrap(wasm.fit(request, onProgress)),
    fitOptions: () => wasm.fitOptions(),
    exportTargets: () => wasm.exportTargets(),
    convertLaw: (request) => unwrap(wasm.convertLaw(request)),
    exportLaw: (request) => unwrap(wasm.exportLaw(request)),
  });
}
