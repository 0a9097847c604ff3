// The fits' benchmark (issue 27), run by build-scripts/bench-fit.sh. Not a test: it prints figures and
// passes or fails nothing. Subcommands, each on a folder DIR:
//
//   node build-scripts/bench-fit.mjs data DIR         the data and the requests (below), written once
//   node build-scripts/bench-fit.mjs wasm DIR ROUNDS  the same requests through the page's fits module
//                                                    (dist/fit-engine.mjs) under node: DIR/wasm.json
//   node build-scripts/bench-fit.mjs big DIR          the 10⁶-row file through the same module, once
//   node build-scripts/bench-fit.mjs page DIR         the 10⁶-row file opened in the page's Fit view
//                                                    (Debian's Chromium) and fitted: time and memory
//   node build-scripts/bench-fit.mjs report DIR       the tables side by side (native, wasm, scipy)
//
// The data: LuGre's steady Stribeck curve F = Fc + (Fs − Fc)e^(−(v/vs)²) + σ2·v (Canudas de Wit et al.
// 1995) at Fc = 1 N, Fs = 1.5 N, vs = 1 mm/s, σ2 = 0.4 N·s/m (the catalog's defaults, so that the one
// start begins at them, as scipy's does), 1000 speeds 10 µm/s … 10 mm/s, with normal noise σ = 5 mN;
// a velocity step 1 → 10 µm/s at t = 1 s from the stiff slider's slip-law closed form
// μ = μ_ss(V2) + b·ln(V2/V1)·e^(−V2(t − 1 s)/Dc) (physics-checks §4; a = 0.01, b = 0.015, Dc = 20 µm),
// 2000 points with σ = 2e-4, fitted for a, b, Dc and the spring's c (from 10⁵ N/m) by the quasi-static
// slider with Radau at 1e-8, 3 starts; and a 10⁶-row tribometer file (OpenSees VelDependent's
// μ = 0.16 − 0.07·e^(−15|v|) with σ = 0.001, v log-spaced over 0.1 mm/s … 1 m/s, six significant digits
// as an instrument writes them). The noise: mulberry32 (Tommy Ettinger, public domain) and Box–Muller,
// seeded, so every run fits the same numbers. Each CSV is written once and read by all three sides.

import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normals } from '../tests/support/seeded-normals.mjs';

const repo = fileURLToPath(new URL('../', import.meta.url));

function stribeckCsv() {
  const normal = normals(7);
  const rows = ['v,F'];
  for (let i = 1; i <= 1000; i++) {
    const v = 1e-5 * i;
    rows.push(`${v},${1 + 0.5 * Math.exp(-((v / 1e-3) ** 2)) + 0.4 * v + 0.005 * normal()}`);
  }
  return `${rows.join('\n')}\n`;
}

function velocityStepCsv() {
  const [a, b, Dc, V1, V2] = [0.01, 0.015, 2e-5, 1e-6, 1e-5];
  const steady = (V) => 0.6 + (a - b) * Math.log(V / 1e-6);
  const normal = normals(5);
  const rows = ['t,F'];
  for (let i = 1; i <= 2000; i++) {
    const t = 0.01 * i;
    const mu =
      t <= 1 ? steady(V1) : steady(V2) + b * Math.log(V2 / V1) * Math.exp((-V2 * (t - 1)) / Dc);
    rows.push(`${t},${mu + 2e-4 * normal()}`);
  }
  return `${rows.join('\n')}\n`;
}

function bigCsv(rows = 1_000_000) {
  const normal = normals(3);
  const lines = ['v,mu'];
  for (let i = 0; i < rows; i++) {
    const v = 1e-4 * 10 ** ((4 * i) / (rows - 1));
    const mu = 0.16 - 0.07 * Math.exp(-15 * v) + 0.001 * normal();
    lines.push(`${v.toPrecision(6)},${mu.toPrecision(6)}`);
  }
  return `${lines.join('\n')}\n`;
}

const stribeckRequest = (text, starts) => ({
  law: 'lugre',
  free: ['Fc', 'Fs', 'vs', 'sigma2'],
  data: { kind: 'curve', compare: 'force', file: 'stribeck-1000.csv', text, x: 'v', y: 'F' },
  options: { starts },
});

const recordRequest = (text) => ({
  law: 'rsf',
  params: { evolution: 1, form: 0 },
  free: ['a', 'b1', 'Dc1', 'system.c'],
  data: { kind: 'record', compare: 'friction', file: 'velocity-step.csv', text, x: 't', y: 'F' },
  scenario: {
    system: {
      m: 0,
      c: 1e5,
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
  options: { starts: 3 },
});

const bigRequest = {
  law: 'opensees-veldependent',
  free: ['muSlow', 'muFast', 'transRate'],
  data: { kind: 'curve', compare: 'mu', file: 'big-1e6.csv', x: 'v', y: 'mu' },
};

async function writeData(dir) {
  const stribeck = stribeckCsv();
  const step = velocityStepCsv();
  const json = (value) => `${JSON.stringify(value, null, 1)}\n`;
  await writeFile(path.join(dir, 'stribeck-1000.csv'), stribeck);
  await writeFile(path.join(dir, 'stribeck-1.json'), json(stribeckRequest(stribeck, 1)));
  await writeFile(path.join(dir, 'stribeck-8.json'), json(stribeckRequest(stribeck, 8)));
  await writeFile(path.join(dir, 'velocity-step.csv'), step);
  await writeFile(path.join(dir, 'rsf-record.json'), json(recordRequest(step)));
  await writeFile(path.join(dir, 'big-1e6.csv'), bigCsv());
  await writeFile(path.join(dir, 'big-1e6.json'), json(bigRequest));
}

async function loadFits() {
  const { loadFitEngine } = await import(path.join(repo, 'dist', 'fit-engine.mjs'));
  return loadFitEngine();
}

const FILES = ['stribeck-1.json', 'stribeck-8.json', 'rsf-record.json'];

/** Each request through fits.fit: its first call (V8 runs wasm first in its baseline compiler's code and
 * optimises a function once it has run enough, in the background), more calls for a second at least to
 * warm up, then `rounds` timed calls, one request after the other (a block per request, as scipy's side
 * times its cases). */
async function timeWasm(dir, rounds) {
  const fits = await loadFits();
  // Each request's text as a page has it from a File (read as text, not parsed out of JSON: V8 hands
  // such a string to the encoder three times slower).
  const requests = await Promise.all(
    FILES.map(async (file) => {
      const request = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
      request.data.text = await readFile(path.join(dir, request.data.file), 'utf8');
      return request;
    }),
  );
  const rows = FILES.map((file) => ({ file, seconds: [], first: 0, result: null }));
  requests.forEach((request, i) => {
    const began = performance.now();
    rows[i].result = fits.fit(request);
    rows[i].first = (performance.now() - began) / 1e3;
    for (let calls = 1; calls < 10 || performance.now() - began < 1000; calls++) fits.fit(request);
    for (let call = 0; call < rounds; call++) {
      const start = performance.now();
      rows[i].result = fits.fit(request);
      rows[i].seconds.push((performance.now() - start) / 1e3);
    }
  });
  const out = rows.map(({ file, seconds, first, result }) => {
    seconds.sort((a, b) => a - b);
    return {
      file,
      median: seconds[seconds.length >> 1],
      least: seconds[0],
      first,
      evaluations: result.evaluations,
      sumOfSquares: result.chiSquare ?? result.rms ** 2 * result.points,
      converged: result.converged,
      values: result.free.map((key) => result.values[key]),
    };
  });
  await writeFile(path.join(dir, 'wasm.json'), `${JSON.stringify(out, null, 1)}\n`);
}

/**
 * The 10⁶-row file read as a page reads a large File (its bytes), fitted once after the warm-up the
 * page's fits' worker does when it starts (twenty fits of 2000 points, fit-worker.js): time and the
 * module's memory.
 */
async function timeBig(dir) {
  const fits = await loadFits();
  const rows = ['v,mu'];
  for (let i = 0; i < 2000; i++) {
    const v = 1e-4 * 10 ** ((4 * i) / 1999);
    rows.push(`${v.toPrecision(6)},${(0.3 - 0.1 * Math.exp(-10 * v)).toPrecision(6)}`);
  }
  const warm = { kind: 'curve', compare: 'mu', text: rows.join('\n') };
  for (let round = 0; round < 20; round++)
    fits.fit({
      law: 'opensees-veldependent',
      free: ['muSlow', 'muFast'],
      data: warm,
      options: { starts: 1 },
    });
  const began = performance.now();
  const text = new Uint8Array(await readFile(path.join(dir, 'big-1e6.csv')));
  const read = performance.now();
  const result = fits.fit({ ...bigRequest, data: { ...bigRequest.data, text } });
  const done = performance.now();
  const out = {
    readSeconds: (read - began) / 1e3,
    fitSeconds: (done - read) / 1e3,
    points: result.points,
    evaluations: result.evaluations,
    values: result.values,
    wasmMemoryBytes: fits.memoryBytes(),
    rssBytes: process.memoryUsage().rss,
  };
  await writeFile(path.join(dir, 'big-wasm.json'), `${JSON.stringify(out, null, 1)}\n`);
}

/** The resident memory [bytes] of every process below this one (the browser and its renderers). */
async function descendantsRss() {
  const { readdir } = await import('node:fs/promises');
  const parents = new Map();
  const rss = new Map();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      parents.set(pid, status.match(/^PPid:\s+(\d+)/m)?.[1]);
      rss.set(pid, 1024 * Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0));
    } catch {
      // the process ended meanwhile
    }
  }
  const mine = new Set([String(process.pid)]);
  for (let grown = true; grown;) {
    grown = false;
    for (const [pid, parent] of parents) {
      if (mine.has(pid) || !mine.has(parent)) continue;
      mine.add(pid);
      grown = true;
    }
  }
  let total = 0;
  for (const pid of mine) if (pid !== String(process.pid)) total += rss.get(pid) ?? 0;
  return total;
}

/**
 * The 10⁶-row file as a user opens it in the page: the file chosen in the Fit view's picker, read by
 * the engine (its columns in the menus), fitted with the view's defaults (VelDependent, 8 starts), the
 * result drawn. Times from the file's choice; the browser's resident memory sampled every 50 ms.
 */
async function timePage(dir) {
  const { chromium } = await import('playwright-core');
  const { serveStatic } = await import('./static-server.mjs');
  const server = await serveStatic(path.join(repo, 'dist'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.origin}/`);
    // The page's first run drawn (its tabs' handlers are in place), as the browser tests wait for it.
    await page.waitForFunction(
      () => document.querySelector('#status')?.dataset.state === 'ready' && window.__renders >= 1,
      null,
      { timeout: 120_000 },
    );
    await page.click('#tab-fit');
    await page.waitForFunction(
      () => {
        const run = document.querySelector('#fit-run');
        return run && !run.closest('[inert]');
      },
      null,
      { timeout: 120_000 },
    );
    await page.waitForTimeout(2000); // the fits' worker warms up (fit-worker.js) while a user picks a file
    const before = await descendantsRss();
    let peak = before;
    const sampler = setInterval(async () => (peak = Math.max(peak, await descendantsRss())), 50);
    const began = performance.now();
    await page.setInputFiles('#fit-file', path.join(dir, 'big-1e6.csv'));
    const waitFor = (test) => page.waitForFunction(test, null, { timeout: 120_000, polling: 20 });
    await waitFor(() =>
      [...document.querySelectorAll('#fit-x option')].some((o) => o.value === 'v'),
    );
    const read = performance.now();
    await page.click('#fit-run');
    await waitFor(() =>
      ['ready', 'error'].includes(document.querySelector('#fit-status').dataset.state),
    );
    const done = performance.now();
    clearInterval(sampler);
    const state = await page.evaluate(() => ({
      status: document.querySelector('#fit-status').textContent,
      error: document.querySelector('#fit-error').textContent,
      points: window.__fitView?.result?.points,
    }));
    const out = {
      readSeconds: (read - began) / 1e3,
      fitSeconds: (done - read) / 1e3,
      ...state,
      rssBeforeBytes: before,
      rssPeakBytes: peak,
    };
    await writeFile(path.join(dir, 'big-page.json'), `${JSON.stringify(out, null, 1)}\n`);
  } finally {
    await browser.close();
    server.close();
  }
}

const ms = (seconds) => (1e3 * seconds).toFixed(seconds < 0.01 ? 3 : 1);

function printFits(native, wasm, scipy) {
  const byFile = (rows, file) => rows.find((row) => row.file.endsWith(file));
  const sci = (caseName, jac) =>
    scipy.rows.find((row) => row.case === caseName && row.jacobian === jac);
  console.log(`\nFits, median [least] of the rounds, ms (scipy ${scipy.scipy}, method 'lm')`);
  console.log(
    '| fit | native | wasm (node) | scipy 2-point | scipy analytic | wasm ÷ scipy 2-point | wasm ÷ scipy analytic | evaluations native / wasm / scipy 2-point / analytic | SSR engine / scipy |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [file, caseName] of [
    ['stribeck-1.json', '1 start'],
    ['stribeck-8.json', '8 starts'],
  ]) {
    const n = byFile(native, file);
    const w = byFile(wasm, file);
    const [s2, sa] = [sci(caseName, '2-point'), sci(caseName, 'analytic')];
    console.log(
      `| Stribeck, ${caseName} | ${ms(n.median)} [${ms(n.least)}] | ${ms(w.median)} [${ms(w.least)}] | ` +
        `${ms(s2.median)} [${ms(s2.least)}] | ${ms(sa.median)} [${ms(sa.least)}] | ` +
        `${(w.median / s2.median).toFixed(2)} | ${(w.median / sa.median).toFixed(2)} | ` +
        `${n.evaluations} / ${w.evaluations} / ${s2.evaluations} / ${sa.evaluations} | ` +
        `${n.sumOfSquares.toPrecision(10)} / ${Math.min(s2.sumOfSquares, sa.sumOfSquares).toPrecision(10)} |`,
    );
  }
  const n = byFile(native, 'rsf-record.json');
  const w = byFile(wasm, 'rsf-record.json');
  const same = n.evaluations === w.evaluations && n.values.every((v, i) => v === w.values[i]);
  console.log(
    `\nrsf record (a, b, Dc, c; 2000 points; 3 starts): native ${ms(n.median)} ms, wasm ${ms(w.median)} ms ` +
      `(target 500 ms), ${n.evaluations} and ${w.evaluations} evaluations; ` +
      `${same ? 'the same values to the last bit' : 'values differ'}.`,
  );
  console.log(
    `First call in wasm (V8's baseline code, before its optimising tier): Stribeck 1 start ` +
      `${ms(byFile(wasm, 'stribeck-1.json').first)} ms, 8 starts ${ms(byFile(wasm, 'stribeck-8.json').first)} ms, ` +
      `rsf record ${ms(w.first)} ms.`,
  );
}

async function report(dir) {
  const read = async (file) => JSON.parse(await readFile(path.join(dir, file), 'utf8'));
  printFits(await read('native.json'), await read('wasm.json'), await read('scipy.json'));
  const big = await read('big-wasm.json');
  console.log(
    `\n10⁶-row file in wasm (node): read ${ms(big.readSeconds)} ms, fit ${ms(big.fitSeconds)} ms ` +
      `(${big.points} points, ${big.evaluations} evaluations); the module's memory ` +
      `${(big.wasmMemoryBytes / 2 ** 20).toFixed(0)} MB, node's RSS ${(big.rssBytes / 2 ** 20).toFixed(0)} MB.`,
  );
  const page = await read('big-page.json').catch(() => null);
  if (page)
    console.log(
      `10⁶-row file in the page (Chromium): opened and read to its columns in ${ms(page.readSeconds)} ms, ` +
        `fitted and drawn in ${ms(page.fitSeconds)} ms (${page.points} points; ${page.status} ${page.error}); ` +
        `the browser's resident memory ${(page.rssBeforeBytes / 2 ** 20).toFixed(0)} MB before the file, ` +
        `${(page.rssPeakBytes / 2 ** 20).toFixed(0)} MB at its peak.`,
    );
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
}

const [command, dir, rounds] = process.argv.slice(2);
if (command === 'data') await writeData(dir);
else if (command === 'wasm') await timeWasm(dir, Number(rounds ?? 20));
else if (command === 'big') await timeBig(dir);
else if (command === 'page') await timePage(dir);
else if (command === 'report') await report(dir);
else {
  console.error('usage: node build-scripts/bench-fit.mjs data|wasm|big|page|report DIR [ROUNDS]');
  process.exit(2);
}
