// simulate({ law, params, system, integrator, samples }) as JS sees it. Mirrors
// tests/native/spring_block_test.cpp where the claim is the same.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

// Case C1 (docs/validation.md, "Closed forms: the spring-block"): m 1 kg, c 10 N/m, v0 0.1 m/s,
// Fs 6 N, Fk 4 N (Fn 10 N).
const C1 = {
  law: 'coulomb',
  params: { mu_s: 0.6, mu_k: 0.4 },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 },
};
// T = 2ΔF/(c v0) + (π + 2 atan(v0 √(cm)/ΔF))/ω
const periodC1 =
  (2 * 2) / (10 * 0.1) + (Math.PI + 2 * Math.atan((0.1 * Math.sqrt(10)) / 2)) / Math.sqrt(10);

test('system() and integrators() describe the spring-block and its methods', () => {
  assert.deepEqual(
    engine.system().params.map((p) => p.key),
    ['m', 'Fn', 'c', 'eta', 'v0', 'x0', 'duration'],
  );
  assert.deepEqual(engine.system().params.find((p) => p.key === 'Fn').defaultFrom, {
    key: 'm',
    factor: 9.80665,
    formula: 'm·g',
  });
  assert.deepEqual(
    engine.integrators().map((i) => i.id),
    ['auto', 'dormand-prince', 'rosenbrock', 'radau', 'rk4', 'semi-implicit-euler', 'seed-euler'],
  );
});

test("no integrator's summary depends on the rows asked for: the steps never follow the output grid", () => {
  // Rows are read off each step's dense output (a fixed step's Hermite interpolant included), so the
  // steps, and the summary read off the solution, are the same for 2 rows as for 2000.
  for (const { id } of engine.integrators()) {
    const run = (samples) => engine.simulate({ ...C1, integrator: id, samples }).summary;
    const few = run(2),
      many = run(2000);
    assert.equal(few.steps, many.steps, id);
    assert.equal(few.period, many.period, id);
    assert.deepEqual(few.events, many.events, id);
  }
});

test('the Coulomb law gives the closed-form stick-slip period, events and intervals (mirrors case C1)', () => {
  const { columns, summary } = engine.simulate(C1);
  assert.ok(
    Math.abs(summary.period / periodC1 - 1) < 1e-9,
    `period ${summary.period} against ${periodC1}`,
  );
  assert.equal(summary.regime, 'stick-slip');
  assert.equal(summary.integrator, 'dormand-prince');
  assert.deepEqual(
    summary.events.slice(0, 2).map((e) => e.kind),
    ['break-away', 'stick'],
  );
  assert.equal(summary.events[0].t, 6); // Fs/(c v0), exact: the stick phase is solved in closed form
  assert.deepEqual(summary.stickIntervals[0], [0, 6]);
  assert.ok(summary.energyResidual < 1e-8);
  assert.ok(columns.t instanceof Float64Array && columns.t.length === 2000);
  assert.equal(columns.theta, undefined); // a law's run has no θ column (no column of NaN)
  assert.deepEqual(summary.params, { mu_s: 0.6, mu_k: 0.4 });
});

test('every integrator runs and states itself; fixed-step RK4 stays within 1e-8 of the period', () => {
  for (const { id } of engine.integrators()) {
    const { summary } = engine.simulate({ ...C1, integrator: id });
    assert.equal(summary.integrator, id === 'auto' ? 'dormand-prince' : id);
    assert.ok(summary.steps > 0);
    if (id === 'rk4') assert.ok(Math.abs(summary.period / periodC1 - 1) < 1e-8);
  }
});

test('auto states the method it picked: Radau for a steep law, the stepped loop for a stateful one', () => {
  assert.equal(
    engine.simulate({ law: 'drake-stribeck', system: { duration: 1 } }).summary.integrator,
    'radau',
  );
  const stepped = engine.simulate({
    law: 'radioss-coulomb',
    params: { Iform: 2 },
    system: { duration: 1 },
  }).summary;
  assert.equal(stepped.integrator, 'semi-implicit-euler');
  assert.ok(stepped.steps > 0);
});

test('every law drives the block with its defaults', () => {
  for (const law of engine.laws()) {
    const { columns, summary } = engine.simulate({ law: law.id, system: { duration: 2 } });
    assert.equal(columns.t.length, 2000, law.id);
    assert.ok(columns.x.every(Number.isFinite), `${law.id}: finite positions`);
    const regimes = ['stick-slip', 'steady', 'growing', 'decaying', 'oscillation', 'stuck'];
    assert.ok([...regimes, 'settling', 'not-settled'].includes(summary.regime), law.id);
  }
});

test('bad requests name the field', () => {
  const cases = [
    [{ ...C1, integrator: 'leapfrog' }, 'integrator'],
    [{ ...C1, samples: 1 }, 'samples'],
    [{ ...C1, system: { m: -1 } }, 'system.m'],
    [{ ...C1, params: { mu_k: 0.9 } }, 'params.mu_k'],
    [{ law: 'radioss-coulomb', params: { Iform: 2 }, integrator: 'rk4' }, 'integrator'],
    [{ law: 'nope' }, 'law'],
  ];
  for (const [request, parameter] of cases)
    assert.throws(
      () => engine.simulate(request),
      (error) => error.parameter === parameter,
      JSON.stringify(request),
    );
});

test('a dynamic law drives the block and its state comes back as a column; the law alone runs too', () => {
  // LuGre at v0 = 10 vs with a damping dashpot settles to F_ss = g(v0) + σ2 v0 (Canudas de Wit et
  // al. 1995).
  const { columns, summary } = engine.simulate({
    law: 'lugre',
    system: { v0: 0.01, eta: 20, duration: 20 },
    samples: 201,
  });
  const g = 1 + 0.5 * Math.exp(-100);
  assert.ok(columns.state.z instanceof Float64Array && columns.state.z.length === columns.t.length);
  assert.ok(
    Math.abs(columns.friction.at(-1) / (g + 0.4 * 0.01) - 1) < 1e-6,
    `friction ${columns.friction.at(-1)}`,
  );
  assert.ok(Math.abs(columns.state.z.at(-1) / (g / 1e5) - 1) < 1e-6);
  assert.equal(summary.regime, 'steady');

  // Rate-and-state, a velocity step ×10 from steady sliding: the direct effect a·ln 10 at once
  // (Dieterich 1979).
  const step = engine.imposeVelocity({
    law: 'rate-state',
    params: { form: 0 },
    N: 1,
    velocity: [
      [0, 1e-6],
      [1, 1e-5],
    ],
    duration: 2,
    samples: 201,
  });
  const at = (time) => step.columns.t.findIndex((t) => Math.abs(t - time) < 1e-12);
  assert.ok(
    Math.abs(step.columns.friction[at(1)] - step.columns.friction[at(0.5)] - 0.01 * Math.log(10)) <
      1e-12,
  );
  assert.ok(step.columns.state.theta instanceof Float64Array);

  // Presliding: the paper's protocol comes from the engine; LuGre's loop closes near 4.49e-5 m (2 %).
  const force = engine.preslidingProtocol({ amplitude: 1.425, rate: 0.1425, hold: 5 });
  assert.ok(Math.abs(force[1][0] - 10) < 1e-12 && force[1][1] === 1.425, String(force[1]));
  const loop = engine.applyForce({
    law: 'lugre',
    m: 1,
    force,
    duration: force.at(-1)[0],
    samples: 601,
    tolerance: 1e-9,
  });
  assert.ok(Math.abs(loop.columns.x.at(-1) / 4.4936e-5 - 1) < 0.02, `x ${loop.columns.x.at(-1)}`);
});

test('the law-alone runs name the offending field', () => {
  const cases = [
    [() => engine.imposeVelocity({ law: 'coulomb', velocity: [[0, 1]] }), 'law'],
    [() => engine.imposeVelocity({ law: 'lugre', velocity: [[1, 1]] }), 'velocity'],
    [() => engine.imposeVelocity({ law: 'lugre', velocity: 'fast' }), 'velocity'],
    [() => engine.imposeVelocity({ law: 'lugre', velocity: [[0, 1]], start: 'moving' }), 'start'],
    // Nagata's evolution reads dμ/dt, which only the quasi-static slider gives.
    [
      () => engine.imposeVelocity({ law: 'rsf', params: { evolution: 3 }, velocity: [[0, 1e-6]] }),
      'params.evolution',
    ],
    [() => engine.applyForce({ law: 'lugre', force: [[0, 0]], m: 0 }), 'm'],
    [() => engine.applyForce({ law: 'lugre', force: [[0, 0]], samples: 1 }), 'samples'],
    [() => engine.applyForce(undefined), 'request'],
    [() => engine.preslidingProtocol({ amplitude: -1 }), 'amplitude'],
  ];
  for (const [call, parameter] of cases)
    assert.throws(call, (error) => error.parameter === parameter, String(call));
});

test("system.v0 may be velocity steps and system.start 'steady'; a bad step is named by its path", () => {
  // Started in steady sliding, Coulomb friction stays at μk·Fn with the block at v0 (its kinetic
  // branch).
  const steady = engine.simulate({
    law: 'coulomb',
    params: { mu_s: 0.6, mu_k: 0.4 },
    system: { m: 1, c: 10, v0: 0.1, Fn: 10, duration: 5, start: 'steady' },
  });
  assert.equal(steady.summary.regime, 'steady');
  // To the tolerance (1e-10 of v0): rows between steps come from Dormand–Prince's continuous extension.
  assert.ok(steady.columns.v.every((v) => Math.abs(v - 0.1) < 1e-11));
  assert.ok(steady.columns.friction.every((f) => Math.abs(f - 4) < 1e-12));
  assert.equal(steady.summary.system.start, 'steady');

  // A velocity step of the drive from steady sliding: the spring's extension must change by η·Δv/c… here
  // η = 0, so the block oscillates about v0' with amplitude Δv (x'' = −ω² (x − …)): v peaks at 2 v0' − v0.
  const stepped = engine.simulate({
    law: 'coulomb',
    params: { mu_s: 0.6, mu_k: 0.4 },
    system: {
      m: 1,
      c: 10,
      v0: [
        [0, 0.1],
        [1, 0.15],
      ],
      Fn: 10,
      duration: 4,
      start: 'steady',
    },
    samples: 4001,
  });
  assert.deepEqual(stepped.summary.system.v0, [
    [0, 0.1],
    [1, 0.15],
  ]);
  assert.ok(
    Math.abs(stepped.summary.peakVelocity - 0.2) < 1e-9,
    `peak ${stepped.summary.peakVelocity}`,
  );

  const bad = [
    [{ v0: [[1, 0.1]] }, 'system.v0[0]'],
    [
      {
        v0: [
          [0, 0.1],
          [0, 0.2],
        ],
      },
      'system.v0[1]',
    ],
    [{ v0: [[0, 200]] }, 'system.v0'],
    [
      {
        v0: [
          [0, 0.1],
          [1, 200],
        ],
      },
      'system.v0[1]',
    ],
    [
      {
        v0: [
          [0, 0.1],
          [1, 'fast'],
        ],
      },
      'system.v0[1]',
    ],
    [{ v0: [] }, 'system.v0'],
    [{ v0: 'fast' }, 'system.v0'],
    [{ start: 'moving' }, 'system.start'],
  ];
  for (const [system, parameter] of bad)
    assert.throws(
      () => engine.simulate({ law: 'coulomb', system }),
      (error) => error.parameter === parameter,
      JSON.stringify(system),
    );
});
