// Friction Lab engine loader: `const engine = await loadEngine();` in node (>= 20, no flags),
// in a browser page and in a (module) Web Worker. The wasm module sits beside this file, so the
// page works from any static host under any sub-path.
//
// engine.version                 the engine version (string)
// engine.models()                the catalog: every model and its parameters, as plain objects
// engine.columns()               the result columns: key, symbol, label, unit
// engine.simulate({ model, params })
//                                runs a model with any subset of its parameters; returns
//                                { columns: { t, x, v, theta, friction, fk, spring, vOverV0, fkOverFk0 }
//                                  (Float64Arrays owned by JS), summary }. Bad input throws an Error
//                                whose message names the parameter, unit, range and value, and whose
//                                `parameter` property is the offending key.

import createFrictionModule from './friction-wasm.mjs';

const isNode =
  typeof process === 'object' && typeof process.versions === 'object' && typeof process.versions.node === 'string' &&
  typeof window === 'undefined' && typeof importScripts === 'undefined';

async function nodeModuleOptions() {
  // Emscripten's ES6 output looks up `require` and `__dirname` as globals under node (toolchain.md
  // pitfall 6); give it those, and hand it the wasm bytes so it never fetch()es a file path.
  const { readFile } = await import('node:fs/promises');
  const { createRequire } = await import('node:module');
  const { fileURLToPath } = await import('node:url');
  const wasmPath = fileURLToPath(new URL('./friction-wasm.wasm', import.meta.url));
  globalThis.require ??= createRequire(import.meta.url);
  globalThis.__dirname ??= fileURLToPath(new URL('.', import.meta.url));
  return { wasmBinary: await readFile(wasmPath) };
}

// The module reports a refusal as { error, parameter }; JS callers get a thrown Error.
function unwrap(reply) {
  if (reply.error === undefined) return reply;
  const error = new Error(reply.error);
  if (reply.parameter !== undefined) error.parameter = reply.parameter;
  throw error;
}

export async function loadEngine() {
  const options = isNode
    ? await nodeModuleOptions()
    : { locateFile: (file) => new URL(file, import.meta.url).href };
  const wasm = await createFrictionModule(options);
  return Object.freeze({
    version: wasm.version(),
    models: () => wasm.models(),
    columns: () => wasm.columns(),
    simulate: (request) => unwrap(wasm.simulate(request)),
    /** Bytes of wasm memory in use by the module (for leak checks). */
    memoryBytes: () => wasm.HEAPU8.length,
  });
}
