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
import { serveStatic } from './static-server.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const changes = Number(process.argv[2] ?? 200);
// The fast drag: this many steps, one input event per animation frame.
const FAST_STEPS = 90;
// The animation is watched this long, without and with a drag.
const ANIMATION_MS = 3000;

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

/**
 * Runs in the page before its scripts. Every render of the spring-block charts (window.__renders)
 * and of the law chart (window.__lawRenders) is time-stamped: the page's render counters (Chart.js
 * afterRender plugins) become setters recording performance.now() whenever the count rises (the
 * counter's reset to 0 when its module loads is no render). window.__lastSummary, exposed once the
 * spring-block view has shown a result, calls window.__onSummary. Every message to and reply from
 * a worker is logged in window.__simLog, with its time, and window.__onPost sees each message sent.
 */
const instrument = () => {
  const stamp = (name, list) => {
    let count = 0;
    window[list] = [];
    Object.defineProperty(window, name, {
      configurable: true,
      get: () => count,
      set: (value) => {
        if (value > count) window[list].push(performance.now());
        count = value;
      },
    });
  };
  stamp('__renders', '__renderTimes');
  stamp('__lawRenders', '__lawRenderTimes');
  let summary;
  Object.defineProperty(window, '__lastSummary', {
    configurable: true,
    get: () => summary,
    set: (value) => {
      summary = value;
      window.__onSummary?.(value);
    },
  });
  const log = { posted: [], received: [] };
  window.__simLog = log;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data?.id !== undefined && data.type !== 'progress')
          log.received.push({ id: data.id, type: data.type, t: performance.now() });
      });
    }

    postMessage(message, ...rest) {
      if (message?.id !== undefined) {
        // A simulation's values (system, else params), to name the slowest request.
        const values = message.request?.system ?? message.request?.params;
        log.posted.push({ id: message.id, type: message.type, t: performance.now(), values });
        window.__onPost?.(message);
      }
      return super.postMessage(message, ...rest);
    }
  };
};

/** Runs in the simulation worker: times its message handler (engine run and reply) per request. */
const timeWorker = () => {
  if (self.__benchRuns) return;
  self.__benchRuns = [];
  const handler = self.onmessage;
  self.onmessage = (event) => {
    const start = performance.now();
    Promise.resolve(handler.call(self, event)).then(() => {
      self.__benchRuns.push({
        id: event.data.id,
        type: event.data.type,
        ms: performance.now() - start,
      });
    });
  };
};

const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value, width = 6) => (Number.isFinite(value) ? value.toFixed(1) : '—').padStart(width);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The page's simulation worker, its handler timed (every navigation starts a new one). */
async function simWorker(page) {
  for (let i = 0; i < 100; i++) {
    const worker = page.workers().find((candidate) => candidate.url().includes('sim-worker'));
    if (worker) {
      await worker.evaluate(timeWorker);
      return worker;
    }
    await page.waitForTimeout(50);
  }
  throw new Error('no simulation worker');
}

const springReady = () => document.querySelector('#status').dataset.state === 'ready';

/** Opens the page afresh (saved settings cleared), waits for the first run, pauses the animation. */
async function openPage(page) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.waitForFunction(springReady);
  const worker = await simWorker(page);
  await setPlaying(page, false);
  return worker;
}

/** Plays or pauses the schematic (its Play/Pause button), at `speed` if given. */
async function setPlaying(page, playing, speed) {
  await page.evaluate(
    ({ playing, speed }) => {
      const view = document.querySelector('#system-view');
      if (speed !== undefined) {
        const select = view.querySelector('.sv-speed');
        select.value = String(speed);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      if (window.__systemView.playing !== playing) view.querySelector('.sv-play').click();
    },
    { playing, speed },
  );
  await page.waitForFunction((playing) => window.__systemView.playing === playing, playing);
}

/** Chooses a model or law in #model and resets it (and the system) to defaults. */
async function choose(page, id) {
  await page.selectOption('#model', id);
  await page.waitForFunction(
    (id) =>
      (window.__lastSummary?.law ?? window.__lastSummary?.model) === id &&
      document.querySelector('#status').dataset.state === 'ready',
    id,
  );
  const count = await page.evaluate(() => window.__renderTimes.length);
  await page.click('#reset');
  await page.waitForFunction(
    (count) =>
      window.__renderTimes.length > count &&
      document.querySelector('#status').dataset.state === 'ready',
    count,
  );
}

/**
 * Moves a slider `count` times, one step at a time; for each input event, the time until the chart
 * (or the last of the charts) drawn for it, and where that time went: waiting to be sent, the
 * worker's round trip, drawing after the reply.
 */
async function sweep(
  page,
  worker,
  { slider, count, renders = '__renderTimes', status = 'status' },
) {
  await worker.evaluate(() => {
    self.__benchRuns.length = 0;
  });
  const steps = await page.evaluate(
    async ({ id, count, renders, statusId }) => {
      const input = document.getElementById(id);
      const status = document.getElementById(statusId);
      const log = window.__simLog;
      const min = Number(input.min),
        max = Number(input.max);
      const out = [];
      // The slider is held, as a hand dragging it slowly holds it: the page's drag previews (its law runs
      // with about one row per chart pixel) apply; the full run after the release is not timed.
      input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      for (let i = 0; i < count; i++) {
        // A fresh value each time, across the middle of the range.
        input.value = String(min + (max - min) * (0.3 + 0.4 * ((i * 0.618) % 1)));
        const drawn = window[renders].length;
        const sent = log.posted.length,
          replied = log.received.length;
        const start = performance.now();
        input.dispatchEvent(new Event('input', { bubbles: true }));
        // The charts of this result are drawn when the render count has risen and settled. A value
        // the engine refuses (status 'error') or no chart within 60 s counts as a failed step.
        const failed = await new Promise((resolve) => {
          const check = () => {
            const times = window[renders];
            const now = performance.now();
            if (times.length > drawn && status.dataset.state === 'ready' && now - times.at(-1) > 30)
              resolve(false);
            else if ((status.dataset.state === 'error' && now - start > 30) || now - start > 60000)
              resolve(true);
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        });
        if (failed) {
          out.push({ failed: true });
          continue;
        }
        const end = window[renders].at(-1);
        const post = log.posted.slice(sent),
          reply = log.received.slice(replied);
        out.push({
          latency: end - start,
          roundTrip: post.length && reply.length ? reply.at(-1).t - post.at(-1).t : NaN,
          draw: reply.length ? end - reply.at(-1).t : NaN,
          // How many charts this result drew: those in view (the others draw when scrolled to).
          charts: window[renders].length - drawn,
        });
      }
      dispatchEvent(new PointerEvent('pointerup'));
      return out;
    },
    { id: slider, count, renders, statusId: status },
  );
  const runs = await worker.evaluate(() => self.__benchRuns);
  const engine = runs.map((run) => run.ms);
  // The slowest request and the slider's value it was for.
  const slowest = runs.reduce((worst, run) => (run.ms > (worst?.ms ?? -1) ? run : worst), null);
  const values =
    slowest &&
    (await page.evaluate(
      (id) => window.__simLog.posted.find((post) => post.id === id)?.values,
      slowest.id,
    ));
  const sliderKey = slider.replace(/^(param|system|spring-law|law-[a-z-]+?)-/, '');
  const pick = (key) => steps.map((step) => step[key]).filter(Number.isFinite);
  return {
    latencies: pick('latency'),
    roundTrip: pick('roundTrip'),
    draw: pick('draw'),
    charts: pick('charts'),
    engine,
    load: os.loadavg()[0],
    slowest: slowest && { ms: slowest.ms, key: sliderKey, value: values?.[sliderKey] },
    failed: steps.filter((step) => step.failed).length,
  };
}

/**
 * A fast drag: one input event per animation frame, the slider moving one step each time from 30 %
 * to 70 % of its range. For every result drawn: the value it was computed for (the summary's
 * resolved `key`, from .system for a law run, .params for a model), the slider's value then, and
 * how many requests were sent to the worker and not yet drawn. Also: whether each request sent was
 * the newest (the slider's value when it was sent).
 */
async function fastDrag(page, { slider, key, steps = FAST_STEPS }) {
  return page.evaluate(
    async ({ id, key, steps }) => {
      const input = document.getElementById(id);
      const number = document.getElementById(`${id}-number`);
      const status = document.getElementById('status');
      const log = window.__simLog;
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const same = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
      const valueOf = (request) => (request.system ?? request.params)?.[key];
      const min = Number(input.min),
        max = Number(input.max),
        step = Number(input.step) || (max - min) / 200;
      const first = Math.round((0.3 * (max - min)) / step);
      const values = []; // slider value at each step
      const inputTimes = [];
      let current = -1; // the step the slider is at (-1: before the drag)
      const initial = Number(number.value);
      const draws = [];
      const sends = [];
      const lastSimulateId = () =>
        log.received.filter((reply) => reply.type === 'result').at(-1)?.id ?? 0;
      window.__onPost = (message) => {
        if (message.type === 'simulate')
          sends.push({ value: valueOf(message.request), slider: Number(number.value) });
      };
      window.__onSummary = (summary) => {
        const drawnId = lastSimulateId();
        draws.push({
          t: performance.now(),
          step: current,
          drawn: (summary.system ?? summary.params)?.[key],
          slider: Number(number.value),
          unsent: log.posted.filter((post) => post.type === 'simulate' && post.id > drawnId).length,
        });
      };
      input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      for (let i = 0; i < steps; i++) {
        await nextFrame();
        input.value = String(min + (first + i) * step);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        values.push(Number(number.value));
        inputTimes.push(performance.now());
        current = i;
      }
      dispatchEvent(new PointerEvent('pointerup')); // the release: the page sends the full run after its previews
      const stopped = draws.length;
      // Settled: up to date, every request answered, nothing drawn for 300 ms (or 2 minutes passed).
      await new Promise((resolve) => {
        const check = () => {
          const lastDraw = draws.at(-1)?.t ?? 0;
          const now = performance.now();
          if (
            (status.dataset.state === 'ready' &&
              log.posted.length === log.received.length &&
              now - Math.max(lastDraw, inputTimes.at(-1)) > 300) ||
            now - inputTimes.at(-1) > 120000
          )
            resolve();
          else setTimeout(check, 20);
        };
        check();
      });
      window.__onPost = window.__onSummary = null;
      // The step each drawn value belongs to: the latest step at or before the slider's with that value.
      const stepOf = (value, at) => {
        for (let k = at; k >= 0; k--) if (same(values[k], value)) return k;
        return same(value, initial) ? -1 : NaN;
      };
      const rows = draws.map((draw) => {
        const drawnStep = stepOf(draw.drawn, draw.step);
        return {
          ...draw,
          lag: draw.step - drawnStep,
          latency: drawnStep >= 0 ? draw.t - inputTimes[drawnStep] : NaN,
        };
      });
      const during = rows.slice(0, stopped),
        after = rows.slice(stopped);
      return {
        steps,
        results: rows.length,
        resultsAfterStop: after.length,
        maxLagDuring: Math.max(0, ...during.map((row) => row.lag).filter(Number.isFinite)),
        lagAtStop: after.length ? after[0].lag : (during.at(-1)?.lag ?? NaN),
        finalDrawn: rows.at(-1)?.drawn,
        finalSlider: values.at(-1),
        finalMatches: rows.length > 0 && same(rows.at(-1).drawn, values.at(-1)),
        maxUnsent: Math.max(0, ...rows.map((row) => row.unsent)),
        staleSends: sends.filter((send) => !same(send.value, send.slider)).length,
        sends: sends.length,
        latencies: rows.map((row) => row.latency).filter(Number.isFinite),
        unknown: rows.filter((row) => !Number.isFinite(row.lag)).length,
      };
    },
    { id: slider, key, steps },
  );
}

/**
 * The schematic playing for `duration` ms: window.__systemView.stats() over that time, with a drag
 * of `slider` (one input per animation frame, back and forth) if given, and the spring charts'
 * results drawn meanwhile.
 */
async function animation(page, { duration = ANIMATION_MS, slider } = {}) {
  return page.evaluate(
    async ({ duration, id }) => {
      const view = window.__systemView;
      const input = id && document.getElementById(id);
      const drawn = window.__renderTimes.length;
      // Our own frame clock beside stats(): intervals over 25 ms are frames missed at 60 Hz, whatever
      // the median interval (stats() counts drops against the median, which a slow page raises).
      let last = null,
        late = 0,
        sampling = true;
      const sample = (now) => {
        if (last !== null && now - last > 25) late += 1;
        last = now;
        if (sampling) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
      view.resetStats();
      const start = performance.now();
      let inputs = 0;
      if (input) {
        const min = Number(input.min),
          max = Number(input.max);
        input.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })); // held, as a hand drags it
        while (performance.now() - start < duration) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const phase = (inputs++ % 120) / 60; // 0 → 2: up, then back down
          input.value = String(min + (max - min) * (0.3 + 0.4 * (phase <= 1 ? phase : 2 - phase)));
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
        dispatchEvent(new PointerEvent('pointerup'));
      } else {
        await new Promise((resolve) => setTimeout(resolve, duration));
      }
      const elapsed = performance.now() - start;
      sampling = false;
      return {
        ...view.stats(),
        late,
        elapsed,
        inputs,
        renders: window.__renderTimes.length - drawn,
        playing: view.playing,
        ended: view.ended,
      };
    },
    { duration, id: slider },
  );
}

// ---------------------------------------------------------------------------------------------

const TARGETS = { median: 16, p95: 33 };
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

// BENCH_VIEWPORT=1920x1080: another window size (a projector's); the default 1280×900 shows the system
// and the forces chart at the page's top, and the charts column says how many each result drew.
const [width, height] = (process.env.BENCH_VIEWPORT ?? '1280x900').split('x').map(Number);
const cases = [];
const drags = [];
const animations = [];
const loadAtStart = load();

try {
  console.log(
    `Friction Lab browser benchmark: Chromium ${browser.version()}, ${width}×${height}, ${changes} slider changes per case, ` +
      `${os.cpus().length} CPUs, load average (1, 5, 15 min) at start: ${loadAtStart}`,
  );
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(instrument);
  const page = await context.newPage();

  // Navigation to the first chart drawn (each time a fresh load: the wasm fetched and compiled).
  const firstCharts = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${url}?run=${i}`);
    await page.waitForFunction(() => window.__renderTimes?.length >= 1);
    firstCharts.push(await page.evaluate(() => window.__renderTimes[0]));
    await page.evaluate(() => localStorage.clear());
  }

  // The spring-block cases, each on its own page load, with the animation paused (see below for
  // the animation itself). `setup` brings the page to the case; `slider` and `key` are dragged.
  const springCases = [
    { name: 'default view (seed model)', slider: 'param-c', key: 'c', setup: async () => {} },
    {
      name: 'Coulomb C1 law run',
      slider: 'system-c',
      key: 'c',
      setup: async () => {
        await page.selectOption('#preset', 'coulomb-limit-cycle');
        await page.waitForFunction(
          () =>
            window.__lastSummary?.law === 'coulomb' &&
            document.querySelector('#status').dataset.state === 'ready',
        );
      },
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
      setup: async () => {
        await page.selectOption('#preset', 'coulomb-limit-cycle');
        await page.waitForFunction(
          () =>
            window.__lastSummary?.law === 'coulomb' &&
            document.querySelector('#status').dataset.state === 'ready',
        );
        // Three pinned runs (μk 0.2, 0.3, 0.4) and the live one.
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
              window.__simLog.received.filter((reply) => reply.type === 'compared').length >=
                pinned,
            index + 1,
          );
        }
        await page.waitForFunction(
          () =>
            window.__simLog.posted.length === window.__simLog.received.length &&
            globalThis.Chart.getChart('chart-relative').data.datasets.length >= 4,
        );
      },
    },
  ];

  for (const spec of springCases) {
    await attempt(spec.name, async () => {
      const worker = await openPage(page);
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

  // The law explorer: a law card's slider (Coulomb's μs if shown, else the first card's first; not
  // μk, which the engine refuses above μs, in the middle of its range).
  await attempt('law explorer', async () => {
    const worker = await openPage(page);
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

  // The animation, playing (at 0.25×, so that a 10 s run lasts the whole measurement): the seed
  // model and LuGre, each without and with a drag of c.
  for (const [name, model, slider] of [
    ['seed model', null, 'param-c'],
    ['LuGre', 'lugre', 'system-c'],
  ]) {
    await attempt(`animation, ${name}`, async () => {
      await openPage(page);
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

  // ---- Report ----
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(
    '\nInput → drawn (one step at a time; animation paused). Engine: time per request inside the worker;',
  );
  console.log(
    'round trip: post to reply, seen from the page; draw: reply to the last chart drawn; charts: charts drawn per',
  );
  console.log(
    "result (those in view at the page's top; the others are drawn when they come into view). Load: 1-min average.",
  );
  console.log(
    `${'case'.padEnd(36)}    n   median (target)     p95 (target)   result   engine med/p95   round trip   draw med   charts   load`,
  );
  for (const row of cases) {
    const median = quantile(row.latencies, 0.5),
      p95 = quantile(row.latencies, 0.95);
    const medianOk = !Number.isFinite(row.target.median) || median < row.target.median;
    const medianTarget = Number.isFinite(row.target.median) ? `< ${row.target.median}` : 'none';
    console.log(
      `${row.name.padEnd(36)} ${String(row.latencies.length).padStart(4)}   ${ms(median)} (${medianTarget.padStart(4)})` +
        `   ${ms(p95)} (< ${row.target.p95})   ${verdict(medianOk && p95 < row.target.p95)}   ` +
        `${ms(quantile(row.engine, 0.5), 5)} /${ms(quantile(row.engine, 0.95), 5)}   ${ms(quantile(row.roundTrip, 0.5), 10)}` +
        `   ${ms(quantile(row.draw, 0.5), 8)}   ${String(quantile(row.charts, 0.5)).padStart(6)}   ${row.load.toFixed(2)}` +
        (row.failed ? `   (${row.failed} steps refused or not drawn)` : ''),
    );
  }
  console.log(
    'Slowest request per case (time inside the worker, and the slider value it was for):',
  );
  for (const row of cases) {
    if (row.slowest)
      console.log(
        `  ${row.name.padEnd(34)} ${ms(row.slowest.ms, 8)} ms${row.slowest.value !== undefined ? ` at ${row.slowest.key} = ${row.slowest.value}` : ''}`,
      );
  }
  console.log(
    `${'navigation to first chart'.padEnd(36)} ${String(firstCharts.length).padStart(4)}   ${ms(quantile(firstCharts, 0.5))} (none)` +
      `   ${ms(quantile(firstCharts, 0.95))} (none)   —`,
  );

  console.log(
    `\nFast drag (${FAST_STEPS} steps, one input per frame): does the chart trail the slider by more than one run?`,
  );
  console.log(
    'lag = slider step − step of the value drawn; queue = requests sent to the worker but not yet drawn, at each draw;',
  );
  console.log(
    "stale sends = requests sent that were not the slider's value at that moment. Latency: input of a drawn value → drawn.",
  );
  console.log(
    "No backlog: queue ≤ 1 and 2 or 3 results drawn after the stop (the run in flight, the newest, and a law run's full rows",
  );
  console.log('after its drag previews). PASS also needs');
  console.log(
    "the first result drawn after the stop to be at most 1 step behind and the last to be the slider's final value.",
  );
  console.log(
    `${'case'.padEnd(36)} results  max lag  lag at stop  drawn after stop  queue  stale sends   final = slider   latency med/p95   result   load`,
  );
  for (const row of drags) {
    const ok = row.lagAtStop <= 1 && row.finalMatches && row.maxUnsent <= 1 && row.staleSends === 0;
    console.log(
      `${row.name.padEnd(36)} ${String(row.results).padStart(7)}  ${String(row.maxLagDuring).padStart(7)}  ${String(row.lagAtStop).padStart(11)}` +
        `  ${String(row.resultsAfterStop).padStart(16)}  ${String(row.maxUnsent).padStart(5)}  ${`${row.staleSends}/${row.sends}`.padStart(11)}` +
        `   ${(row.finalMatches ? 'yes' : `NO (${row.finalDrawn} ≠ ${row.finalSlider})`).padStart(14)}` +
        `   ${ms(quantile(row.latencies, 0.5))} /${ms(quantile(row.latencies, 0.95))}   ${verdict(ok)}   ${row.load.toFixed(2)}` +
        (row.unknown ? `   (${row.unknown} drawn values matched no step)` : ''),
    );
  }

  console.log(
    `\nAnimation while playing, ${ANIMATION_MS / 1000} s each (target 60 frames per second, no dropped frames;`,
  );
  console.log(
    'frames, median, worst, dropped: window.__systemView.stats(), dropped = intervals over 1.5× its median interval;',
  );
  console.log(
    'over 25 ms: animation-frame intervals over 25 ms, missed frames at 60 Hz, timed beside it; per s: frames / elapsed).',
  );
  console.log(
    `${'case'.padEnd(36)} frames  per s  median  worst   dropped  over 25 ms  results drawn   result   load`,
  );
  for (const row of animations) {
    const fps = (1000 * row.frames) / row.elapsed;
    const ok = fps >= 57 && row.dropped === 0 && row.late === 0 && row.playing;
    console.log(
      `${row.name.padEnd(36)} ${String(row.frames).padStart(6)}  ${fps.toFixed(1).padStart(5)}  ${ms(row.medianMs)}  ${ms(row.worstMs)}` +
        `   ${String(row.dropped).padStart(7)}  ${String(row.late).padStart(10)}  ${String(Math.round(row.renders / 3)).padStart(13)}   ${verdict(ok)}   ${row.load.toFixed(2)}` +
        (row.playing ? '' : '   (stopped playing)'),
    );
  }
  for (const failure of failures) console.log(`\nNot measured: ${failure}`);
  console.log(
    `\nLoad average (1, 5, 15 min): start ${loadAtStart}, end ${load()} on ${os.cpus().length} CPUs ` +
      '(a shared machine: figures at a load above the CPU count are slowed by other work).',
  );
} finally {
  await browser.close();
  server.close();
  await rm(site, { recursive: true, force: true });
}
