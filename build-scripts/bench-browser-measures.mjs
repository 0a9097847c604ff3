// The browser benchmark's measurements (build-scripts/bench-browser.mjs), each run in the page:
// input to drawn over a slow drag (sweep), how far the charts trail a fast drag (fastDrag), and the
// animation's frames while it plays (animation).

import os from 'node:os';

// The fast drag: this many steps, one input event per animation frame.
export const FAST_STEPS = 90;
// The animation is watched this long, without and with a drag.
export const ANIMATION_MS = 3000;

/**
 * Moves a slider `count` times, one step at a time; for each input event, the time until the chart
 * (or the last of the charts) drawn for it, and where that time went: waiting to be sent, the
 * worker's round trip, drawing after the reply.
 */
export async function sweep(
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
export async function fastDrag(page, { slider, key, steps = FAST_STEPS }) {
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
export async function animation(page, { duration = ANIMATION_MS, slider } = {}) {
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
