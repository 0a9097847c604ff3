// The fits' on-demand module (dist/fit-engine.mjs, friction-fit-wasm): the same reader and fitter as
// the native tests, under node. Data are made here from closed forms with a seeded generator.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadFitEngine } from '../../dist/fit-engine.mjs';
import { normals as generator } from '../support/seeded-normals.mjs';

const fits = await loadFitEngine();

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

test('inspectData() says how an instrument file reads; a Uint8Array of its bytes reads as its text', () => {
  const text = '\uFEFFInstrument;TRB3\r\nv;mu\r\n0,001;0,45\r\n0,01;0,40\r\n0,1;0,30\r\n';
  const reading = fits.inspectData({ text, file: 'trb.csv' });
  assert.equal(reading.delimiter, ';');
  assert.equal(reading.decimal, ',');
  assert.equal(reading.headerLine, 2);
  assert.equal(reading.lineEnds, 'CRLF');
  assert.deepEqual(reading.columns, ['v', 'mu']);
  assert.equal(reading.rows, 3);
  assert.deepEqual(reading.metadata, ['Instrument;TRB3']);
  // The same file as bytes (a File's arrayBuffer): its UTF-8 byte-order mark is seen and said.
  const bytes = fits.inspectData({ text: new TextEncoder().encode(text), file: 'trb.csv' });
  assert.deepEqual(bytes.columns, ['v', 'mu']);
  assert.equal(bytes.byteOrderMark, true);
  // A long text (past the bindings' short-string path) reads to the same numbers as fit() gets them.
  const rows = ['v,mu'];
  for (let i = 1; i <= 2000; i++) rows.push(`${i * 1e-4},${0.3 + 0.1 * Math.exp(-i / 300)}`);
  const long = fits.inspectData({ text: rows.join('\n') });
  assert.equal(long.rows, 2000);
});

test('the same fit natively and in wasm: the CLI and fit() end on the same bits after the same evaluations', async () => {
  const { spawnSync } = await import('node:child_process');
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'friction-fit-same-'));
  try {
    // A curve from eight starts (the analytic solver), and a velocity-step record on the quasi-static
    // slider (the secant solver over Radau's runs), from the stiff slider's slip-law closed form.
    const step = ['t,F'];
    const normal = generator(5);
    for (let i = 1; i <= 400; i++) {
      const t = 0.05 * i;
      const steady = (V) => 0.6 + (0.01 - 0.015) * Math.log(V / 1e-6);
      const mu =
        t <= 1
          ? steady(1e-6)
          : steady(1e-5) + 0.015 * Math.log(10) * Math.exp((-1e-5 * (t - 1)) / 2e-5);
      step.push(`${t},${mu + 2e-4 * normal()}`);
    }
    const requests = [
      { ...request(stribeckCsv(9)), options: { starts: 8 } },
      {
        law: 'rsf',
        params: { evolution: 1, form: 0 },
        free: ['a', 'b1', 'Dc1'],
        data: {
          kind: 'record',
          compare: 'friction',
          file: 'step.csv',
          text: step.join('\n'),
          x: 't',
          y: 'F',
        },
        scenario: {
          system: {
            m: 0,
            c: 1e7,
            Fn: 1,
            v0: [
              [0, 1e-6],
              [1, 1e-5],
            ],
            start: 'steady',
          },
          integrator: 'radau',
          tolerance: 1e-8,
        },
        options: { starts: 2 },
      },
    ];
    for (const [i, fitRequest] of requests.entries()) {
      const file = path.join(dir, `fit-${i}.json`);
      await writeFile(file, JSON.stringify(fitRequest));
      const printed = spawnSync(path.resolve('build/native/cpp/friction'), ['fit', file], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      assert.equal(printed.status, 0, printed.stderr);
      const native = JSON.parse(printed.stdout);
      const wasm = fits.fit(fitRequest);
      assert.equal(wasm.evaluations, native.evaluations, fitRequest.law);
      // JSON carries a double exactly (shortest round trip): the same bits or not the same text.
      assert.deepEqual(wasm.values, native.values, fitRequest.law);
      assert.deepEqual(wasm.standardErrors, native.standardErrors, fitRequest.law);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
