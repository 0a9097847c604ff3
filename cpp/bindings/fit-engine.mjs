// Friction Lab's fits and export to solvers, loaded on demand: `const fits = await loadFitEngine();` in
// node (>= 20), a page or a module worker. A module of its own (friction-fit-wasm.{mjs,wasm}, beside this
// file) so that the page's start-up download does not carry Eigen's Levenberg–Marquardt and the
// writers; the single-file build inlines its bytes too (globalThis.__frictionFitWasmBinary).
//
// fits.fit({ law, params, free, data: { kind, compare, file, text, x, y, sigma, units, N, delimiter, decimal,
//            headerLine, signs }, scenario, presliding, options } or { …, records: [{ data, scenario }, …] },
//          onProgress?)   onProgress({ start, starts, evaluations, bestSumOfSquares }) after each start; false stops
//     -> { converged, free, values, standardErrors, correlation, rms, rSquared, chiSquare?, points, evaluations,
//          warnings, notes, params, system?, x, y, fitted, residuals, records? }
//        (what each means: docs/guide/fit-and-export.md, "The result")
// fits.convertLaw({ from, fromParams, to, toParams, free, vMin, vMax, N, count, options })
//     -> the same, with maxAbsoluteDeviation, atVelocityAbsolute, maxRelativeDeviation, atVelocityRelative,
//        v and fromForce
// fits.exportLaw({ law, params, to, N, vMin, vMax, units })
//     -> { text, exact, targetLaw, warnings, notes, deviation: { force, atVelocity, relative, points } | null }
//        (docs/guide/fit-and-export.md#export-to-your-solver)
// fits.fitOptions() -> { kinds: [{ id, x: { column, quantity, units, factors }, compares: [{ id, quantity,
//          units, factors }] }], free: { lawId: { curve, record, presliding } } } (the default free parameters)
// fits.inspectData({ text, file, delimiter, decimal, headerLine })
//     -> { delimiter, decimal, headerLine, lineEnds, byteOrderMark, columns, rows, metadata, notes }: how the
//        file's text reads (detected where not given), for a page to show with the choices to change
// fits.exportTargets() -> ['opensees-tcl', …]
// fits.exportTargetList() -> [{ id: 'opensees-tcl', name: 'OpenSees (Tcl)', units: 'any' | 'SI' }, …]
// fits.memoryBytes() -> the module's memory (wasm heap) in bytes, as it has grown
// data.text is the file's text: a string, or a Uint8Array of its UTF-8 bytes (a File's bytes as read).
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
    inspectData: (request) => unwrap(wasm.inspectData(request)),
    exportTargets: () => wasm.exportTargets(),
    exportTargetList: () => wasm.exportTargetList(),
    convertLaw: (request) => unwrap(wasm.convertLaw(request)),
    exportLaw: (request) => unwrap(wasm.exportLaw(request)),
    memoryBytes: () => wasm.HEAPU8.length,
  });
}
