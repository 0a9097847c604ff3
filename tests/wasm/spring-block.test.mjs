// simulate({ law, params, system, integrator, samples }) as JS sees it. Mirrors
// tests/native/spring_block_test.cpp where the claim is the same.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

// Case C1 of physics-checks §1: m 1 kg, c 10 N/m, v0 0.1 m/s, Fs 6 N, Fk 4 N (Fn 10 N).
const C1 = { law: 'coulomb', params: { mu_s: 0.6, mu_k: 0.4 }, system: { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 } };
// T = 2ΔF/(c v0) + (π + 2 atan(v0 √(cm)/ΔF))/ω
const periodC1 = 2 * 2 / (10 * 0.1) + (Math.PI + 2 * Math.atan(0.1 * Math.sqrt(10) / 2)) / Math.sqrt(10);

test('system() and integrators() describe the spring-block and its methods', () => {
  assert.deepEqual(engine.system().params.map((p) => p.key), ['m', 'Fn', 'c', 'eta', 'v0', 'duration']);
  assert.deepEqual(engine.system().params.find((p) => p.key === 'Fn').defaultFrom, { key: 'm', factor: 9.80665, formula: 'm·g' });
  assert.deepEqual(engine.integrators().map((i) => i.id), ['auto', 'dormand-prince', 'rosenbrock', 'rk4', 'semi-implicit-euler', 'seed-euler']);
});

test('the Coulomb law gives the closed-form stick-slip period, events and intervals (mirrors §1 C1)', () => {
  const { columns, summary } = engine.simulate(C1);
  assert.ok(Math.abs(summary.period / periodC1 - 1) < 1e-9, `period ${summary.period} against ${periodC1}`);
  assert.equal(summary.regime, 'stick-slip');
  assert.equal(summary.integrator, 'dormand-prince');
  assert.deepEqual(summary.events.slice(0, 2).map((e) => e.kind), ['break-away', 'stick']);
  assert.equal(summary.events[0].t, 6);  // Fs/(c v0), exact: the stick phase is solved in closed form
  assert.deepEqual(summary.stickIntervals[0], [0, 6]);
  assert.ok(summary.energyResidual < 1e-8);
  assert.ok(columns.t instanceof Float64Array && columns.t.length >= 2000);
  assert.ok(Number.isNaN(columns.theta[0]));
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

test('auto states the method it picked: Rosenbrock for a steep law, the stepped loop for a stateful one', () => {
  assert.equal(engine.simulate({ law: 'drake-stribeck', system: { duration: 1 } }).summary.integrator, 'rosenbrock');
  const stepped = engine.simulate({ law: 'radioss-coulomb', params: { Iform: 2 }, system: { duration: 1 } }).summary;
  assert.equal(stepped.integrator, 'semi-implicit-euler');
  assert.ok(stepped.steps > 0);
});

test('every law drives the block with its defaults', () => {
  for (const law of engine.laws()) {
    const { columns, summary } = engine.simulate({ law: law.id, system: { duration: 2 } });
    assert.ok(columns.t.length >= 2000, law.id);
    assert.ok(columns.x.every(Number.isFinite), `${law.id}: finite positions`);
    assert.ok(['stick-slip', 'steady', 'growing', 'decaying', 'oscillation', 'stuck'].includes(summary.regime), law.id);
  }
});

test('bad requests name the field', () => {
  const cases = [
    [{ ...C1, integrator: 'leapfrog' }, 'integrator'],
    [{ ...C1, samples: 1 }, 'samples'],
    [{ ...C1, system: { m: -1 } }, 'm'],
    [{ ...C1, params: { mu_k: 0.9 } }, 'mu_k'],
    [{ law: 'radioss-coulomb', params: { Iform: 2 }, integrator: 'rk4' }, 'integrator'],
    [{ law: 'nope' }, 'law'],
  ];
  for (const [request, parameter] of cases)
    assert.throws(() => engine.simulate(request), (error) => error.parameter === parameter, JSON.stringify(request));
});
