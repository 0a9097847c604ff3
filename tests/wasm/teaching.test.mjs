// What the page needs to teach, as JS sees it (dist/engine.mjs): each model's, law's and system's
// equations, quirks and TeX symbols from the catalog; the friction column as the force on the block;
// the static limit and its kind; the drive position; events that count the stick intervals.
// Mirrors tests/native/equations_test.cpp and friction_column_test.cpp where a claim is the same.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';

import { loadBuiltEngine } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

test('every law in engine.laws() has equations with non-empty tex and notes, and quirks', () => {
  for (const law of engine.laws()) {
    assert.ok(Array.isArray(law.equations) && law.equations.length > 0, `${law.id}: equations`);
    for (const equation of law.equations) {
      assert.equal(typeof equation.tex, 'string');
      assert.ok(equation.tex.length > 0, `${law.id}: empty tex`);
      assert.ok(equation.note.length > 0, `${law.id}: empty note`);
    }
    assert.ok(Array.isArray(law.quirks) && law.quirks.length > 0, `${law.id}: quirks`);
    for (const spec of law.params)
      assert.ok(spec.texSymbol.length > 0, `${law.id}.${spec.key}: texSymbol`);
    assert.equal(law.updateLoop, undefined, `${law.id}: laws carry no update loop`);
  }
});

test('models, the system and the presliding experiment carry equations; only the seed model an update loop', () => {
  for (const entry of [...engine.models(), engine.system(), engine.presliding()]) {
    assert.ok(
      entry.equations.length > 0 && entry.equations.every((e) => e.tex.length > 0),
      entry.id,
    );
    assert.ok(Array.isArray(entry.quirks), entry.id);
    for (const spec of entry.params)
      assert.ok(spec.texSymbol.length > 0, `${entry.id}.${spec.key}`);
  }
  const [seed, stateVariable] = engine.models();
  // The seed's order: θ (no dt), then Fk and F, the velocity, the position with the new velocity, the clamp.
  const lines = seed.updateLoop.split('\n');
  const index = (text) => lines.findIndex((line) => line.includes(text));
  const steps = ['θ ← θ +', 'Fk ←', 'v ← v +', 'x ← x + v', 'if v < 0'].map(index);
  assert.ok(
    steps.every((k) => k > 0),
    seed.updateLoop,
  );
  assert.deepEqual(
    [...steps].sort((a, b) => a - b),
    steps,
  );
  assert.equal(stateVariable.updateLoop, '');
  // The system's equation for the drive force uses the catalog's symbols.
  const system = engine
    .system()
    .equations.map((e) => e.tex)
    .join(' ');
  for (const spec of engine.system().params)
    assert.ok(system.includes(spec.texSymbol), spec.texSymbol);
});

test('columns() and every result carry staticLimit [N] and drivePosition [m], for models and law runs', () => {
  const byKey = Object.fromEntries(engine.columns().map((c) => [c.key, c]));
  assert.deepEqual(byKey.staticLimit, {
    key: 'staticLimit',
    symbol: 'Fmax',
    label: 'Static limit',
    unit: 'N',
  });
  assert.equal(byKey.drivePosition.unit, 'm');
  const runs = [
    engine.simulate({ model: 'abbott-seed' }),
    engine.simulate({ model: 'state-variable', params: { duration: 2 } }),
    engine.simulate({ law: 'coulomb', system: { duration: 2 } }),
    engine.simulate({ law: 'coulomb', integrator: 'seed-euler', system: { duration: 2 } }),
    engine.simulate({ law: 'radioss-coulomb', params: { Iform: 2 }, system: { duration: 1 } }),
  ];
  for (const { columns, summary } of runs) {
    const v0 = summary.params.v0 ?? summary.system.v0;
    assert.ok(
      columns.staticLimit instanceof Float64Array &&
        columns.staticLimit.length === columns.t.length,
    );
    columns.t.forEach((t, i) =>
      assert.ok(Math.abs(columns.drivePosition[i] - v0 * t) <= 1e-12 * Math.max(1, v0 * t)),
    );
    assert.equal(summary.staticLimitKind, 'stick');
    // At rest (v = 0 at this row and at both neighbours; the seed model samples one 1 ms step in 50, so a
    // sampled step that re-sticks the block must not count) the friction is the drive force, within the
    // static limit.
    for (let i = 1; i + 1 < columns.t.length; i++) {
      if (columns.v[i - 1] !== 0 || columns.v[i] !== 0 || columns.v[i + 1] !== 0) continue;
      assert.ok(
        Math.abs(columns.friction[i] - columns.spring[i]) <=
          1e-12 * Math.max(1, Math.abs(columns.spring[i])),
      );
      assert.ok(Math.abs(columns.spring[i]) <= columns.staticLimit[i] * (1 + 1e-12));
    }
  }
});

test('the static limit says what it is: stick (Coulomb μs·N), peak (Drake μs·N at vs) or none (Dahl)', () => {
  const Fn = 9.80665;
  const coulomb = engine.simulate({ law: 'coulomb', system: { duration: 1 } }).summary;
  assert.equal(coulomb.staticLimitKind, 'stick');
  assert.ok(Math.abs(coulomb.staticLimit / (0.6 * Fn) - 1) < 1e-15);
  assert.equal(coulomb.nearRestThreshold, 0);
  const drake = engine.simulate({ law: 'drake-stribeck', system: { duration: 1 } });
  assert.equal(drake.summary.staticLimitKind, 'peak');
  assert.ok(Math.abs(drake.summary.staticLimit / (0.9 * Fn) - 1) < 1e-9);
  assert.ok(drake.columns.staticLimit.every((value) => value === drake.summary.staticLimit));
  const lugre = engine.simulate({ law: 'lugre', system: { duration: 1 } }).summary;
  assert.equal(lugre.staticLimitKind, 'peak');
  assert.ok(
    lugre.staticLimit > 1.5 && lugre.staticLimit < 1.5 * (1 + 1e-6),
    `LuGre's peak ${lugre.staticLimit} ≈ Fs`,
  );
  const dahl = engine.simulate({ law: 'dahl', system: { duration: 1 } });
  assert.equal(dahl.summary.staticLimitKind, 'none');
  // None: null in the summary, and no column (a run has no column of NaN).
  assert.equal(dahl.summary.staticLimit, null);
  assert.equal(dahl.columns.staticLimit, undefined);
  assert.equal(
    engine.simulate({ model: 'state-variable', params: { duration: 1 } }).summary.staticLimitKind,
    'stick',
  );
});

test('Drake and LuGre: the event counts agree with the stick intervals and the regime (near rest: |v| ≤ 1 % of v0)', () => {
  for (const law of ['drake-stribeck', 'lugre']) {
    const { columns, summary } = engine.simulate({ law });
    const end = columns.t.at(-1);
    assert.equal(summary.nearRestThreshold, 0.01 * summary.system.v0, law);
    const count = (kind) => summary.events.filter((e) => e.kind === kind).length;
    assert.equal(count('stick'), summary.stickIntervals.filter(([start]) => start > 0).length, law);
    assert.equal(
      count('break-away'),
      summary.stickIntervals.filter(([, stop]) => stop < end).length,
      law,
    );
    const lateRest = summary.stickIntervals.some(([, stop]) => stop > 0.75 * end);
    assert.equal(summary.regime === 'stick-slip', lateRest, `${law}: regime ${summary.regime}`);
  }
  const drake = engine.simulate({ law: 'drake-stribeck' }).summary;
  assert.equal(drake.regime, 'stick-slip');
  assert.ok(drake.events.filter((e) => e.kind === 'stick').length >= 3);
});

test("a stopped run's partial columns carry staticLimit and drivePosition", () => {
  // RK4 at the output step is unstable on LuGre once the block slides (tests/native/dynamic_laws_test.cpp).
  assert.throws(
    () => engine.simulate({ law: 'lugre', integrator: 'rk4', system: { c: 10, duration: 10 } }),
    (error) => {
      assert.ok(error.partial, error.message);
      const { t, staticLimit, drivePosition } = error.partial;
      assert.ok(
        t.length >= 2 && staticLimit.length === t.length && drivePosition.length === t.length,
      );
      t.forEach((time, i) => assert.ok(Math.abs(drivePosition[i] - 0.1 * time) <= 1e-15));
      return true;
    },
  );
});
