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

// ---- The wire (cpp/bindings/value_wire.h): every request and reply of the start-up module (a run's, a
// catalog's) crosses into and out of wasm as a byte stream and a number stream, one copy each, instead
// of one Embind call per key, value and string. Tags: 0 null, 1 false, 2 true, 3 number, 4 string (u32
// length, UTF-8), 5 list (u32 count), 6 object (u32 count, then key and value per member), 7
// Float64Array (u32 count of the number stream), 8 (a request's) a value with no counterpart in a
// request, by its typeof.
// A reply's key is a string, or (the u32's top bit set) an index into the module's key table, which
// only grows and which the module's loader mirrors (wireKeys) before it decodes a reply.

const utf8 = { encoder: new TextEncoder(), decoder: new TextDecoder() };

/**
 * The request's writer: its bytes and numbers in buffers kept from one request to the next (grown as
 * needed), each object's member count written in its place once its members are (those undefined left
 * out), so that a request builds no array of its own.
 */
class WireEncoder {
  bytes = new Uint8Array(1024);
  used = 0;
  numbers = new Float64Array(64);
  counted = 0;

  byte(b) {
    if (this.used === this.bytes.length) this.bytes = grown(this.bytes, this.used + 1);
    this.bytes[this.used++] = b;
  }

  count(n) {
    for (let shift = 0; shift < 32; shift += 8) this.byte((n >>> shift) & 0xff);
  }

  /** The u32 `n` in place of the four bytes at `at`. */
  countAt(at, n) {
    for (let i = 0; i < 4; i++) this.bytes[at + i] = (n >>> (8 * i)) & 0xff;
  }

  text(string) {
    let ascii = true;
    for (let i = 0; i < string.length && ascii; i++) ascii = string.charCodeAt(i) < 0x80;
    const encoded = ascii ? null : utf8.encoder.encode(string);
    const length = ascii ? string.length : encoded.length;
    this.count(length);
    if (this.used + length > this.bytes.length) this.bytes = grown(this.bytes, this.used + length);
    if (encoded) this.bytes.set(encoded, this.used);
    else for (let i = 0; i < length; i++) this.bytes[this.used + i] = string.charCodeAt(i);
    this.used += length;
  }

  /** A Uint8Array's bytes, as a text's. */
  raw(bytes) {
    this.count(bytes.length);
    if (this.used + bytes.length > this.bytes.length)
      this.bytes = grown(this.bytes, this.used + bytes.length);
    this.bytes.set(bytes, this.used);
    this.used += bytes.length;
  }

  number(v) {
    if (this.counted === this.numbers.length) this.numbers = grown(this.numbers, this.counted + 1);
    this.numbers[this.counted++] = v;
  }

  value(v) {
    if (v === null || v === undefined) return this.byte(0);
    switch (typeof v) {
      case 'boolean':
        return this.byte(v ? 2 : 1);
      case 'number':
        this.number(v);
        return this.byte(3);
      case 'string':
        this.byte(4);
        return this.text(v);
      case 'object':
        break;
      default:
        // A function, a symbol or a bigint: the module's reader refuses it by its path.
        this.byte(8);
        return this.text(typeof v);
    }
    // A Uint8Array is the bytes of a text (a file's UTF-8 as read); any other typed array or buffer is
    // an object of its own enumerable keys, as JSON.stringify writes it.
    if (v instanceof Uint8Array) {
      this.byte(4);
      return this.raw(v);
    }
    if (Array.isArray(v)) {
      this.byte(5);
      this.count(v.length);
      for (const item of v) this.value(item);
      return;
    }
    this.byte(6);
    const at = this.used;
    this.count(0);
    let members = 0;
    for (const key of Object.keys(v)) {
      if (v[key] === undefined) continue;
      members++;
      this.text(key);
      this.value(v[key]);
    }
    this.countAt(at, members);
  }
}

/** A typed array like `array` with room for `needed` items at least, its contents copied. */
function grown(array, needed) {
  const larger = new array.constructor(Math.max(2 * array.length, needed));
  larger.set(array);
  return larger;
}

const wireEncoder = new WireEncoder();

/**
 * A request as the wire's streams: undefined members left out (an undefined item is null), keys in their
 * order, as JSON.stringify writes them. The streams are views of buffers that the next request reuses:
 * copy them before encoding another.
 */
export function encodeWire(request) {
  wireEncoder.used = 0;
  wireEncoder.counted = 0;
  wireEncoder.value(request);
  return {
    bytes: wireEncoder.bytes.subarray(0, wireEncoder.used),
    numbers: wireEncoder.numbers.subarray(0, wireEncoder.counted),
  };
}

// Short names met before (and keys written out), by a hash of their bytes: a reply repeats the same
// names ('coulomb', 'stick') at every call, and a lookup costs a fraction of building the string again
// (a 2-row run's reply took 12 µs to decode, 7 µs with these and its keys so). Cleared when full.
const knownTexts = new Map();

/** One UTF-8 text of `length` bytes from `at` in `bytes`. */
function utf8Text(bytes, at, length) {
  return utf8.decoder.decode(bytes.slice(at, at + length));
}

/**
 * The module's key table, mirrored: `mirror` ({ list, read }) gets the entries the module has added to
 * its table (`length` bytes from `address` in `bytes`, the module's memory) since the first `read`
 * bytes; returns the list.
 */
export function mirrorWireKeys(mirror, bytes, address, length) {
  let at = address + mirror.read;
  while (at < address + length) {
    const n = u32At(bytes, at);
    mirror.list.push(utf8Text(bytes, at + 4, n));
    at += 4 + n;
  }
  mirror.read = length;
  return mirror.list;
}

const KEY_INDEX = 0x80000000;

/** The u32 at `at` in `bytes`, least significant byte first. */
function u32At(bytes, at) {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/**
 * A reader of one reply: where it is in the byte and number streams, as fields (a decoder of closures
 * over the same variables took a tenth longer in node: they live in a context, not in registers).
 */
class WireDecoder {
  constructor(bytes, numbers, at, number, keys) {
    this.bytes = bytes;
    this.numbers = numbers;
    this.at = at;
    this.number = number;
    this.keys = keys;
  }

  count() {
    const n = u32At(this.bytes, this.at);
    this.at += 4;
    return n;
  }

  /** A text of `length` bytes: a short one met before from knownTexts. */
  text(length) {
    const { bytes, at } = this;
    const end = at + length;
    this.at = end;
    if (length > 64) return utf8Text(bytes, at, length);
    let hash = length;
    for (let i = at; i < end; i++) hash = (Math.imul(hash, 31) + bytes[i]) | 0;
    const known = knownTexts.get(hash);
    if (known !== undefined && known.length === length) {
      let same = true;
      for (let i = 0; i < length && same; i++) same = known.charCodeAt(i) === bytes[at + i];
      if (same) return known;
    }
    let ascii = true;
    for (let i = at; i < end && ascii; i++) ascii = bytes[i] < 0x80;
    if (!ascii) return utf8Text(bytes, at, length);
    // Short ASCII (names): character by character, cheaper than a decoder call or a view.
    let string = '';
    for (let i = at; i < end; i++) string += String.fromCharCode(bytes[i]);
    if (knownTexts.size >= 4096) knownTexts.clear();
    knownTexts.set(hash, string);
    return string;
  }

  /** A member's key: its index into the key table, or its text. */
  key() {
    const length = this.count();
    if (length < KEY_INDEX) return this.text(length);
    const key = this.keys[length - KEY_INDEX];
    if (key === undefined)
      throw new Error(`The reply's key #${length - KEY_INDEX} is not in its table.`);
    return key;
  }

  value() {
    switch (this.bytes[this.at++]) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3:
        return this.numbers[this.number++];
      case 4:
        return this.text(this.count());
      case 5: {
        const list = new Array(this.count());
        for (let i = 0; i < list.length; i++) list[i] = this.value();
        return list;
      }
      case 6: {
        const object = {};
        for (let n = this.count(); n > 0; n--) {
          const key = this.key();
          object[key] = this.value();
        }
        return object;
      }
      default: {
        const length = this.count();
        this.number += length;
        return this.numbers.slice(this.number - length, this.number);
      }
    }
  }
}

/**
 * The reply the wire's streams hold, from `at` in `bytes` and `number` in `numbers` (the module's
 * memory, HEAPU8 and HEAPF64: read before the next call), its keys' indices into `keys`, the module's
 * key table (mirrorWireKeys).
 */
export function decodeWire(bytes, numbers, at = 0, number = 0, keys = []) {
  return new WireDecoder(bytes, numbers, at, number, keys).value();
}

/**
 * The reply the module's last call left on the wire, where the header it keeps says (its address asked
 * once; each stream's address and length), read off the module's memory as it is after the call (it may
 * have grown): a refusal thrown (unwrap).
 */
function wireReply(wasm) {
  const header = (wasm.wireHeader ??= wasm.wireHeaderAddress() >> 2);
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
  const header = (wasm.wireHeader ??= wasm.wireHeaderAddress() >> 2);
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
