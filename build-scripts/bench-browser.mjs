// Browser benchmark (not a test: it prints, and passes or fails nothing): in Debian's Chromium,
// the time from a slider's input event to the chart having finished drawing, over many changes,
// for the default view and for compare mode with four pinned runs; and the time from navigation to
// the first chart. Target: median under 16 ms and 95th percentile under 33 ms for the default view.
// Run through build-scripts/bench-browser.sh (it builds first). Usage: node build-scripts/bench-browser.mjs [changes]

import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const changes = Number(process.argv[2] ?? 200);

const server = await serveStatic(dist);
const url = `${server.origin}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--disable-gpu'] });

// Every render of the spring-block charts is time-stamped: the page's render counter (a Chart.js
// afterRender plugin) is turned into a setter that records performance.now().
const stampRenders = () => {
  let renders = 0;
  window.__renderTimes = [];
  Object.defineProperty(window, '__renders', {
    configurable: true,
    get: () => renders,
    set: (value) => { renders = value; window.__renderTimes.push(performance.now()); },
  });
};

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

/** Moves a slider `count` times; for each input event, the time until the charts were drawn again. */
async function sweep(page, sliderId, count) {
  return page.evaluate(async ({ id, count }) => {
    const slider = document.getElementById(id);
    const min = Number(slider.min), max = Number(slider.max);
    const latencies = [];
    for (let i = 0; i < count; i++) {
      // A fresh value each time, across the middle of the range.
      slider.value = String(min + (max - min) * (0.3 + 0.4 * ((i * 0.618) % 1)));
      const drawn = window.__renderTimes.length;
      const start = performance.now();
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      // Wait for the last chart of this result to be drawn: the counter settles (three charts per result).
      await new Promise((resolve) => {
        const check = () => {
          const times = window.__renderTimes;
          if (times.length > drawn && document.querySelector('#status').dataset.state === 'ready'
            && performance.now() - times.at(-1) > 30) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      latencies.push(window.__renderTimes.at(-1) - start);
    }
    return latencies;
  }, { id: sliderId, count });
}

function report(name, latencies) {
  console.log(`${name.padEnd(44)} n = ${String(latencies.length).padStart(4)}   median ${quantile(latencies, 0.5).toFixed(1).padStart(6)} ms`
    + `   p95 ${quantile(latencies, 0.95).toFixed(1).padStart(6)} ms   max ${Math.max(...latencies).toFixed(1).padStart(6)} ms`);
}

try {
  console.log(`Friction Lab browser benchmark: Chromium ${browser.version()}, ${changes} slider changes per case`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(stampRenders);
  const page = await context.newPage();

  // Navigation to the first chart (a fresh context: the wasm is fetched and compiled).
  const firstCharts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}?run=${i}`);
    await page.waitForFunction(() => window.__renderTimes?.length >= 1);
    firstCharts.push(await page.evaluate(() => window.__renderTimes[0]));
    await page.evaluate(() => localStorage.clear());
  }
  report('navigation to first chart', firstCharts);

  // The default view: the seed model, slider c.
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'ready');
  const seed = await sweep(page, 'param-c', changes);
  report('default view (seed model), input → drawn', seed);

  // A law run: Coulomb case C1 on the spring-block, slider c.
  await page.selectOption('#preset', 'coulomb-limit-cycle');
  await page.waitForFunction(() => window.__lastSummary?.law === 'coulomb' && document.querySelector('#status').dataset.state === 'ready');
  report('Coulomb C1 law run, input → drawn', await sweep(page, 'system-c', changes));

  // Compare mode: four pinned runs overlaid, the live one moving.
  for (const muK of [0.2, 0.3, 0.4, 0.5]) {
    await page.fill('#spring-law-mu_k-number', String(muK));
    await page.waitForFunction((value) => window.__lastSummary?.params?.mu_k === value
      && document.querySelector('#status').dataset.state === 'ready', muK);
    await page.click('#compare-add');
  }
  await page.waitForFunction(() => globalThis.Chart.getChart('chart-relative').data.datasets.length >= 5);
  report('compare mode, four pinned runs, input → drawn', await sweep(page, 'system-c', changes));
  const median = quantile(seed, 0.5), p95 = quantile(seed, 0.95);
  console.log(`\nTarget (default view): median ${median.toFixed(1)} ms (goal < 16), p95 ${p95.toFixed(1)} ms (goal < 33): `
    + `${median < 16 && p95 < 33 ? 'met' : 'not met'}`);
} finally {
  await browser.close();
  server.close();
}
