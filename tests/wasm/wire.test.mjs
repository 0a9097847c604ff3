// The two ways simulate()'s reply leaves the module agree: by the wire (the engine's writers straight into
// the wire's streams, cpp/bindings/value_wire.h, read by engine.mjs's decodeWire) and by the module's
// own Embind call (the same writers into a friction::Value, converted by value_js.h). Member for member
// and in the same key order, over runs that take every branch of the summary's and the scenario's
// writers: a seed model, every preset, velocity steps in v0's place and after the system's keys, a
// steady start, holds, a displacement table, normal-force steps, the log grid, a kick, a tolerance, an
// integrator, events, holds measured, warnings, a change of method, a refusal and a run stopped by its
// budget.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { repoRoot } from './support.mjs';

const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));

let engine;
let embind;
before(async () => {
  const { loadEngine, moduleOptions } = await import(path.join(dist, 'engine.mjs'));
  const { default: createFrictionModule } = await import(path.join(dist, 'friction-wasm.mjs'));
  engine = await loadEngine({ studies: false });
  // A module of its own whose simulate() is the Embind call (engine.simulate takes the wire).
  embind = await createFrictionModule(await moduleOptions('friction-wasm.wasm'));
});

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

/** The reply as plain JSON (key order kept) and its columns as arrays, for an exact comparison. */
function comparable(reply) {
  const columns = {};
  const collect = (object, into) => {
    for (const [key, value] of Object.entries(object))
      into[key] = ArrayBuffer.isView(value) ? Array.from(value) : collect(value, {});
    return into;
  };
  collect(reply.columns, columns);
  return JSON.stringify({ columns, summary: reply.summary, scenario: reply.scenario });
}

/** What a call answers: the reply, or the refusal's message, field and partial trace. */
function outcome(call) {
  try {
    return comparable(call());
  } catch (error) {
    const partial = error.partial ? comparable({ columns: error.partial }) : undefined;
    return JSON.stringify({
      error: error.message,
      field: error.parameter,
      partial,
      at: error.stoppedAt,
    });
  }
}

/** The Embind call's reply, thrown as engine.mjs throws a refusal. */
function byEmbind(request) {
  const reply = embind.simulate(request);
  if (reply.error === undefined) return reply;
  throw Object.assign(new Error(reply.error), {
    parameter: reply.parameter,
    partial: reply.partial,
    stoppedAt: reply.stoppedAt,
  });
}

test('every preset and every branch of the writers: the wire and the Embind call give the same reply', () => {
  const runs = [...engine.presets().map((preset) => preset.scenario), ...extraRuns];
  const kinds = new Set();
  for (const request of runs) {
    const wire = outcome(() => engine.simulate(request));
    assert.equal(
      wire,
      outcome(() => byEmbind(request)),
      JSON.stringify(request),
    );
    assert.doesNotMatch(wire, /"error"/, `${JSON.stringify(request)} runs`);
    const { summary } = engine.simulate(request);
    for (const key of ['events', 'holds', 'integratorSwitches', 'warnings'])
      if (summary[key]?.length > 0) kinds.add(key);
  }
  // The lists a summary writes as objects or texts were written with items, not only empty.
  assert.deepEqual([...kinds].sort(), ['events', 'holds', 'integratorSwitches', 'warnings']);
});

test('a refusal and a budget’s stop: the same message, field and partial trace either way', () => {
  const refused = { law: 'coulomb', system: { v0: -1 } };
  const stopped = {
    law: 'rsf',
    params: { ...rsf, Dc1: 1e-10 },
    system: { ...slider, duration: 1361, start: 'steady' },
    kick: 0.01,
  };
  for (const request of [refused, stopped]) {
    const wire = outcome(() => engine.simulate(request));
    assert.match(wire, /"error"/);
    assert.equal(
      wire,
      outcome(() => byEmbind(request)),
    );
  }
});

test('a reply read after unread ones: the key table is mirrored from where it was left', async () => {
  const { encodeWire, decodeWire, mirrorWireKeys } = await import(path.join(dist, 'engine.mjs'));
  const header = embind.wireHeaderAddress() >> 2;
  // One call on the module's wire, its reply left in the module's buffers.
  const call = (request) => {
    const { bytes, numbers } = encodeWire(request);
    embind.wireIn(bytes.length, numbers.length);
    embind.HEAPU8.set(bytes, embind.HEAPU32[header]);
    embind.HEAPF64.set(numbers, embind.HEAPU32[header + 2] >> 3);
    embind.simulateWire(null);
    return { keys: embind.HEAPU32[header + 5] };
  };
  const read = (mirror) => {
    const heap = embind.HEAPU32;
    const keys = mirrorWireKeys(mirror, embind.HEAPU8, heap[header + 4], heap[header + 5]);
    return decodeWire(embind.HEAPU8, embind.HEAPF64, heap[header], heap[header + 2] >> 3, keys);
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
