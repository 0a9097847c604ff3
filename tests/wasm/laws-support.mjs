// Shared by the node tests of the friction laws (laws*.test.mjs): the law ids by kind, the hand
// values' parameters (docs/validation.md, "The solvers' formulas, worked by hand"), inputs every
// law can read, and the assertions of a value within a tolerance and of an error naming its
// parameter.

import assert from 'node:assert/strict';

export const IDS = [
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
export const FORCE = new Set([
  'ratel-coulomb',
  'ratel-threlfall',
  'drake-stribeck',
  'radioss-coulomb',
  'radioss-generalized-viscous',
  'radioss-darmstad',
  'radioss-renard',
  'radioss-exponential',
]);
export const DYNAMIC = new Set([
  'lugre',
  'dahl',
  'rate-state',
  'elasto-plastic',
  'rsf',
  'state-variable',
]);
// Dynamic laws that also report a coefficient μ (rate-and-state's, the θ model's steady μ(v)).
export const DYNAMIC_WITH_COEFFICIENT = new Set(['rate-state', 'rsf', 'state-variable']);
export const STATEFUL = new Set([
  'radioss-coulomb',
  'radioss-generalized-viscous',
  'radioss-darmstad',
  'radioss-renard',
  'radioss-exponential',
  'opensees-veldepmultilinear',
]);

// The hand checks' parameter sets.
export const RENARD = { C1: 0.15, C2: 0.12, C3: 0.2, C4: 0.1, C5: 0.5, C6: 2.0 };
export const MULTILINEAR = { vel: [0, 2, 8, 10], frn: [0.085, 0.15, 0.163, 0.163] };
export const Z = [0, 0, 1];

/** |actual − expected| ≤ tolerance, with a readable message. */
export function near(actual, expected, tolerance, what = '') {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what} got ${actual}, expected ${expected} ± ${tolerance}`,
  );
}
export function nearVec(actual, expected, tolerance, what = '') {
  assert.equal(actual.length, 3, `${what} has 3 components`);
  for (let i = 0; i < 3; i++) near(actual[i], expected[i], tolerance, `${what}[${i}]`);
}
/** `call` throws an Error whose .parameter is `parameter` (or one of an array of them). */
export function throwsNaming(call, parameter) {
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
export const COEFFICIENT_INPUTS = { v: 0.01, N: 10, p: 10, theta: -1 };
export const STEP_INPUTS = { v: 0.5, N: 10, p: 10, vt: [0.5, 0, 0], n: Z, Fn: 10, dt: 1e-3 };
// A Radioss law is stateful with the stiffness formulation (Iform 2) or a filter.
export const stepParams = (id) => (id.startsWith('radioss-') ? { Iform: 2 } : {});
