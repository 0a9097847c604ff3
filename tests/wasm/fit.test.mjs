// The fits' on-demand module (dist/fit-engine.mjs, friction-fit-wasm): the same reader and fitter as
// the native tests, under node. Data are made here from closed forms with a seeded generator.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadFitEngine } from '../../dist/fit-engine.mjs';

const fits = await loadFitEngine();

// mulberry32: a small seeded generator (Tommy Ettinger, public domain), and Box–Muller normals.
function generator(seed) {
  let a = seed >>> 0;
  const uniform = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

// LuGre's steady friction F = Fc + (Fs − Fc) e^(−(v/vs)²) + σ2 v (Canudas de Wit et al. 1995), v in mm/s.
function stribeckCsv(seed, n = 300) {
  const normal = generator(seed);
  const rows = ['v_mm_s,F'];
  for (let i = 1; i <= n; i++) {
    const v = (10 * i) / n;
    const F = 1 + 0.5 * Math.exp(-(v * v)) + 0.4 * v * 1e-3 + 0.005 * normal();
    rows.push(`${v},${F}`);
  }
  return rows.join('\n');
}

const request = (text) => ({
  law: 'lugre',
  free: ['Fc', 'Fs', 'vs'],
  params: { sigma2: 0.4 },
  data: {
    kind: 'curve',
    compare: 'force',
    file: 'curve.csv',
    text,
    x: 'v_mm_s',
    y: 'F',
    units: { v_mm_s: 'mm/s' },
  },
});

test('fit() recovers a Stribeck curve within three standard errors, with R² and the correlation matrix', () => {
  const result = fits.fit(request(stribeckCsv(3)));
  assert.equal(result.converged, true);
  for (const [key, truth] of [
    ['Fc', 1],
    ['Fs', 1.5],
    ['vs', 1e-3],
  ]) {
    assert.ok(
      Math.abs(result.values[key] - truth) < 3 * result.standardErrors[key],
      `${key} = ${result.values[key]} ± ${result.standardErrors[key]}`,
    );
  }
  assert.ok(result.rSquared > 0.99);
  assert.equal(result.correlation.length, 3);
  assert.equal(result.correlation[1][1], 1);
  assert.equal(result.residuals.length, 300);
  assert.deepEqual(result.warnings, []);
});

test('fit() refuses a bad CSV value by row and column, as an Error with its parameter', () => {
  const text = stribeckCsv(3).replace(/\n5,([^\n]*)/, '\n5,oops');
  assert.throws(
    () => fits.fit(request(text)),
    (error) => {
      assert.match(
        error.message,
        /curve\.csv row 151, column "F": 'oops' is not a finite number; expected a force/,
      );
      assert.equal(error.parameter, 'data');
      return true;
    },
  );
});

test('convertLaw() reports the largest deviation of one law fitted to another, and where', () => {
  const result = fits.convertLaw({
    from: 'lugre',
    fromParams: { Fc: 2, Fs: 3, vs: 0.01, sigma2: 1 },
    to: 'drake-stribeck',
    vMin: 1e-4,
    vMax: 1,
  });
  let worst = 0;
  let where = 0;
  result.v.forEach((v, i) => {
    const deviation = Math.abs(result.fitted[i] - result.fromForce[i]);
    if (deviation > worst) [worst, where] = [deviation, v];
  });
  assert.ok(Math.abs(result.maxAbsoluteDeviation - worst) <= 1e-12 * worst);
  assert.equal(result.atVelocityAbsolute, where);
});

test('fit() reports each start to its onProgress callback, which may stop the fit at its best point', () => {
  const seen = [];
  const full = fits.fit({ ...request(stribeckCsv(4)), options: { starts: 4 } }, (progress) => {
    seen.push(progress);
  });
  assert.deepEqual(
    seen.map((progress) => progress.start),
    [1, 2, 3, 4],
  );
  assert.ok(seen.every((progress) => progress.starts === 4));
  assert.equal(full.converged, true);

  const stopped = [];
  const partial = fits.fit({ ...request(stribeckCsv(4)), options: { starts: 4 } }, (progress) => {
    stopped.push(progress);
    return false;
  });
  assert.equal(stopped.length, 1);
  assert.equal(partial.converged, false);
  assert.ok(
    partial.warnings.some((warning) => warning.includes('stopped after 1 of its 4 starts')),
    partial.warnings.join(' | '),
  );
});

test('fitOptions() lists the three kinds with their units, SI first, and exportTargets() the eleven solvers', () => {
  const { kinds } = fits.fitOptions();
  assert.deepEqual(
    kinds.map((kind) => kind.id),
    ['curve', 'record', 'presliding'],
  );
  assert.equal(kinds[0].x.column, 'v');
  assert.equal(kinds[0].x.units[0], 'm/s');
  assert.ok(kinds[0].x.units.includes('mm/s'));
  assert.deepEqual(
    kinds[0].compares.map((compare) => compare.id),
    ['mu', 'force'],
  );
  assert.deepEqual(kinds[0].compares[0].units, ['']);
  assert.equal(fits.exportTargets().length, 11);
  assert.ok(fits.exportTargets().includes('opensees-tcl'));
});
