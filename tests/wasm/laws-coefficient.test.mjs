// The friction laws' coefficient and curves as JS sees them (dist/engine.mjs): frictionCoefficient
// and lawCurve for every law id. Values are computed by hand from the formulas of each law's source
// (docs/validation.md, "The solvers' formulas, worked by hand"); tests/native/laws_test.cpp checks
// the laws in depth, these check that JS reaches them intact. The catalog: laws.test.mjs.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import {
  COEFFICIENT_INPUTS,
  IDS,
  MULTILINEAR,
  near,
  RENARD,
  throwsNaming,
} from './laws-support.mjs';
import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

const lawById = (id) => engine.laws().find((law) => law.id === id);

test('frictionCoefficient() gives a finite μ for every law with a coefficient, with its defaults', () => {
  for (const id of IDS.filter((law) => lawById(law).can.coefficient)) {
    const mu = engine.frictionCoefficient(id, {}, COEFFICIENT_INPUTS);
    assert.equal(typeof mu, 'number', id);
    assert.ok(Number.isFinite(mu), `${id}: ${mu}`);
  }
});

test('frictionCoefficient() reaches each law with v, N, p and θ: the hand values and the formulas', () => {
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
