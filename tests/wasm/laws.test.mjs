// The friction laws as JS sees them (dist/engine.mjs): the catalog (laws(), every parameter's spec
// and ranges) and errors naming the parameter. Values are computed by hand from the formulas of
// each law's source (docs/validation.md, "The solvers' formulas, worked by hand");
// tests/native/laws_test.cpp checks the laws in depth, these check that JS reaches them intact.
// frictionCoefficient and lawCurve: laws-coefficient.test.mjs; frictionForce and createLaw:
// laws-step.test.mjs.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import {
  DYNAMIC,
  DYNAMIC_WITH_COEFFICIENT,
  FORCE,
  IDS,
  near,
  RENARD,
  STATEFUL,
  STEP_INPUTS,
  throwsNaming,
  Z,
} from './laws-support.mjs';
import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

const lawById = (id) => engine.laws().find((law) => law.id === id);

test('laws() lists every law of the issue with its origin, citation, capabilities and inputs', () => {
  const laws = engine.laws();
  assert.deepEqual(laws.map((law) => law.id).sort(), [...IDS].sort());
  const origins = [
    'Textbook',
    'Abbott app',
    'Ratel',
    'Drake',
    'OpenRadioss',
    'OpenSees',
    'Literature',
  ];
  const inputs = ['v', 'N', 'p', 'theta', 'vt', 'n', 'Fn', 'Fe', 'dt'];
  for (const law of laws) {
    for (const field of ['name', 'description', 'citation']) {
      assert.equal(typeof law[field], 'string', `${law.id}.${field}`);
      assert.ok(law[field].length > 0, `${law.id}.${field}`);
    }
    assert.ok(origins.includes(law.origin), `${law.id} origin ${law.origin}`);
    assert.deepEqual(
      law.can,
      {
        coefficient: !DYNAMIC.has(law.id) || DYNAMIC_WITH_COEFFICIENT.has(law.id),
        force: FORCE.has(law.id),
        stateful: STATEFUL.has(law.id),
        dynamic: DYNAMIC.has(law.id),
        holdsAtRest: law.id === 'state-variable',
      },
      law.id,
    );
    assert.equal(law.state.length > 0, DYNAMIC.has(law.id), `${law.id} state variables`);
    assert.ok(Array.isArray(law.inputs) && law.inputs.length > 0, `${law.id} inputs`);
    for (const input of law.inputs) assert.ok(inputs.includes(input), `${law.id} input ${input}`);
  }
});

test('every law parameter is a complete spec with a kind, and its default lies in its range', () => {
  for (const law of engine.laws()) {
    for (const spec of law.params) {
      const where = `${law.id}.${spec.key}`;
      for (const field of ['key', 'symbol', 'label', 'unit', 'help'])
        assert.equal(typeof spec[field], 'string', where);
      assert.ok(['number', 'integer', 'list'].includes(spec.kind), `${where} kind ${spec.kind}`);
      assert.ok(['linear', 'log'].includes(spec.scale), where);
      assert.ok(spec.min <= spec.max, where);
      if (spec.kind === 'list') {
        assert.ok(
          Array.isArray(spec.default) && spec.default.length >= 2,
          `${where} default is an array`,
        );
        for (const item of spec.default) assert.ok(spec.min <= item && item <= spec.max, where);
      } else {
        assert.equal(typeof spec.default, 'number', where);
        assert.ok(
          spec.min <= spec.default && spec.default <= spec.max,
          `${where} default in range`,
        );
      }
      if (spec.kind === 'integer') assert.equal(spec.default, Math.floor(spec.default), where);
    }
  }
  const keys = (id) => lawById(id).params.map((p) => p.key);
  assert.deepEqual(keys('coulomb'), ['mu_s', 'mu_k']);
  assert.deepEqual(keys('drake-stribeck'), [
    'static_friction',
    'dynamic_friction',
    'stiction_tolerance',
  ]);
  assert.deepEqual(keys('ratel-threlfall'), ['kinetic', 'viscous', 'tolerance_velocity']);
  assert.deepEqual(keys('opensees-veldepmultilinear'), ['vel', 'frn']);
  const renard = lawById('radioss-renard').params;
  assert.equal(renard.find((p) => p.key === 'Iform').kind, 'integer');
  assert.equal(renard.find((p) => p.key === 'Ifiltr').kind, 'integer');
  for (const key of ['C1', 'C2', 'C3', 'C4', 'C5', 'C6'])
    assert.equal(renard.find((p) => p.key === key).default, RENARD[key]);
  assert.equal(
    lawById('opensees-veldepmultilinear').params.find((p) => p.key === 'vel').kind,
    'list',
  );
  assert.equal(
    lawById('drake-stribeck').params.find((p) => p.key === 'stiction_tolerance').default,
    1e-4,
  );
});

test('errors carry .parameter: the law, the parameter key, or the input', () => {
  throwsNaming(() => engine.frictionCoefficient('amontons', {}, { v: 1 }), 'law');
  throwsNaming(() => engine.frictionForce('amontons', {}, { vt: [1, 0, 0], n: Z, Fn: 1 }), 'law');
  throwsNaming(() => engine.createLaw('amontons', {}), 'law');
  throwsNaming(() => engine.lawCurve('amontons', {}, { vMin: 0, vMax: 1, count: 10 }), 'law');
  throwsNaming(
    () => engine.frictionCoefficient('coulomb', { mu_static: 0.5 }, { v: 1 }),
    'mu_static',
  );
  throwsNaming(
    () => engine.frictionCoefficient('coulomb', { mu_s: 0.6, mu_k: 0.7 }, { v: 1 }),
    'mu_k',
  );
  throwsNaming(
    () =>
      engine.frictionCoefficient(
        'drake-stribeck',
        { static_friction: 0.5, dynamic_friction: 0.9 },
        { v: 1 },
      ),
    'dynamic_friction',
  );
  throwsNaming(
    () => engine.frictionCoefficient('drake-stribeck', { stiction_tolerance: 0 }, { v: 1 }),
    'stiction_tolerance',
  );
  throwsNaming(
    () => engine.frictionCoefficient('opensees-coulomb', { mu: 0 }, { v: 1, N: 1 }),
    'mu',
  );
  throwsNaming(
    () =>
      engine.frictionCoefficient(
        'opensees-veldepmultilinear',
        { vel: [0, 2, 2], frn: [0.1, 0.2, 0.3] },
        { v: 1, N: 1 },
      ),
    'vel',
  );
  throwsNaming(
    () => engine.frictionCoefficient('radioss-coulomb', { Iform: 3 }, { v: 1 }),
    'Iform',
  );
  throwsNaming(
    () =>
      engine.createLaw('radioss-coulomb', { Fric: 0.3, Ifiltr: 1, Xfreq: 1.5 }).step(STEP_INPUTS),
    'Xfreq',
  );
  throwsNaming(() => engine.frictionCoefficient('drake-stribeck', {}, { v: NaN }), 'v');
  throwsNaming(
    () => engine.frictionForce('drake-stribeck', {}, { vt: [1, 0, 0], n: [0, 0, 2], Fn: 1 }),
    'n',
  );
  throwsNaming(
    () =>
      engine
        .createLaw('radioss-coulomb', { Fric: 0.3, Iform: 2 })
        .step({ vt: [1, 0, 0], n: Z, Fn: 100, dt: 0, v: 0, N: 0, p: 0 }),
    'dt',
  );
});

test('a parameter carries two ranges: the accepted one (maybe unbounded) and its slider span within it', () => {
  for (const law of engine.laws()) {
    for (const spec of law.params) {
      const where = `${law.id}.${spec.key}`;
      assert.equal(typeof spec.minExclusive, 'boolean', where);
      // The slider's span is finite, accepted, and holds the default.
      assert.ok(
        Number.isFinite(spec.sliderMin) &&
          Number.isFinite(spec.sliderMax) &&
          spec.sliderMin < spec.sliderMax,
        where,
      );
      assert.ok(spec.sliderMin >= spec.min && spec.sliderMax <= spec.max, where);
      if (spec.minExclusive)
        assert.ok(spec.sliderMin > spec.min, `${where}: the slider offers only accepted values`);
      if (spec.kind !== 'list')
        assert.ok(spec.sliderMin <= spec.default && spec.default <= spec.sliderMax, where);
    }
  }
  // OpenSees's own limits (SRC/element/frictionBearing/frictionModel): VelPressureDep.cpp checks no
  // alpha, exits on A <= 0 (:101); VelNormalFrcDep.cpp exits on nSlow > 1 (:103).
  const param = (id, key) => lawById(id).params.find((p) => p.key === key);
  const alpha = param('opensees-velpressuredep', 'alpha');
  assert.deepEqual([alpha.min, alpha.max, alpha.minExclusive], [-Infinity, Infinity, false]);
  const area = param('opensees-velpressuredep', 'A');
  assert.deepEqual([area.min, area.max, area.minExclusive], [0, Infinity, true]);
  const nSlow = param('opensees-velnormalfrcdep', 'nSlow');
  assert.deepEqual([nSlow.min, nSlow.max, nSlow.minExclusive], [-Infinity, 1, false]);
  // What OpenSees accepts beyond the slider runs (alpha = 2, the case); what it exits on is
  // refused with the field's path, unit, range and value.
  const run = engine.simulate({
    law: 'opensees-velpressuredep',
    params: { alpha: 2 },
    system: { duration: 1 },
  });
  assert.ok(run.columns.t.length > 0);
  near(
    engine.frictionCoefficient(
      'opensees-velpressuredep',
      { alpha: 2, muFast0: 0.16, deltaMu: 0.05, A: 0.01, transRate: 1e6 },
      { v: 1, N: 10 },
    ),
    0.16 - 0.05,
    1e-15,
    'muFast0 − deltaMu·tanh(2·N/A)',
  );
  assert.throws(
    () => engine.simulate({ law: 'opensees-velpressuredep', params: { A: 0 } }),
    (error) =>
      error.parameter === 'params.A' && /A must be greater than 0 m²; got 0 m²/.test(error.message),
  );
});
