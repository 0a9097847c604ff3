// Stability-map benchmark (not a test: it prints, and passes or fails nothing): the time to fill a
// 64×64 map of the seed model (its default parameters, spring c against dashpot η) in Debian's
// Chromium with the page's worker pool (one worker per core) and with one worker, alternating, and
// natively with the `friction` command-line program on one core; then the ratios. Target: the map
// in under 3 s in the browser on two cores.
// Run through build-scripts/bench-map.sh (it builds first). Usage: node build-scripts/bench-map.mjs [repeats]

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const repeats = Number(process.argv[2] ?? 3);
const SIZE = 64;
const map = {
  scenario: { model: 'abbott-seed', params: {} },
  x: { target: 'params', key: 'c', min: 1, max: 40, count: SIZE, log: false },
  y: { target: 'params', key: 'eta', min: 0, max: 2, count: SIZE, log: false },
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Natively: the CLI on one core, the same map (its time includes writing the CSV).
const dir = mkdtempSync(path.join(tmpdir(), 'friction-map-bench-'));
const sweepFile = path.join(dir, 'map.json');
writeFileSync(sweepFile, JSON.stringify({ scenario: map.scenario, x: map.x, y: map.y }));
const native = [];
for (let r = 0; r < repeats; r++) {
  const start = performance.now();
  execFileSync(process.env.FRICTION_CLI ?? path.join(root, 'build/native/cpp/friction'), [
    'sweep',
    sweepFile,
    '--csv',
    path.join(dir, 'map.csv'),
  ]);
  native.push(performance.now() - start);
}

// FRICTION_LAB_DIST and FRICTION_CLI measure another built copy (as the browser tests allow).
const server = await serveStatic(
  path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(root, 'dist')),
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--disable-gpu'],
});
const page = await browser.newPage();
await page.goto(`${server.origin}/`);
await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'ready');

// Fills the map with a pool of `workers` in the page (MapPool, as the view uses it). "cold" includes
// starting the workers and loading the engine in each; "warm" is a second fill on the same pool.
const fill = (workers) =>
  page.evaluate(
    async ({ map, workers }) => {
      const { MapPool } = await import(new URL('js/engine/map-pool.js', document.baseURI).href);
      const pool = new MapPool(workers);
      let start = performance.now();
      let cells = 0;
      await pool.fill(map, (batch) => {
        cells += batch.length;
      });
      const cold = performance.now() - start;
      start = performance.now();
      await pool.fill(map, () => {});
      const warm = performance.now() - start;
      pool.dispose();
      return { cold, warm, cells };
    },
    { map, workers },
  );

const cores = await page.evaluate(() => navigator.hardwareConcurrency);
const pooled = { cold: [], warm: [] };
const single = { cold: [], warm: [] };
for (let r = 0; r < repeats; r++) {
  for (const [workers, into] of [
    [cores, pooled],
    [1, single],
  ]) {
    const result = await fill(workers);
    if (result.cells !== SIZE * SIZE) throw new Error(`only ${result.cells} cells came back`);
    into.cold.push(result.cold);
    into.warm.push(result.warm);
  }
}
await browser.close();
await server.close();

const ms = (value) => `${(value / 1000).toFixed(2)} s`;
console.log(
  `Stability map, seed model, ${SIZE}×${SIZE} = ${SIZE * SIZE} cells (c × η, default parameters, 10 s each); median of ${repeats}:`,
);
console.log(
  `  browser, pool of ${cores} workers: ${ms(median(pooled.warm))} (with worker start-up ${ms(median(pooled.cold))})`,
);
console.log(
  `  browser, 1 worker:            ${ms(median(single.warm))} (with worker start-up ${ms(median(single.cold))})`,
);
console.log(`  native CLI, 1 core:           ${ms(median(native))}`);
console.log(
  `  ratio 1 worker / pool:        ${(median(single.warm) / median(pooled.warm)).toFixed(2)} (ideal ${cores})`,
);
console.log(`  ratio pool / native:          ${(median(pooled.warm) / median(native)).toFixed(2)}`);
console.log(`  ratio 1 worker / native:      ${(median(single.warm) / median(native)).toFixed(2)}`);
console.log(
  `  target: under 3 s in the browser on two cores: ${median(pooled.cold) < 3000 ? 'met' : 'not met'} (with start-up)`,
);
