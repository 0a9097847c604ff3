// The friction laws' forces and steps as JS sees them (dist/engine.mjs): frictionForce for every
// vector law and createLaw for every stateful one. Values are computed by hand from the formulas of
// each law's source (docs/validation.md, "The solvers' formulas, worked by hand");
// tests/native/laws_test.cpp checks the laws in depth, these check that JS reaches them intact. The
// catalog: laws.test.mjs.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import {
  FORCE,
  IDS,
  MULTILINEAR,
  near,
  nearVec,
  STATEFUL,
  STEP_INPUTS,
  stepParams,
  Z,
} from './laws-support.mjs';
import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
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
  // K·dt = 1e5·1e-4 = 10 N per m/s, cap μ|Fn| = 0.3·100 = 30 (i7for3.F's Iform 2).
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
