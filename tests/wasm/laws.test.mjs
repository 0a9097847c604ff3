// The friction laws as JS sees them (dist/engine.mjs): the catalog, frictionCoefficient,
// frictionForce, createLaw and lawCurve for every law id, and errors naming the parameter. Values
// are computed by hand from the formulas of shared/reference/friction-laws.md (§ numbers refer to
// it); tests/native/laws_test.cpp checks the laws in depth, these check that JS reaches them intact.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

const IDS = [
  'coulomb',
  'abbott-theta',
  'ratel-coulomb',
  'ratel-threlfall',
  'drake-stribeck',
  'radioss-coulomb',
  'radioss-generalized-viscous',
  'radioss-darmstad',
  'radioss-renard',
  'radioss-exponential',
  'opensees-coulomb',
  'opensees-veldependent',
  'opensees-velpressuredep',
  'opensees-veldepmultilinear',
  'opensees-velnormalfrcdep',
  'lugre',
  'dahl',
  'rate-state',
  'elasto-plastic',
  'rsf',
  'state-variable',
];
const FORCE = new Set([
  'ratel-coulomb',
  'ratel-threlfall',
  'drake-stribeck',
  'radioss-coulomb',
  'radioss-generalized-viscous',
  'radioss-darmstad',
  'radioss-renard',
  'radioss-exponential',
]);
const DYNAMIC = new Set(['lugre', 'dahl', 'rate-state', 'elasto-plastic', 'rsf', 'state-variable']);
// Dynamic laws that also report a coefficient μ (rate-and-state's, the θ model's steady μ(v)).
const DYNAMIC_WITH_COEFFICIENT = new Set(['rate-state', 'rsf', 'state-variable']);
const STATEFUL = new Set([
  'radioss-coulomb',
  'radioss-generalized-viscous',
  'radioss-darmstad',
  'radioss-renard',
  'radioss-exponential',
  'opensees-veldepmultilinear',
]);

const RENARD = { C1: 0.15, C2: 0.12, C3: 0.2, C4: 0.1, C5: 0.5, C6: 2.0 }; // §5
const MULTILINEAR = { vel: [0, 2, 8, 10], frn: [0.085, 0.15, 0.163, 0.163] }; // §5
const Z = [0, 0, 1];

const lawById = (id) => engine.laws().find((law) => law.id === id);

/** |actual − expected| ≤ tolerance, with a readable message. */
function near(actual, expected, tolerance, what = '') {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what} got ${actual}, expected ${expected} ± ${tolerance}`,
  );
}
function nearVec(actual, expected, tolerance, what = '') {
  assert.equal(actual.length, 3, `${what} has 3 components`);
  for (let i = 0; i < 3; i++) near(actual[i], expected[i], tolerance, `${what}[${i}]`);
}
/** `call` throws an Error whose .parameter is `parameter` (or one of an array of them). */
function throwsNaming(call, parameter) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof Error);
    if (Array.isArray(parameter))
      assert.ok(parameter.includes(error.parameter), `parameter ${error.parameter}`);
    else assert.equal(error.parameter, parameter);
    assert.ok(error.message.length > 0);
    return true;
  });
}

// Inputs every law can read, for the sweeps over all ids.
const COEFFICIENT_INPUTS = { v: 0.01, N: 10, p: 10, theta: -1 };
const STEP_INPUTS = { v: 0.5, N: 10, p: 10, vt: [0.5, 0, 0], n: Z, Fn: 10, dt: 1e-3 };
// A Radioss law is stateful with the stiffness formulation (Iform 2) or a filter.
const stepParams = (id) => (id.startsWith('radioss-') ? { Iform: 2 } : {});

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

test('frictionCoefficient() gives a finite μ for every law with a coefficient, with its defaults', () => {
  for (const id of IDS.filter((law) => lawById(law).can.coefficient)) {
    const mu = engine.frictionCoefficient(id, {}, COEFFICIENT_INPUTS);
    assert.equal(typeof mu, 'number', id);
    assert.ok(Number.isFinite(mu), `${id}: ${mu}`);
  }
});

test('frictionCoefficient() reaches each law with v, N, p and θ: hand values of §5 and the formulas', () => {
  const mu = (id, params, inputs) =>
    engine.frictionCoefficient(id, params, { v: 0, N: 1, p: 0, theta: -1, ...inputs });
  // Textbook Coulomb: μk sliding, μs at rest.
  assert.equal(mu('coulomb', { mu_s: 0.6, mu_k: 0.4 }, { v: -0.3 }), 0.4);
  assert.equal(mu('coulomb', { mu_s: 0.6, mu_k: 0.4 }, { v: 0 }), 0.6);
  // Abbott θ: Fk = 0.4·(1 + 0.5·0.03 + 2·(0.03 − 0.1)²) = 0.40992, θ = 1 − 0.1·0.03/0.01 = 0.7,
  // μ = 0.40992 + 0.19008·0.7 = 0.542976; with θ = 0.25 given at v = 0.2: Fk = 0.448, μ = 0.486.
  const theta = { mus: 0.6, muk: 0.4, va: 0.5, vb: 2, v0: 0.1, tau: 0.1, D: 0.01 };
  near(mu('abbott-theta', theta, { v: 0.03 }), 0.542976, 1e-12, 'abbott-theta steady');
  near(mu('abbott-theta', theta, { v: 0.2, theta: 0.25 }), 0.486, 1e-12, 'abbott-theta θ = 0.25');
  // Ratel: 0.3 + 2·0.5/10 = 0.4; Threlfall 0.3 + 2·(0.15 − 0.05)/10 = 0.32.
  near(
    mu('ratel-coulomb', { kinetic: 0.3, viscous: 2 }, { v: -0.5, N: 10 }),
    0.4,
    1e-14,
    'ratel-coulomb',
  );
  near(
    mu(
      'ratel-threlfall',
      { kinetic: 0.3, viscous: 2, tolerance_velocity: 0.05 },
      { v: 0.15, N: 10 },
    ),
    0.32,
    1e-14,
    'ratel-threlfall',
  );
  // Drake (0.8, 0.5): μ(0.25 vs) = 0.8·step5(0.25) = 0.0828125; μ(0) = 0.
  const drake = { static_friction: 0.8, dynamic_friction: 0.5, stiction_tolerance: 1e-4 };
  near(mu('drake-stribeck', drake, { v: 0.25e-4 }), 0.0828125, 1e-15, 'drake');
  assert.equal(mu('drake-stribeck', drake, { v: 0 }), 0);
  // Radioss.
  assert.equal(mu('radioss-coulomb', { Fric: 0.3 }, { v: 2 }), 0.3);
  near(
    mu(
      'radioss-generalized-viscous',
      { Fric: 0.1, C1: 0.01, C2: 0.02, C3: 0.001, C4: 0.0005, C5: 0.003 },
      { v: 0.5, p: 10 },
    ),
    0.26575,
    1e-14,
    'generalized viscous',
  ); // 0.1 + 0.1 + 0.01 + 0.005 + 0.05 + 0.00075
  near(
    mu(
      'radioss-darmstad',
      { Fric: 0.1, C1: 1e-4, C2: -0.5, C3: 0.002, C4: -1, C5: 0.05, C6: -2 },
      { v: 1, p: 10 },
    ),
    0.1 + 1e-4 * Math.exp(-0.5) * 100 + 0.002 * Math.exp(-1) * 10 + 0.05 * Math.exp(-2),
    1e-14,
    'darmstad',
  );
  near(mu('radioss-renard', RENARD, { v: 0.25 }), 0.1875, 1e-15, 'renard V = 0.25'); // 0.15 + 0.05·0.5·1.5
  near(mu('radioss-renard', RENARD, { v: -3 }), 0.12 - 0.02 / 1.02, 1e-15, 'renard V = 3');
  near(
    mu('radioss-exponential', { Fric: 0.3, C1: 0.1, C2: 2 }, { v: 0.5 }),
    0.1 + 0.2 * Math.exp(-1),
    1e-15,
    'exponential',
  );
  // OpenSees.
  assert.equal(mu('opensees-coulomb', { mu: 0.12 }, { v: 1, N: -5 }), 0.12);
  near(
    mu(
      'opensees-veldependent',
      { muSlow: 0.085, muFast: 0.163, transRate: 0.77 },
      { v: -1, N: 100 },
    ),
    0.126884980672,
    1e-12,
    'veldependent',
  ); // 0.163 − 0.078·e^(−0.77)
  const muFast = 0.15 - 0.05 * Math.tanh(0.5); // alpha·N/A = 1e-6·5000/0.01 = 0.5
  near(
    mu(
      'opensees-velpressuredep',
      { muSlow: 0.05, muFast0: 0.15, A: 0.01, deltaMu: 0.05, alpha: 1e-6, transRate: 1 },
      { v: 2, N: 5000 },
    ),
    muFast - (muFast - 0.05) * Math.exp(-2),
    1e-14,
    'velpressuredep',
  );
  near(
    mu('opensees-veldepmultilinear', MULTILINEAR, { v: 5, N: 100 }),
    0.1565,
    1e-14,
    'veldepmultilinear',
  ); // 0.150 + 0.013·3/6
});

test("frictionCoefficient() passes OpenSees VelNormalFrcDep's cap, inf and NaN through to JS", () => {
  const p = { aSlow: 0.2, nSlow: 0.8, aFast: 0.5, nFast: 0.9, maxMuFact: 2 };
  const mu = (v, N) => engine.frictionCoefficient('opensees-velnormalfrcdep', p, { v, N, p: 0 });
  // N = 1e-9: μSlow = 12.6 above the cap 2·0.5·(1e-9)^(−0.1) = 7.94.
  near(mu(0, 1e-9), 2 * 0.5 * 1e-9 ** -0.1, 1e-12, 'capped');
  // N = 1e-6: μSlow = 0.2·(1e-6)^(−0.2) = 3.17 < 3.98.
  near(mu(0, 1e-6), 0.2 * 1e-6 ** -0.2, 1e-12, 'uncapped');
  assert.equal(mu(0.1, 0), Infinity);
  assert.ok(Number.isNaN(mu(0.1, -1)));
});

test('frictionForce() returns the force on the body for every vector law, and refuses the others', () => {
  for (const id of IDS) {
    const call = () =>
      engine.frictionForce(id, {}, { vt: [0.1, 0, 0], n: Z, Fn: 10, Fe: [0, 0, 0] });
    if (!FORCE.has(id)) {
      assert.throws(call, Error, id);
      continue;
    }
    const f = Array.from(call());
    assert.equal(f.length, 3, id);
    assert.ok(f[0] <= 0, `${id} opposes the slip: ${f}`);
    near(f[1], 0, 0, `${id} y`); // ±0: the sign of a zero component does not matter
    near(f[2], 0, 0, `${id} z`);
  }
});

test('frictionForce() hand values: Ratel null-velocity rule, Drake μ(2 vs), Radioss capped viscous penalty', () => {
  const force = (id, params, inputs) =>
    Array.from(
      engine.frictionForce(id, params, { vt: [0, 0, 0], n: Z, Fn: 0, Fe: [0, 0, 0], ...inputs }),
    );
  // Ratel Coulomb, F_C = 0.2·10 = 2: sliding along (0.6, 0.8) → −2·(0.6, 0.8, 0).
  nearVec(
    force('ratel-coulomb', { kinetic: 0.2 }, { vt: [0.3, 0.4, 0], Fn: 10 }),
    [-1.2, -1.6, 0],
    1e-14,
    'ratel slide',
  );
  // At rest, |Fe| = 5 > 2: −2 along Fe; |Fe| = 0.5 < 2: −Fe.
  nearVec(
    force('ratel-coulomb', { kinetic: 0.2 }, { Fn: 10, Fe: [3, 4, 0] }),
    [-1.2, -1.6, 0],
    1e-14,
    'ratel limit',
  );
  nearVec(
    force('ratel-coulomb', { kinetic: 0.2 }, { Fn: 10, Fe: [0.3, 0.4, 0] }),
    [-0.3, -0.4, 0],
    1e-14,
    'ratel stuck',
  );
  // Threlfall above v0 with damping: 3 + 2·(0.15 − 0.05) = 3.2 along −y.
  nearVec(
    force(
      'ratel-threlfall',
      { kinetic: 0.3, viscous: 2, tolerance_velocity: 0.05 },
      { vt: [0, 0.15, 0], Fn: 10 },
    ),
    [0, -3.2, 0],
    1e-13,
    'threlfall',
  );
  // Drake (0.8, 0.5, 1e-4) at |vt| = 2e-4: μ = 0.65, fn = 10 → −6.5; below 1e-14 m/s nothing; fn = 0 nothing.
  const drake = { static_friction: 0.8, dynamic_friction: 0.5, stiction_tolerance: 1e-4 };
  nearVec(
    force('drake-stribeck', drake, { vt: [0, 2e-4, 0], Fn: 10 }),
    [0, -6.5, 0],
    1e-13,
    'drake',
  );
  nearVec(
    force('drake-stribeck', drake, { vt: [0.5e-14, 0, 0], Fn: 10 }),
    [0, 0, 0],
    0,
    'drake creep',
  );
  nearVec(force('drake-stribeck', drake, { vt: [1, 0, 0], Fn: 0 }), [0, 0, 0], 0, 'drake fn = 0');
  // Radioss, C = √(2·1e5·0.01) = √2000: V = 0.1 adheres at −4.472…; V = 1 is capped at 0.3·100 = 30.
  const radioss = { Fric: 0.3, K: 1e5, M: 0.01 };
  nearVec(
    force('radioss-coulomb', radioss, { vt: [0.1, 0, 0], Fn: 100 }),
    [-Math.sqrt(2000) * 0.1, 0, 0],
    1e-12,
    'adhesion',
  );
  nearVec(
    force('radioss-coulomb', radioss, { vt: [0.6, 0.8, 0], Fn: 100 }),
    [-18, -24, 0],
    1e-12,
    'capped',
  );
});

test('createLaw() steps every stateful law and refuses stateless ones', () => {
  for (const id of IDS) {
    if (!STATEFUL.has(id)) {
      assert.throws(() => engine.createLaw(id, {}).step(STEP_INPUTS), Error, id);
      continue;
    }
    const law = engine.createLaw(id, stepParams(id));
    const result = law.step(STEP_INPUTS);
    assert.equal(Array.from(result.force).length, 3, id);
    for (const field of ['magnitude', 'mu', 'slope', 'segment'])
      assert.equal(typeof result[field], 'number', `${id}.${field}`);
    assert.equal(typeof law.reset, 'function', id);
  }
});

test("createLaw() keeps Radioss Iform 2's capped history: 10, 20, 30, 30, then 20 on reversal; reset() restarts", () => {
  // K·dt = 1e5·1e-4 = 10 N per m/s, cap μ|Fn| = 0.3·100 = 30 (§5).
  const law = engine.createLaw('radioss-coulomb', { Fric: 0.3, Iform: 2, K: 1e5 });
  const step = (vx) => law.step({ vt: [vx, 0, 0], n: Z, Fn: 100, dt: 1e-4, p: 0, v: 0, N: 0 });
  for (const expected of [10, 20, 30, 30]) {
    const result = step(1);
    nearVec(Array.from(result.force), [-expected, 0, 0], 1e-9, `loading ${expected}`);
    near(result.magnitude, expected, 1e-9, 'magnitude');
    assert.equal(result.mu, 0.3);
  }
  for (const expected of [20, 10, 0, -10])
    nearVec(Array.from(step(-1).force), [-expected, 0, 0], 1e-9, `reversal ${expected}`);
  law.reset();
  nearVec(Array.from(step(1).force), [-10, 0, 0], 1e-9, 'after reset');
});

test('createLaw() filters Radioss Iform 1 (Ifiltr 1, α = 0.25): 30·(1 − 0.75^k)', () => {
  const law = engine.createLaw('radioss-coulomb', { Fric: 0.3, Ifiltr: 1, Xfreq: 0.25 });
  for (let k = 1; k <= 3; k++) {
    const { force } = law.step({ vt: [1, 0, 0], n: Z, Fn: 100, dt: 1e-3, p: 0, v: 0, N: 0 });
    nearVec(Array.from(force), [-30 * (1 - 0.75 ** k), 0, 0], 1e-9, `step ${k}`);
  }
});

test("createLaw() remembers VelDepMultiLinear's segment: the slope at |v| = 2 differs from below and from above", () => {
  const law = engine.createLaw('opensees-veldepmultilinear', MULTILINEAR);
  const step = (v) => law.step({ v, N: 100, p: 0, vt: [0, 0, 0], n: Z, Fn: 0, dt: 1 });
  let result = step(2); // from below: segment [2, 8], slope·N = 0.013/6·100
  assert.equal(result.segment, 1);
  near(result.slope, (0.013 / 6) * 100, 1e-12, 'slope from below');
  near(result.magnitude, 15, 1e-12, 'μN = 0.150·100');
  assert.equal(step(8).segment, 2);
  result = step(2); // from above: segment [0, 2], slope·N = 0.065/2·100 = 3.25
  assert.equal(result.segment, 0);
  near(result.slope, 3.25, 1e-12, 'slope from above');
  law.reset();
  assert.equal(step(2).segment, 1);
});

test('lawCurve() returns Float64Arrays of the requested count for every law', () => {
  for (const id of IDS) {
    const curve = engine.lawCurve(
      id,
      {},
      { vMin: 0.01, vMax: 1, count: 50, scale: 'linear', N: 10, p: 10, theta: -1 },
    );
    for (const key of ['v', 'mu', 'force']) {
      assert.ok(curve[key] instanceof Float64Array, `${id}.${key}`);
      assert.equal(curve[key].length, 50, `${id}.${key}`);
    }
    near(curve.v[0], 0.01, 1e-15, `${id} vMin`);
    near(curve.v[49], 1, 1e-12, `${id} vMax`);
  }
});

test('lawCurve() adds v = 0 inside a linear range and spaces a log range geometrically', () => {
  const drake = { static_friction: 0.8, dynamic_friction: 0.5, stiction_tolerance: 1e-4 };
  // −1 … 2 in 5 points is −1, −0.25, 0.5, 1.25, 2; 0 is added: 6 points.
  const linear = engine.lawCurve('drake-stribeck', drake, {
    vMin: -1,
    vMax: 2,
    count: 5,
    scale: 'linear',
    N: 2,
  });
  assert.equal(linear.v.length, 6);
  assert.equal(linear.mu.length, 6);
  assert.equal(linear.force.length, 6);
  [-1, -0.25, 0, 0.5, 1.25, 2].forEach((v, i) => near(linear.v[i], v, 1e-12, `v[${i}]`));
  assert.equal(linear.mu[2], 0); // Drake μ(0) = 0
  near(linear.force[0], -0.5 * 2, 1e-12, 'force signed like v: −μd·N');
  // 1e-6 … 1 in 7 points: decades.
  const log = engine.lawCurve('radioss-renard', RENARD, {
    vMin: 1e-6,
    vMax: 1,
    count: 7,
    scale: 'log',
    N: 1,
  });
  assert.equal(log.v.length, 7);
  log.v.forEach((v, i) => near(v / 10 ** (i - 6), 1, 1e-12, `log v[${i}]`));
  throwsNaming(
    () => engine.lawCurve('radioss-renard', RENARD, { vMin: 0, vMax: 1, count: 7, scale: 'log' }),
    ['vMin', 'scale'],
  );
});

test('lawCurve() of an OpenSees law at N ≤ 0 has zero force (getFrictionForce) but still reports μ', () => {
  for (const N of [0, -2]) {
    const curve = engine.lawCurve(
      'opensees-veldependent',
      { muSlow: 0.085, muFast: 0.163, transRate: 0.77 },
      { vMin: 0.5, vMax: 1, count: 2, scale: 'linear', N },
    );
    assert.deepEqual(Array.from(curve.force, Math.abs), [0, 0], `N = ${N}`);
    near(curve.mu[1], 0.126884980672, 1e-12, `μ(1) at N = ${N}`); // 0.163 − 0.078·e^(−0.77)
  }
  // VelNormalFrcDep at N = 0: μ = maxMuFact·aFast·0^(nFast−1) = inf, force 0.
  const capped = engine.lawCurve(
    'opensees-velnormalfrcdep',
    {},
    { vMin: 0.5, vMax: 1, count: 2, scale: 'linear', N: 0 },
  );
  assert.deepEqual(Array.from(capped.mu), [Infinity, Infinity]);
  assert.deepEqual(Array.from(capped.force, Math.abs), [0, 0]);
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
