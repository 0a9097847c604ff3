// Browser benchmark (not a test: it prints, and passes or fails nothing): in Debian's Chromium,
//  1. input → drawn: the time from a slider's input event until the charts of that result have
//     been drawn, over a drag of N steps (one step at a time), as median and 95th percentile, for the
//     default view (seed model), a Coulomb C1 law run, Drake's Stribeck law, LuGre, compare mode with
//     four runs (three pinned and the live one) and the law explorer; each beside its target;
//  2. a fast drag (one input event per animation frame, faster than the engine) per spring-block
//     case: for every result drawn, the slider value it was computed for against the slider's value
//     at that moment (the lag in slider steps), the worker's queue (requests sent but not drawn)
//     and whether the final drawn value is the final slider value;
//  3. the animated schematic while playing, 3 s without and 3 s with a drag: frames, dropped
//     frames, worst interval (window.__systemView.stats());
//  4. navigation to the first chart.
// Each case also shows where the time goes: the engine's time per request, timed inside the
// worker around its message handler; the round trip seen from the page; and the drawing after the
// reply arrived. The machine load (os.loadavg) is printed at the start, per case and at the end.
// Targets (issue 13, "Speed"): median < 16 ms and p95 < 33 ms on the default and law views, p95 <
// 50 ms in compare mode with four runs; charts never more than one run behind the slider; 60 fps.
// Run through build-scripts/bench-browser.sh. Usage: node build-scripts/bench-browser.mjs [changes]

import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { animation, fastDrag, sweep } from './bench-browser-measures.mjs';
import { choose, instrument, openPage, setPlaying } from './bench-browser-page.mjs';
import { load, printReport } from './bench-browser-report.mjs';
import { serveStatic } from './static-server.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const changes = Number(process.argv[2] ?? 200);
const TARGETS = { median: 16, p95: 33 };

/** The newest modification time of any file under `dir` [ms since the epoch]. */
async function newest(dir) {
  let latest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      latest = Math.max(
        latest,
        (await stat(path.join(entry.parentPath ?? entry.path, entry.name))).mtimeMs,
      );
  }
  return latest;
}

// The page is served from a copy of dist/, taken once no file in it has changed for 5 s: a rebuild
// during the benchmark (the machine is shared) must not swap the engine under a running case.
for (let waited = 0; Date.now() - (await newest(dist)) < 5000 && waited < 120; waited++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
}
const site = await mkdtemp(path.join(os.tmpdir(), 'friction-bench-'));
await cp(dist, site, { recursive: true });
const server = await serveStatic(site);
const url = `${server.origin}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--disable-gpu'],
});

const failures = [];

/** Runs one case; a case that fails is reported at the end, and the others still run. */
async function attempt(name, run) {
  try {
    await run();
    process.stdout.write(`  measured: ${name}\n`);
  } catch (error) {
    failures.push(`${name}: ${error.message.split('\n')[0]}`);
    process.stdout.write(`  could not measure: ${name}\n`);
  }
}

/** Navigation to the first chart drawn [ms], five times (each a fresh load: the wasm fetched and compiled). */
async function firstChartTimes(page) {
  const firstCharts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}?run=${i}`);
    await page.waitForFunction(() => window.__renderTimes?.length >= 1);
    firstCharts.push(await page.evaluate(() => window.__renderTimes[0]));
    await page.evaluate(() => localStorage.clear());
  }
  return firstCharts;
}

/** Waits for the Coulomb limit-cycle preset's run. */
async function coulombPreset(page) {
  await page.selectOption('#preset', 'coulomb-limit-cycle');
  await page.waitForFunction(
    () =>
      window.__lastSummary?.law === 'coulomb' &&
      document.querySelector('#status').dataset.state === 'ready',
  );
}

/** The Coulomb preset with three pinned runs (μk 0.2, 0.3, 0.4) and the live one. */
async function fourComparedRuns(page) {
  await coulombPreset(page);
  for (const [index, muK] of [0.2, 0.3, 0.4].entries()) {
    await page.fill('#spring-law-mu_k-number', String(muK));
    await page.waitForFunction(
      (value) =>
        window.__lastSummary?.params?.mu_k === value &&
        document.querySelector('#status').dataset.state === 'ready',
      muK,
    );
    await page.click('#compare-add');
    await page.waitForFunction(
      (pinned) =>
        document.querySelectorAll('#compare-list li').length >= pinned &&
        window.__simLog.received.filter((reply) => reply.type === 'compared').length >= pinned,
      index + 1,
    );
  }
  await page.waitForFunction(
    () =>
      window.__simLog.posted.length === window.__simLog.received.length &&
      globalThis.Chart.getChart('chart-relative').data.datasets.length >= 4,
  );
}

/**
 * The spring-block cases, each on its own page load, with the animation paused (the animation is
 * measured apart). `setup` brings the page to the case; `slider` and `key` are dragged.
 */
function springCases(page) {
  return [
    { name: 'default view (seed model)', slider: 'param-c', key: 'c', setup: async () => {} },
    {
      name: 'Coulomb C1 law run',
      slider: 'system-c',
      key: 'c',
      setup: () => coulombPreset(page),
    },
    {
      name: "Drake's Stribeck law",
      slider: 'system-c',
      key: 'c',
      setup: () => choose(page, 'drake-stribeck'),
    },
    { name: 'LuGre', slider: 'system-c', key: 'c', setup: () => choose(page, 'lugre') },
    {
      name: 'compare mode, four runs',
      slider: 'system-c',
      key: 'c',
      target: { median: NaN, p95: 50 },
      setup: () => fourComparedRuns(page),
    },
  ];
}

/** Each spring-block case: a slow drag (into `cases`) and a fast one (into `drags`). */
async function measureSpringCases(page, cases, drags) {
  for (const spec of springCases(page)) {
    await attempt(spec.name, async () => {
      const worker = await openPage(page, url);
      await spec.setup();
      // Every case from the page's top, as it opens and as a reader who picks a law from the menu sees
      // it: Playwright scrolls the page to click a control low in the settings (#reset, the compare
      // button), which would leave other charts in view than in the default case (charts out of view
      // are drawn when they come into view, not at every result: time-charts.js).
      await page.evaluate(() => scrollTo(0, 0));
      const result = await sweep(page, worker, { slider: spec.slider, count: changes });
      cases.push({ name: spec.name, target: spec.target ?? TARGETS, ...result });
      drags.push({ name: spec.name, load: os.loadavg()[0], ...(await fastDrag(page, spec)) });
    });
  }
}

/**
 * The law explorer: a law card's slider (Coulomb's μs if shown, else the first card's first; not
 * μk, which the engine refuses above μs, in the middle of its range).
 */
async function measureExplorer(page, cases) {
  await attempt('law explorer', async () => {
    const worker = await openPage(page, url);
    await page.click('#tab-explorer');
    await page.waitForFunction(
      () =>
        document.querySelector('#explorer-status')?.dataset.state === 'ready' &&
        window.__lawRenderTimes.length >= 1,
    );
    const slider = await page.evaluate(
      () =>
        (
          document.getElementById('law-coulomb-mu_s') ??
          document.querySelector('#view-explorer .law-card input[type=range]')
        ).id,
    );
    const result = await sweep(page, worker, {
      slider,
      count: changes,
      renders: '__lawRenderTimes',
      status: 'explorer-status',
    });
    cases.push({ name: `law explorer (${slider})`, target: TARGETS, ...result });
  });
}

/**
 * The animation, playing (at 0.25×, so that a 10 s run lasts the whole measurement): the seed
 * model and LuGre, each without and with a drag of c.
 */
async function measureAnimations(page, animations) {
  for (const [name, model, slider] of [
    ['seed model', null, 'param-c'],
    ['LuGre', 'lugre', 'system-c'],
  ]) {
    await attempt(`animation, ${name}`, async () => {
      await openPage(page, url);
      if (model) await choose(page, model);
      await setPlaying(page, true, 0.25);
      await page.waitForTimeout(300);
      animations.push({
        name: `${name}, playing, no drag`,
        load: os.loadavg()[0],
        ...(await animation(page)),
      });
      animations.push({
        name: `${name}, playing, drag of c`,
        load: os.loadavg()[0],
        ...(await animation(page, { slider })),
      });
    });
  }
}

// BENCH_VIEWPORT=1920x1080: another window size (a projector's); the default 1280×900 shows the system
// and the forces chart at the page's top, and the charts column says how many each result drew.
const [width, height] = (process.env.BENCH_VIEWPORT ?? '1280x900').split('x').map(Number);
const loadAtStart = load();

try {
  console.log(
    `Friction Lab browser benchmark: Chromium ${browser.version()}, ${width}×${height}, ${changes} slider changes per case, ` +
      `${os.cpus().length} CPUs, load average (1, 5, 15 min) at start: ${loadAtStart}`,
  );
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  const cases = [];
  const drags = [];
  const animations = [];
  const firstCharts = await firstChartTimes(page);
  await measureSpringCases(page, cases, drags);
  await measureExplorer(page, cases);
  await measureAnimations(page, animations);
  printReport({ cases, firstCharts, drags, animations, failures, loadAtStart });
} finally {
  await browser.close();
  server.close();
  await rm(site, { recursive: true, force: true });
}
