// Friction Lab engine loader: `const engine = await loadEngine();` in node (>= 20, no flags),
// in a browser page and in a (module) Web Worker. The wasm module sits beside this file, so the
// page works from any static host under any sub-path.
//
// engine.version                 the engine version (string)
// engine.models()                the catalog: every model and its parameters, as plain objects:
//                                { id, name, description, citation, params, equations, quirks, updateLoop }
//                                (equations, quirks and updateLoop, the docs, once the studies' module is
//                                loaded: by loadEngine() itself unless given { studies: false }).
//                                Each parameter has key, symbol, label, unit, default, min, max, step, scale,
//                                kind, help, defaultFrom and texSymbol (the symbol as the equations write it
//                                in TeX, e.g. '\mu_s'). equations: [{ tex, note }], what the engine computes,
//                                in the LaTeX subset KaTeX renders, each with one sentence saying what it is;
//                                quirks: [string], the origin's quirks in our words; updateLoop: the seed's
//                                per-step update as pseudo-code, one statement per line ('' for a model
//                                not stepped as its origin steps it). laws(), system() and presliding()
//                                carry equations, quirks and texSymbol the same way (no updateLoop).
// engine.columns()               the result columns: key, symbol, label, unit
// engine.simulate({ model, params })
//                                runs a model with any subset of its parameters; returns
//                                { columns: { t, x, v, theta, friction, fk, spring, vOverV0, fkOverFk0,
//                                  staticLimit, drivePosition } (Float64Arrays owned by JS), summary }.
//                                friction [N] is the force on the block in every model and law: while the
//                                block is at rest it equals the drive force `spring`. staticLimit [N] is the
//                                largest friction the contact holds at rest at that instant (the θ models'
//                                F(0, θ); a law's F(0); for a law without a true stick state its break-away
//                                peak, or NaN), and summary.staticLimitKind says which: 'stick' | 'peak' |
//                                'none'. drivePosition [m] is X_d(t), the far end of the spring.
//                                Bad input throws an Error
//                                whose message names the parameter, unit, range and value, and whose
//                                `parameter` property is the path of the refused value in the request:
//                                'params.mu_s', 'system.v0', 'system.v0[2]', 'kick', 'x.min' (one reader
//                                in the engine reads every request; an unknown key is refused by its
//                                path, an empty one names its object). A run that stops early (a
//                                non-finite state, a collapsed step, the step budget) throws an Error
//                                with `stoppedAt` [s] and `partial`: its columns up to there (all of them).
// engine.laws()                  every friction law: { id, name, origin, description, citation, params,
//                                equations, quirks, can: { coefficient, force, stateful, dynamic }, inputs,
//                                state: [{ key, symbol, label, unit, initial, help, texSymbol }] }
//                                (The calls that take a law's parameters as an argument of their own,
//                                frictionCoefficient, frictionForce, createLaw, lawCurve, name a parameter
//                                or input by its key, 'mu_s' or 'v', from the root of that argument.)
// engine.system(), engine.integrators()   the spring-block's parameters; the integrators
// engine.simulate({ law, params, system, integrator, samples, tolerance, kick })
//                                the spring-block driven by any law: { columns, summary } with the
//                                summary's period, stick/slip intervals, events, energies, regime,
//                                warnings; integrator is the method that ran first, and
//                                integratorSwitches [{ t, to }] where auto changed method in the run;
//                                columns.state holds a dynamic law's state ({ z }, { theta }).
//                                summary.staticLimit [N] and staticLimitKind: 'stick' (a true stick state:
//                                F(0), e.g. μs·N), 'peak' (none, but its steady friction curve peaks at low
//                                speed above its kinetic value, e.g. Drake's μs·N at vs) or 'none' (NaN).
//                                summary.nearRestThreshold [m/s]: for a law without a true stick state the
//                                stick intervals are where |v| ≤ this (1 % of v0), each entered with a
//                                'stick' event (not at t = 0) and left with a 'break-away' (not at the
//                                end), located to the output rows; 0 for a true stick state.
//                                system.start 'steady' starts in steady sliding at v0; kick (±0.5) then
//                                speeds the drive up by that fraction at 0.1 % of the run
// engine.presliding()            the presliding experiment's parameters (m, N, amplitude, rate, hold)
// engine.presets()               named scenarios: [{ id, name, look, view, scenario (what it runs, in the
//                                scenario format as the engine writes it), presliding (the presliding
//                                experiment's values, for the presliding view), expected: { key: value } }]
// engine.studies()               -> Promise of the on-demand module's calls (studies-engine.mjs):
//                                frictionCoefficient, frictionForce, createLaw, lawCurve, imposeVelocity,
//                                applyForce, preslidingProtocol, runPresliding, sweepCells, sweepBoundary,
//                                steadySliding;
//                                loadEngine() puts them on the engine too, unless given { studies: false }

import createFrictionModule from './friction-wasm.mjs';
import { decodeWire, encodeWire, mirrorWireKeys } from './wire.mjs';

const isNode =
  typeof process === 'object' &&
  typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' &&
  typeof window === 'undefined' &&
  typeof importScripts === 'undefined';

/**
 * The Emscripten module's options for the wasm file `wasmFile` beside this loader: under node its bytes
 * (read here, so the glue never fetch()es a file path), in the single-file build the bytes it inlined
 * (`inlined`), else where a browser finds it. Shared with the on-demand fits' loader (fit-engine.mjs).
 */
export async function moduleOptions(wasmFile, inlined) {
  if (isNode) {
    // Emscripten's ES6 output looks up `require` and `__dirname` as globals under node, which an
    // ES module does not have; give it those, and hand it the wasm bytes so it never fetch()es a
    // file path (node's fetch cannot load one).
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const { fileURLToPath } = await import('node:url');
    globalThis.require ??= createRequire(import.meta.url);
    globalThis.__dirname ??= fileURLToPath(new URL('.', import.meta.url));
    return { wasmBinary: await readFile(fileURLToPath(new URL(`./${wasmFile}`, import.meta.url))) };
  }
  return inlined
    ? { wasmBinary: inlined }
    : { locateFile: (file) => new URL(file, import.meta.url).href };
}

// The module reports a refusal as { error, parameter }; JS callers get a thrown Error.
export function unwrap(reply) {
  if (reply.error === undefined) return reply;
  const error = new Error(reply.error);
  if (reply.parameter !== undefined) error.parameter = reply.parameter;
  // A run that blew up, collapsed its step or ran out of steps: when it stopped, and what it did until then.
  if (reply.partial !== undefined)
    Object.assign(error, { stoppedAt: reply.stoppedAt, partial: reply.partial });
  throw error;
}

/** The index in HEAPU32 of the header the module keeps of its wire's streams (asked once). */
const wireHeader = (wasm) => (wasm.wireHeader ??= wasm.wireHeaderAddress() >> 2);

/**
 * The reply the module's last call left on the wire, where its header says (each stream's address and
 * length), read off the module's memory as it is after the call (it may have grown): a refusal thrown
 * (unwrap).
 */
function wireReply(wasm) {
  const header = wireHeader(wasm);
  const heap = wasm.HEAPU32;
  const mirror = (wasm.wireKeys ??= { list: [], read: 0 });
  const keys = mirrorWireKeys(mirror, wasm.HEAPU8, heap[header + 4], heap[header + 5]);
  return unwrap(decodeWire(wasm.HEAPU8, wasm.HEAPF64, heap[header], heap[header + 2] >> 3, keys));
}

/**
 * simulate() by the wire: the request written into the module's buffers, the reply read out of its. A
 * simulate() from inside onProgress uses the same buffers: the module has read this call's request
 * before the run and writes its reply after it.
 */
function simulateByWire(wasm, request) {
  // onProgress is the caller's callback, not part of the scenario.
  const onProgress = typeof request?.onProgress === 'function' ? request.onProgress : null;
  let scenario = request;
  if (onProgress) {
    scenario = { ...request };
    delete scenario.onProgress;
  }
  const encoded = encodeWire(scenario);
  const header = wireHeader(wasm);
  wasm.wireIn(encoded.bytes.length, encoded.numbers.length);
  wasm.HEAPU8.set(encoded.bytes, wasm.HEAPU32[header]);
  wasm.HEAPF64.set(encoded.numbers, wasm.HEAPU32[header + 2] >> 3);
  wasm.simulateWire(onProgress);
  return wireReply(wasm);
}

// The catalogs the module lists (listingWire), by their index in friction/listings.h's Listing.
const LISTINGS = ['models', 'laws', 'columns', 'integrators', 'presets', 'system', 'presliding'];

/** A catalog as plain data: 'models', 'laws', … (LISTINGS). */
function listing(wasm, name) {
  wasm.listingWire(LISTINGS.indexOf(name));
  return wireReply(wasm);
}

/**
 * The engine: the start-up module's calls, and the on-demand module's (studies-engine.mjs: the law alone,
 * its curves, presliding and the maps). `studies: false` leaves the latter out until asked for, with
 * `await engine.studies()` (the page's worker: its views that use them load it when first shown).
 */
export async function loadEngine({ studies = true } = {}) {
  // The single-file build inlines the wasm bytes (globalThis.__frictionWasmBinary): nothing to fetch.
  const options = await moduleOptions('friction-wasm.wasm', globalThis.__frictionWasmBinary);
  const wasm = await createFrictionModule(options);
  let studiesPromise = null;
  // The catalog's docs (equations, quirks, the seed's update loop) live in the studies' module, so that
  // the start-up module carries none of their text: the catalog's calls add them once it is loaded (and
  // only then ask it for them: the page's worker, which loads it for its views, never does).
  let loadedStudies = null;
  const loadStudies = () => {
    studiesPromise ??= import('./studies-engine.mjs')
      .then((module) => module.loadStudiesEngine())
      .then((studies) => (loadedStudies = studies));
    return studiesPromise;
  };
  const documented = (entry, entryDocs, withLoop = false) => {
    if (!entryDocs) return entry;
    const { equations, quirks, updateLoop } = entryDocs;
    return withLoop ? { ...entry, equations, quirks, updateLoop } : { ...entry, equations, quirks };
  };
  const docs = () => loadedStudies?.docs();
  const core = {
    version: wasm.version(),
    models: () =>
      listing(wasm, 'models').map((model) => documented(model, docs()?.models[model.id], true)),
    columns: () => listing(wasm, 'columns'),
    simulate: (request) => simulateByWire(wasm, request),
    laws: () => listing(wasm, 'laws').map((law) => documented(law, docs()?.laws[law.id])),
    system: () => documented(listing(wasm, 'system'), docs()?.system),
    integrators: () => listing(wasm, 'integrators'),
    presliding: () => documented(listing(wasm, 'presliding'), docs()?.presliding),
    presets: () => listing(wasm, 'presets'),
    /** The on-demand module's calls (studies-engine.mjs), loaded the first time this is awaited. */
    studies: loadStudies,
    /** Size of the module's wasm memory in bytes: it grows, never shrinks, so a leak shows (tests use it). */
    memoryBytes: () => wasm.HEAPU8.length,
  };
  return Object.freeze(studies ? { ...core, ...(await loadStudies()) } : core);
}
