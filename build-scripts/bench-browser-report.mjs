// The browser benchmark's report (build-scripts/bench-browser.mjs): one table per measurement,
// each row beside its target with PASS or MISS, and the machine's load.

import os from 'node:os';
import { ANIMATION_MS, FAST_STEPS } from './bench-browser-measures.mjs';

const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value, width = 6) => (Number.isFinite(value) ? value.toFixed(1) : '—').padStart(width);
export const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const verdict = (ok) => (ok ? 'PASS' : 'MISS');

/** Prints every table of the run. */
export function printReport({ cases, firstCharts, drags, animations, failures, loadAtStart }) {
  printLatencies(cases, firstCharts);
  printDrags(drags);
  printAnimations(animations);
  for (const failure of failures) console.log(`\nNot measured: ${failure}`);
  console.log(
    `\nLoad average (1, 5, 15 min): start ${loadAtStart}, end ${load()} on ${os.cpus().length} CPUs ` +
      '(a shared machine: figures at a load above the CPU count are slowed by other work).',
  );
}

/** Input → drawn per case (slow drag), the slowest request of each, and navigation to the first chart. */
function printLatencies(cases, firstCharts) {
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
    const median = quantile(row.latencies, 0.5);
    const p95 = quantile(row.latencies, 0.95);
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
}

/** The fast drags: whether the charts trail the slider by more than one run. */
function printDrags(drags) {
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
}

/** The animation while playing, without and with a drag. */
function printAnimations(animations) {
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
}
