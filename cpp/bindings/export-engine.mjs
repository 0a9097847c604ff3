// Friction Lab's export to solvers, loaded on demand: `const exporter = await loadExportEngine();` in
// node (>= 20), a page or a module worker. A module of its own (friction-export-wasm.{mjs,wasm}, beside
// this file) so that the page's start-up download does not grow (README "Export to your solver").
//
// exporter.exportLaw({ law, params, to, N, vMin, vMax, units })
//     -> { text, exact, targetLaw, deviation: { force, atVelocity, relative, points } | null }
// Bad input throws an Error whose `parameter` is the path of the refused value ('to', 'params.muSlow', 'N').

import { moduleOptions, unwrap } from './engine.mjs';
import createFrictionExportModule from './friction-export-wasm.mjs';

export async function loadExportEngine() {
  const wasm = await createFrictionExportModule(await moduleOptions('friction-export-wasm.wasm', globalThis.__frictionExportWasmBinary));
  return Object.freeze({ exportLaw: (request) => unwrap(wasm.exportLaw(request)) });
}
