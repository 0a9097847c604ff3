// The wire (cpp/bindings/value_wire.h, wire.mjs's encodeWire and decodeWire), the start-up module's
// one conversion between JS values and the engine's, carries what the engine writes and reads what the
// caller wrote. A run's reply is the command-line program's (build/native/cpp/friction run, whose
// summary goes through the engine's Value tree and the CLI's JSON writer instead): the same members in
// the same order at every level, the same texts, and numbers within the bound of same-answers.test.mjs
// (native-answers.mjs), over runs that take every branch of the summary's and the scenario's writers (a
// seed model, every preset, velocity steps in v0's place and after the system's keys, a steady start,
// holds, a displacement table, normal-force steps, the log grid, a kick, a tolerance, an integrator,
// events, holds measured, warnings, a change of method) and a refusal and a run stopped by its budget.
// A request's values with no counterpart in a scenario are refused by their path, a Uint8Array reads as
// its text, and the catalogs cross the same way.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { boundOf, difference, nativeRun } from './native-answers.mjs';
import { repoRoot } from './support.mjs';

const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));

let engine, module, folder;
before(async () => {
  const { loadEngine, moduleOptions } = await import(path.join(dist, 'engine.mjs'));
  const { default: createFrictionModule } = await import(path.join(dist, 'friction-wasm.mjs'));
  engine = await loadEngine({ studies: false });
  // A module of its own, called on the wire by hand (its key table apart from the engine's).
  module = await createFrictionModule(await moduleOptions('friction-wasm.wasm'));
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-wire-'));
});
after(() => rm(folder, { recursive: true, force: true }));

const slider = { m: 0, Fn: 1, c: 10000, v0: 1e-5 };
const rsf = { a: 0.01, b1: 0.015, Dc1: 1e-5, Vstar: 1e-6, form: 0 };
const extraRuns = [
  {
    law: 'coulomb',
    system: {
      duration: 5,
      v0: [
        [0, 0.1],
        [2, 0.2],
      ],
    },
    samples: 7,
  },
  {
    law: 'coulomb',
    system: {
      m: 1,
      v0: [
        [0, 0.1],
        [2, 0.2],
      ],
      duration: 5,
      c: 10,
    },
    samples: 7,
    integrator: 'radau',
    tolerance: 1e-8,
  },
  {
    law: 'rsf',
    params: rsf,
    system: { ...slider, duration: 20 },
    protocol: { table: { t: [0, 10], x: [0, 1e-4] } },
  },
  {
    law: 'rsf',
    params: { ...rsf, alpha: 0.2 },
    system: { ...slider, duration: 20, start: 'steady' },
    protocol: {
      normalForce: [
        [0, 1],
        [10, 2],
      ],
    },
    samples: 50,
  },
  {
    law: 'rsf',
    params: rsf,
    system: { ...slider, duration: 20, start: 'steady' },
    kick: 0.01,
    grid: 'log',
  },
  { model: 'abbott-seed', params: { tmax: 10 } },
  // A warning (a fixed step beyond the explicit stability limit) and a change of method (auto hands
  // rate-and-state creeping at ~1e-295 m/s from Radau to Rosenbrock; tests/native/rate_state_extremes_test).
  { law: 'drake-stribeck', system: { duration: 5 }, integrator: 'rk4' },
  { law: 'rate-state', params: { mu0: 2, a: 0.003 }, samples: 200 },
];

/** A tree's shape: its members' keys in order, its lists' lengths, its texts and flags; numbers as 0. */
const shape = (tree) =>
  JSON.stringify(tree, (key, value) => (typeof value === 'number' ? 0 : value));

/** A reply's columns as rows ({ column: value }, a state variable as `state.<key>`), as the CLI's CSV. */
function rowsOf(columns) {
  const named = Object.entries(columns).filter(([key]) => key !== 'state');
  for (const [key, column] of Object.entries(columns.state ?? {}))
    named.push([`state.${key}`, column]);
  return Array.from(columns.t, (_, row) =>
    Object.fromEntries(named.map(([key, column]) => [key, column[row]])),
  );
}

/** A reply as JSON (key order kept), its columns as arrays: for an exact comparison. */
const comparable = (reply) =>
  JSON.stringify(reply, (key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value));

/** What a call answers: its reply, or its refusal's message, field, stop time and partial columns. */
function outcome(call) {
  try {
    return { reply: call() };
  } catch (error) {
    return { error };
  }
}

test('every preset and every branch of the writers: the CLI’s reply, member for member', async () => {
  const runs = [...engine.presets().map((preset) => preset.scenario), ...extraRuns];
  const kinds = new Set();
  const mismatches = [];
  for (const [n, request] of runs.entries()) {
    const { reply, error } = outcome(() => engine.simulate(request));
    assert.equal(error, undefined, `${JSON.stringify(request)} runs`);
    const native = await nativeRun(request, folder, `w${n}`);
    assert.equal(native.error, undefined, `${JSON.stringify(request)} runs natively`);
    assert.equal(shape(reply.summary), shape(native.summary), JSON.stringify(request));
    // The CLI writes the columns that hold a finite value.
    const rows = rowsOf(reply.columns).map((row) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => Object.hasOwn(native.rows[0], key))),
    );
    assert.equal(rows.length, native.rows.length);
    assert.deepEqual(Object.keys(rows[0]), Object.keys(native.rows[0]));
    // Every row's time; the first and the last row's every column (within a run, a stiff law's rows
    // may part by more than the bound where its steps differ, and meet again: same-answers.test.mjs).
    const bound = boundOf(reply.summary);
    const found =
      difference(native.summary, reply.summary, reply.summary, bound) ??
      difference(
        native.rows.map((row) => row.t),
        Array.from(reply.columns.t),
        reply.summary,
        bound,
        't',
        't',
      ) ??
      difference(native.rows[0], rows[0], reply.summary, bound, 'first row') ??
      difference(native.last, rows.at(-1), reply.summary, bound, 'last row');
    if (found) mismatches.push(`${JSON.stringify(request)}: ${found}`);
    // The scenario as the engine writes it reads back as itself, and runs the same.
    const again = engine.simulate(reply.scenario);
    assert.equal(JSON.stringify(again.scenario), JSON.stringify(reply.scenario));
    assert.equal(JSON.stringify(again.summary), JSON.stringify(reply.summary));
    for (const key of ['events', 'holds', 'integratorSwitches', 'warnings'])
      if (reply.summary[key]?.length > 0) kinds.add(key);
  }
  assert.deepEqual(mismatches, []);
  // The lists a summary writes as objects or texts were written with items, not only empty.
  assert.deepEqual([...kinds].sort(), ['events', 'holds', 'integratorSwitches', 'warnings']);
});

test('a refusal and a budget’s stop: the message and field, and the trace up to the stop', async () => {
  const refused = outcome(() => engine.simulate({ law: 'coulomb', system: { v0: -1 } })).error;
  assert.equal(refused.parameter, 'system.v0');
  const nativeRefusal = await nativeRun({ law: 'coulomb', system: { v0: -1 } }, folder, 'refused');
  assert.ok(nativeRefusal.error.includes(refused.message), nativeRefusal.error);
  const stopped = outcome(() =>
    engine.simulate({
      law: 'rsf',
      params: { ...rsf, Dc1: 1e-10 },
      system: { ...slider, duration: 1361, start: 'steady' },
      kick: 0.01,
    }),
  ).error;
  assert.match(stopped.message, /^At t = /);
  const { t, ...others } = stopped.partial;
  assert.ok(
    t.length > 1 && t[t.length - 1] <= stopped.stoppedAt,
    `${t.at(-1)} ≤ ${stopped.stoppedAt}`,
  );
  for (const [key, column] of Object.entries(others))
    if (key !== 'state') assert.equal(column.length, t.length, key);
});

test('a function, symbol or bigint is refused by its path; a Uint8Array reads as its text', () => {
  const refusal = (request) => outcome(() => engine.simulate(request)).error;
  const cases = [
    [{ law: 'coulomb', system: { v0: () => 1 } }, 'system.v0', 'system.v0', 'function'],
    [
      {
        law: 'coulomb',
        system: {
          v0: [
            [0, 1],
            [1, Symbol('s')],
          ],
        },
      },
      'system.v0[1][1]',
      'system.v0[1][1]',
      'symbol',
    ],
    [10n, 'request', 'The request', 'bigint'],
  ];
  for (const [request, field, named, type] of cases) {
    const error = refusal(request);
    assert.equal(error.parameter, field);
    assert.equal(
      error.message,
      `${named} must be a number, string, boolean, list or object; got a ${type}.`,
    );
  }
  // The law's id as its UTF-8 bytes runs that law; a Float64Array is an object of numbered keys.
  const bytes = engine.simulate({ law: new TextEncoder().encode('lugre'), samples: 3 });
  assert.equal(bytes.scenario.law, 'lugre');
  assert.equal(refusal({ law: 'coulomb', params: new Float64Array([0.5]) }).parameter, 'params.0');
});

test('the catalogs by the wire: a fresh tree at each call; a listing there is not, refused', async () => {
  const first = engine.laws();
  first[0].params.length = 0;
  first[0].name = 'changed';
  const second = engine.laws();
  assert.notEqual(second[0].name, 'changed');
  assert.ok(second[0].params.length > 0);
  assert.ok(second.every((law) => law.params.every((p) => typeof p.key === 'string')));
  // Friction/listings.h has seven listings (0 … 6).
  const { decodeWire, mirrorWireKeys } = await import(path.join(dist, 'wire.mjs'));
  const header = module.wireHeaderAddress() >> 2;
  const read = () => {
    const heap = module.HEAPU32;
    const keys = mirrorWireKeys(
      { list: [], read: 0 },
      module.HEAPU8,
      heap[header + 4],
      heap[header + 5],
    );
    return decodeWire(module.HEAPU8, module.HEAPF64, heap[header], heap[header + 2] >> 3, keys);
  };
  module.listingWire(6);
  assert.equal(read().id, 'presliding');
  module.listingWire(7);
  assert.deepEqual(read(), { error: 'There is no listing 7.' });
});

test('a reply read after unread ones: the key table is mirrored from where it was left', async () => {
  const { encodeWire, decodeWire, mirrorWireKeys } = await import(path.join(dist, 'wire.mjs'));
  const header = module.wireHeaderAddress() >> 2;
  // One call on the module's wire, its reply left in the module's buffers.
  const call = (request) => {
    const { bytes, numbers } = encodeWire(request);
    module.wireIn(bytes.length, numbers.length);
    module.HEAPU8.set(bytes, module.HEAPU32[header]);
    module.HEAPF64.set(numbers, module.HEAPU32[header + 2] >> 3);
    module.simulateWire(null);
    return { keys: module.HEAPU32[header + 5] };
  };
  const read = (mirror) => {
    const heap = module.HEAPU32;
    const keys = mirrorWireKeys(mirror, module.HEAPU8, heap[header + 4], heap[header + 5]);
    return decodeWire(module.HEAPU8, module.HEAPF64, heap[header], heap[header + 2] >> 3, keys);
  };
  const coulomb = { law: 'coulomb', samples: 3 };
  const lugre = { law: 'lugre', system: { duration: 2 }, samples: 3 };
  const holds = extraRuns[2];
  const mirror = { list: [], read: 0 };
  const first = call(coulomb);
  assert.equal(comparable(read(mirror)), comparable(engine.simulate(coulomb)));
  assert.equal(call(coulomb).keys, first.keys, 'the same reply again adds no key');
  // LuGre's state column and the protocol's keys are new to the table; neither reply is read.
  assert.ok(call(lugre).keys > first.keys);
  call(holds);
  const known = mirror.list.length;
  assert.equal(comparable(read(mirror)), comparable(engine.simulate(holds)));
  assert.ok(mirror.list.length > known, 'the keys added since were read from the table');
  assert.equal(new Set(mirror.list).size, mirror.list.length, 'each key once');
});
