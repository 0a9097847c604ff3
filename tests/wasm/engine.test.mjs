// The wasm module's contract as JS sees it: the catalog, simulate(), errors, and the seed model's
// behaviour. Mirrors tests/native where a claim is the same.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

const byId = (id) => engine.models().find((m) => m.id === id);

test('models() lists both models with complete parameter specs as plain objects', () => {
  const models = engine.models();
  assert.deepEqual(
    models.map((m) => m.id),
    ['abbott-seed', 'state-variable'],
  );
  for (const model of models) {
    for (const field of ['name', 'description', 'citation'])
      assert.equal(typeof model[field], 'string');
    for (const spec of model.params) {
      assert.deepEqual(
        Object.keys(spec).sort(),
        [
          'default',
          'defaultFrom',
          'help',
          'key',
          'kind',
          'label',
          'max',
          'min',
          'minExclusive',
          'scale',
          'sliderMax',
          'sliderMin',
          'step',
          'symbol',
          'texSymbol',
          'unit',
        ].sort(),
      );
      assert.ok(
        spec.min <= spec.default && spec.default <= spec.max,
        `${model.id}.${spec.key} default in range`,
      );
      assert.ok(
        spec.min <= spec.sliderMin && spec.sliderMin < spec.sliderMax && spec.sliderMax <= spec.max,
        `${model.id}.${spec.key} slider range inside the accepted range`,
      );
      assert.ok(['linear', 'log'].includes(spec.scale));
    }
  }
  assert.deepEqual(
    byId('abbott-seed').params.map((p) => p.key),
    ['mus', 'muk', 'N', 'tmax', 'c', 'eta', 'tau', 'D', 'v0', 'va', 'vb'],
  );
  const normalForce = byId('state-variable').params.find((p) => p.key === 'Fn');
  assert.deepEqual(normalForce.defaultFrom, { key: 'm', factor: 9.80665, formula: 'm·g' });
});

test('columns() describes every result column', () => {
  assert.deepEqual(
    engine.columns().map((c) => c.key),
    [
      't',
      'x',
      'v',
      'theta',
      'friction',
      'fk',
      'spring',
      'vOverV0',
      'fkOverFk0',
      'staticLimit',
      'drivePosition',
    ],
  );
});

test('simulate() takes any subset of parameters and returns JS-owned Float64Array columns', () => {
  const result = engine.simulate({ model: 'abbott-seed', params: { c: 20, N: 2 } });
  const { columns, summary } = result;
  const length = columns.t.length;
  assert.ok(length > 100);
  for (const column of engine.columns()) {
    const values = columns[column.key];
    assert.ok(values instanceof Float64Array, column.key);
    assert.equal(values.length, length, column.key);
    // Owned: the array spans its whole buffer, not a window onto the wasm heap.
    assert.equal(values.buffer.byteLength, values.byteLength, column.key);
  }
  assert.equal(summary.params.c, 20);
  assert.equal(summary.params.N, 2);
  assert.equal(summary.params.mus, byId('abbott-seed').params.find((p) => p.key === 'mus').default);
  // A result survives later runs (nothing points into wasm memory).
  const copy = Array.from(columns.v);
  for (let i = 0; i < 5; i++)
    engine.simulate({ model: 'state-variable', params: { duration: 50 } });
  assert.deepEqual(Array.from(columns.v), copy);
});

test("the seed model starts stuck and reports the seed's Resonance √(c/N)", () => {
  for (const [c, N] of [
    [10, 1],
    [50, 2.5],
    [3, 0.1],
  ]) {
    const { columns, summary } = engine.simulate({
      model: 'abbott-seed',
      params: { c, N, eta: 0 },
    });
    assert.equal(summary.resonanceRadPerS, Math.sqrt(c / N));
    assert.equal(summary.resonanceHz, Math.sqrt(c / N) / (2 * Math.PI));
    // At rest θ = 1 and the static limit is μs·N; the spring needs t = μs N/(c v0) to reach it. Until
    // then the block rests and the friction on it is the drive force, below that limit.
    const { mus, v0 } = summary.params;
    const earliestBreak = (mus * N) / (c * v0);
    for (let i = 0; i < columns.t.length && columns.t[i] < 0.95 * earliestBreak; i++) {
      assert.equal(columns.v[i], 0);
      assert.equal(columns.friction[i], columns.spring[i]);
      assert.ok(columns.friction[i] < columns.staticLimit[i]);
    }
    assert.ok(Math.abs(columns.staticLimit[0] / (mus * N) - 1) < 1e-15);
    assert.ok(
      columns.v.some((v) => v > 0),
      'the block eventually slides',
    );
  }
});

test('the state-variable model uses √(c/m) and defaults Fn to m·g', () => {
  // It breaks away at μs·m·g/(c v0) ≈ 2.4 s: long enough to slide.
  const { summary } = engine.simulate({
    model: 'state-variable',
    params: { m: 4, c: 100, duration: 4 },
  });
  assert.equal(summary.resonanceRadPerS, 5);
  assert.equal(summary.params.Fn, 4 * 9.80665);
  // The spring-block's loop runs it: auto's Dormand–Prince, or Rosenbrock where stiff (never Radau).
  assert.ok(['dormand-prince', 'rosenbrock'].includes(summary.integrator), summary.integrator);
  assert.ok(summary.steps > 0 && summary.dt > 0);
});

test('bad input throws an Error naming the parameter, its unit, the range and the value', () => {
  const cases = [
    [
      { model: 'state-variable', params: { m: 0 } },
      'params.m',
      'Mass (m) must be between 0.01 kg and 100 kg; got 0 kg.',
    ],
    [
      { model: 'abbott-seed', params: { N: NaN } },
      'params.N',
      'Load (N) must be a finite number between 0.1 kg and 10 kg; got NaN kg.',
    ],
    [
      { model: 'abbott-seed', params: { c: '3' } },
      'params.c',
      "Parameter 'c' must be a number; got the string '3'.",
    ],
    [
      { model: 'abbott-seed', params: { mass: 1 } },
      'params.mass',
      /^Unknown parameter 'mass' for 'abbott-seed'/,
    ],
    [
      { model: 'nope' },
      'model',
      "Unknown model 'nope'; the models are: abbott-seed, state-variable.",
    ],
    [
      { params: {} },
      'model',
      "A scenario needs a model (such as 'abbott-seed') or a law (such as 'coulomb').",
    ],
    [{ model: 7 }, 'model', "model must be a string such as 'abbott-seed'; got the number 7."],
    [
      null,
      'scenario',
      /^The scenario must be an object with the keys model, law, params, .*; got null\.$/,
    ],
  ];
  for (const [request, parameter, message] of cases) {
    assert.throws(
      () => engine.simulate(request),
      (error) => {
        assert.ok(error instanceof Error);
        assert.equal(error.parameter, parameter);
        if (message instanceof RegExp) assert.match(error.message, message);
        else assert.equal(error.message, message);
        return true;
      },
    );
  }
});

test('errors do not leak wasm memory, from any entry point', () => {
  // Refusals while reading parameters, before a run (the duration budget), and from the law API.
  const failing = [
    () => engine.simulate({ model: 'abbott-seed', params: { unknownParameterWithALongName: 1 } }),
    () =>
      engine.simulate({
        model: 'state-variable',
        params: { m: 0.01, Fn: 10000, mus: 2, D: 1e-7, duration: 200 },
      }),
    () => engine.frictionCoefficient('drake-stribeck', { dynamic_friction: 2 }, { v: 1 }),
    () => engine.lawCurve('coulomb', {}, { scale: 'log', vMin: 0 }),
  ];
  let call = 0;
  const attempt = () => {
    try {
      failing[call++ % failing.length]();
    } catch {
      /* expected */
    }
  };
  for (let i = 0; i < 1000; i++) attempt();
  const before = engine.memoryBytes();
  // A leaked exception object and message (~300 bytes each) would need > 30 MB here.
  for (let i = 0; i < 100000; i++) attempt();
  assert.equal(engine.memoryBytes(), before);
});

test('a simulate() from inside another’s onProgress gets its own answer; the outer keeps its', () => {
  const c1 = {
    law: 'coulomb',
    params: { mu_s: 0.6, mu_k: 0.4 },
    system: { m: 1, c: 10, v0: 0.1, Fn: 10, duration: 20 },
    samples: 5,
  };
  const lugre = { law: 'lugre', system: { duration: 400 }, samples: 5 };
  const innerAlone = engine.simulate(c1);
  const outerAlone = engine.simulate(lugre);
  let inner = null;
  const outer = engine.simulate({
    ...lugre,
    onProgress: () => {
      inner ??= engine.simulate(c1);
    },
  });
  assert.ok(inner !== null, 'onProgress was called');
  assert.deepEqual(Array.from(inner.columns.x), Array.from(innerAlone.columns.x));
  assert.deepEqual(Array.from(outer.columns.x), Array.from(outerAlone.columns.x));
  assert.deepEqual(outer.summary, outerAlone.summary);
});

test('a request’s Uint8Array is the bytes of a text: in a number’s place, refused by its path', () => {
  const request = { law: 'coulomb', params: { mu_s: new Uint8Array([0x30, 0x2e, 0x35]) } };
  assert.throws(
    () => engine.simulate(request),
    (error) => error.parameter === 'params.mu_s' && /the string '0\.5'/.test(error.message),
  );
});
