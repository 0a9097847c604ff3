// The validation audit (issue 8), by machine: every parameter of every catalog entry, through every
// JS entry point that takes it, refuses a value below its range, above it, NaN, ±Infinity, a string,
// null, an array (for a number) and an unknown key, each with an Error whose .parameter is the path
// of the value in the request (issue 14: 'params.mu_s', 'system.v0', 'scenario.params.mu_s' in a map;
// a law's parameters given as an argument of their own, as lawCurve takes them, by their key) and
// whose message names the parameter, its unit, the allowed range and the value given. Then the
// request-level fields of each entry point (missing, mistyped, out of range) and the cross-parameter
// rules. docs/reference/errors.md ("What is refused, by entry point") lists what is checked here.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadBuiltEngine } from './support.mjs';

const engine = await loadBuiltEngine();
const laws = engine.laws();
const system = engine.system();
const presliding = engine.presliding();

/** Expects `run` to throw an Error naming `parameter` (or one of a list of them); returns the message. */
function refused(run, parameter, context) {
  let caught;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof Error, `${context}: not refused`);
  if (Array.isArray(parameter))
    assert.ok(
      parameter.includes(caught.parameter),
      `${context}: ${caught.parameter}: ${caught.message}`,
    );
  else assert.equal(caught.parameter, parameter, `${context}: ${caught.message}`);
  return caught.message;
}

// A value just outside the range (the minimum itself where it is exclusive, as OpenSees's "> 0"); a
// range with an infinite end has nothing beyond it there.
const outside = (spec) => [
  ...(Number.isFinite(spec.min) ? [[spec.min - Math.max(1, Math.abs(spec.min)), 'below']] : []),
  ...(spec.minExclusive ? [[spec.min, 'at its exclusive minimum']] : []),
  ...(Number.isFinite(spec.max) ? [[spec.max + Math.max(1, Math.abs(spec.max)), 'above']] : []),
];

/** Checks every parameter of `entry` through `call(params)`; `prefix` is the path of those params in the request. */
function auditParams(entry, call, where, prefix) {
  let checked = 0;
  for (const spec of entry.params) {
    const context = `${where} ${spec.key}`;
    const path = prefix + spec.key;
    if (spec.kind === 'list') {
      refused(() => call({ [spec.key]: [1, NaN] }), path, `${context} [1, NaN]`);
      refused(() => call({ [spec.key]: 'x' }), path, `${context} 'x'`);
      checked += 2;
      continue;
    }
    for (const [value, side] of outside(spec)) {
      const message = refused(() => call({ [spec.key]: value }), path, `${context} ${side}`);
      // The message names the parameter (its label and key), the range and the value given.
      const named =
        message.startsWith(`${spec.label} (${spec.key})`) ||
        (spec.label === spec.key && message.startsWith(spec.key));
      assert.ok(named, `${context}: not named in ${message}`);
      if (spec.unit) assert.ok(message.includes(spec.unit), `${context}: no unit in ${message}`);
      assert.match(
        message,
        /between|greater than|at least|at most|within/,
        `${context}: no range in ${message}`,
      );
      assert.match(message, /got -?[\d.e+-]+/, `${context}: no value in ${message}`);
      checked += 1;
    }
    for (const value of [NaN, Infinity, -Infinity]) {
      const message = refused(() => call({ [spec.key]: value }), path, `${context} ${value}`);
      assert.match(message, /finite/, `${context}: ${message}`);
      assert.ok(message.includes(String(value)), `${context}: ${message}`);
      checked += 1;
    }
    for (const value of ['0.5', null, [1]]) {
      if (Array.isArray(value) && spec.kind === 'list') continue;
      // The drive's v0 takes a list as velocity steps: [1] is a step that is not a [t, v] pair.
      refused(
        () => call({ [spec.key]: value }),
        [path, `${path}[0]`],
        `${context} ${JSON.stringify(value)}`,
      );
      checked += 1;
    }
    if (spec.kind === 'integer' && Number.isFinite(spec.min) && spec.max > spec.min) {
      refused(() => call({ [spec.key]: spec.min + 0.5 }), path, `${context} fractional`);
      checked += 1;
    }
  }
  refused(() => call({ notAParameter: 1 }), `${prefix}notAParameter`, `${where} unknown key`);
  // An empty key names nothing a control could show: the error names the object it stands in.
  refused(() => call({ '': 'mus' }), prefix ? prefix.slice(0, -1) : 'params', `${where} empty key`);
  return checked + 1;
}

test('every seed-model parameter is refused out of range, non-finite, mistyped or unknown, by name', () => {
  let checked = 0;
  for (const model of engine.models()) {
    checked += auditParams(
      model,
      (params) => engine.simulate({ model: model.id, params: { ...params } }),
      model.id,
      'params.',
    );
  }
  assert.ok(checked > 100, `${checked} checks`);
});

test('every law parameter is refused the same way by simulate, lawCurve and a stability map', () => {
  let checked = 0;
  const axes = {
    x: { target: 'system', key: 'c', min: 10, max: 20, count: 2 },
    y: { target: 'system', key: 'eta', min: 0, max: 1, count: 2 },
  };
  for (const law of laws) {
    checked += auditParams(
      law,
      (params) => engine.simulate({ law: law.id, params, system: { duration: 0.01 }, samples: 3 }),
      `simulate ${law.id}`,
      'params.',
    );
    checked += auditParams(
      law,
      (params) => engine.lawCurve(law.id, params, { vMin: 0, vMax: 1, count: 3 }),
      `lawCurve ${law.id}`,
      '',
    );
    checked += auditParams(
      law,
      (params) => engine.sweepCells({ scenario: { law: law.id, params }, ...axes, cells: [0, 0] }),
      `map ${law.id}`,
      'scenario.params.',
    );
  }
  assert.ok(checked > 1000, `${checked} checks`);
});

test('every spring-block system and presliding-protocol parameter is refused by name', () => {
  let checked = auditParams(
    system,
    (values) => engine.simulate({ law: 'coulomb', system: values, samples: 3 }),
    'system',
    'system.',
  );
  checked += auditParams(
    presliding,
    (values) => engine.runPresliding({ law: 'lugre', protocol: values }),
    'protocol',
    'protocol.',
  );
  assert.ok(checked > 40, `${checked} checks`);
});

// Request-level fields, as [a call that must be refused, the field its message must name]: the
// simulation's, the other entry points', and the stability map's.
const SIMULATE_FIELDS = [
  [() => engine.simulate(undefined), 'scenario'],
  [() => engine.simulate({}), 'model'],
  [() => engine.simulate({ model: 7 }), 'model'],
  [() => engine.simulate({ law: 'nope' }), 'law'],
  [() => engine.simulate({ law: 'coulomb', integrator: 'leapfrog' }), 'integrator'],
  [() => engine.simulate({ law: 'coulomb', integrator: 3 }), 'integrator'],
  [() => engine.simulate({ law: 'coulomb', samples: 1 }), 'samples'],
  [() => engine.simulate({ law: 'coulomb', samples: 1e9 }), 'samples'],
  [() => engine.simulate({ law: 'coulomb', samples: '100' }), 'samples'],
  [() => engine.simulate({ law: 'coulomb', tolerance: -1e-8 }), 'tolerance'],
  [() => engine.simulate({ law: 'coulomb', tolerance: 0.1 }), 'tolerance'],
  [() => engine.simulate({ law: 'coulomb', tolerance: NaN }), 'tolerance'],
  [() => engine.simulate({ law: 'coulomb', system: { start: 'moving' } }), 'system.start'],
  [() => engine.simulate({ law: 'coulomb', kick: 0.01 }), 'kick'],
  [() => engine.simulate({ law: 'coulomb', system: { start: 'steady' }, kick: 0.9 }), 'kick'],
  [() => engine.simulate({ law: 'coulomb', system: { v0: [[1, 0.1]] } }), 'system.v0[0]'],
  [
    () =>
      engine.simulate({
        law: 'coulomb',
        system: {
          v0: [
            [0, 0.1],
            [0.5, 'fast'],
          ],
        },
      }),
    'system.v0[1]',
  ],
];
const OTHER_ENTRY_FIELDS = [
  [() => engine.imposeVelocity({ law: 'lugre', velocity: [[0, 1]], duration: -1 }), 'duration'],
  [() => engine.imposeVelocity({ law: 'coulomb', velocity: [[0, 1]], duration: 1 }), 'law'],
  [() => engine.applyForce({ law: 'lugre', force: 'push', duration: 1 }), 'force'],
  [() => engine.runPresliding({ law: 'coulomb' }), 'law'],
  [() => engine.lawCurve('coulomb', {}, { vMin: 1, vMax: 0, count: 3 }), 'vMax'],
  [() => engine.lawCurve('coulomb', {}, { vMin: 0, vMax: 1, count: 1e9 }), 'count'],
  [() => engine.frictionCoefficient('coulomb', {}, { v: 'fast' }), 'v'],
];
const SWEEP_FIELDS = [
  [() => engine.sweepCells(undefined), 'sweep'],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2 },
      }),
    'y',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 1 },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'x.count',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2.5 },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'x.count',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 100001 },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'x.count',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2, log: 'yes' },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'x.log',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2 },
        y: { key: 'mu_s', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'y.key',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2 },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 5],
      }),
    'cells',
  ],
  [
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0.1, max: 0.5, count: 2 },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0],
      }),
    'cells',
  ],
  [
    () =>
      engine.sweepBoundary({
        scenario: { model: 'abbott-seed' },
        x: { key: 'c', min: 1, max: 5, count: 2 },
        y: { key: 'eta', min: 0, max: 1, count: 2 },
        resolution: 1e6,
      }),
    'resolution',
  ],
];

test('request-level fields of every entry point: missing, mistyped and out of range, by name', () => {
  for (const [run, parameter] of [...SIMULATE_FIELDS, ...OTHER_ENTRY_FIELDS, ...SWEEP_FIELDS])
    refused(run, parameter, run.toString());
});

test("cross-parameter rules: μk ≤ μs where the origin requires it, a map's distinct axes, log axes above 0", () => {
  // Textbook Coulomb and Drake's Stribeck need the kinetic coefficient at most the static one.
  assert.match(
    refused(
      () => engine.simulate({ law: 'coulomb', params: { mu_s: 0.3, mu_k: 0.5 } }),
      'params.mu_k',
      'coulomb',
    ),
    /0\.3/,
  );
  refused(
    () =>
      engine.simulate({
        law: 'drake-stribeck',
        params: { static_friction: 0.3, dynamic_friction: 0.5 },
      }),
    'params.dynamic_friction',
    'drake',
  );
  refused(
    () =>
      engine.sweepCells({
        scenario: { law: 'coulomb' },
        x: { key: 'mu_s', min: 0, max: 0.5, count: 2, log: true },
        y: { key: 'mu_k', min: 0.1, max: 0.2, count: 2 },
        cells: [0, 0],
      }),
    'x.min',
    'log axis from 0',
  );
});

test('a run that blows up throws its reason with the time reached and the finite columns up to there', () => {
  // LuGre with RK4 at the 5 ms output step: unstable once the block slides (λh ≈ 100 ≫ 2.785).
  let caught;
  try {
    engine.simulate({
      law: 'lugre',
      integrator: 'rk4',
      system: { m: 1, c: 10, v0: 0.1, duration: 10 },
    });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof Error);
  assert.match(caught.message, /non-finite at t = /);
  assert.ok(caught.stoppedAt > 0 && caught.stoppedAt < 10, String(caught.stoppedAt));
  const { t, v, x } = caught.partial;
  assert.ok(t instanceof Float64Array && t.length >= 2);
  assert.ok(t.at(-1) <= caught.stoppedAt);
  assert.ok([...v, ...x].every(Number.isFinite));
  // A refusal of input is not a stop: it has no partial run.
  assert.throws(
    () => engine.simulate({ law: 'lugre', system: { m: -1 } }),
    (error) => error.partial === undefined,
  );
});
