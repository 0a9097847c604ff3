// bench.sh's last tables: each row's median over the passes (the native benchmark, the wasm one and
// the page's calls took turns, one round each), the native and wasm times side by side, and issue 29's
// per-call and seed-scheme ratios. Reads build/bench/pass-N-{native,wasm,calls}.txt, each holding one
// JSON line ("BENCH_JSON {...}" or "CALLS_JSON {...}"). Not a test: nothing passes or fails on time.
// Usage: node build-scripts/bench-side-by-side.mjs FOLDER PASSES

import { readFileSync } from 'node:fs';
import path from 'node:path';

const [folder, passCount] = process.argv.slice(2);
const passes = Number(passCount);

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const keyOf = (row) => `${row.group ?? ''} | ${row.label}`;

/** One side's rows in one pass: its file's JSON line after `prefix`. */
function passRows(side, prefix, pass) {
  const text = readFileSync(path.join(folder, `pass-${pass}-${side}.txt`), 'utf8');
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  return JSON.parse(line.slice(prefix.length)).rows;
}

/** One side's rows, each with its median time over the passes. */
function medianRows(side, prefix) {
  const byKey = new Map();
  for (let pass = 1; pass <= passes; pass++) {
    for (const row of passRows(side, prefix, pass)) {
      if (!byKey.has(keyOf(row))) byKey.set(keyOf(row), { ...row, times: [] });
      byKey.get(keyOf(row)).times.push(row.seconds);
    }
  }
  return [...byKey.values()].map(({ times, ...row }) => ({ ...row, seconds: median(times) }));
}

const ms = (seconds) => (seconds < 0 ? 'refused' : (1e3 * seconds).toFixed(3));
const us = (seconds) => (seconds === undefined ? '-' : (1e6 * seconds).toFixed(2));

/** One row of the side-by-side table; its ratio, or NaN where either side has no time. */
function printRow(row, other, width) {
  const ratio = row.seconds > 0 && other.seconds > 0 ? other.seconds / row.seconds : NaN;
  const ratioText = Number.isFinite(ratio) ? ratio.toFixed(2) : '';
  const steps = row.steps === other.steps ? '' : `  (steps differ: ${row.steps} vs ${other.steps})`;
  const name = keyOf(row).slice(0, width).padEnd(width);
  const times = `${ms(row.seconds).padStart(10)} ${ms(other.seconds).padStart(10)}`;
  console.log(`${name} ${times} ${ratioText.padStart(12)}${steps}`);
  return ratio;
}

/** Native and wasm side by side, and the median of wasm ÷ native. */
function printSideBySide(native, wasm) {
  const wasmByKey = new Map(wasm.map((row) => [keyOf(row), row]));
  console.log(
    `\nNative and wasm side by side (median ms over ${passes} passes, the builds taking turns; ` +
      'same steps and errors expected)',
  );
  // The key column as wide as the longest key (up to 90 characters), so that the methods stay readable.
  const width = Math.min(90, Math.max(14, ...native.map((row) => keyOf(row).length)));
  const heading = ['native', 'wasm'].map((side) => side.padStart(10)).join(' ');
  console.log(`${'case | method'.padEnd(width)} ${heading} ${'wasm÷native'.padStart(12)}`);
  const ratios = native
    .filter((row) => wasmByKey.has(keyOf(row)))
    .map((row) => printRow(row, wasmByKey.get(keyOf(row)), width))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const range = `range ${ratios[0].toFixed(2)} to ${ratios.at(-1).toFixed(2)}`;
  console.log(
    `\nwasm ÷ native over ${ratios.length} rows: median ${median(ratios).toFixed(2)}, ${range}`,
  );
}

/** A row's median time: the first of `rows` in `group` whose label starts with `prefix`. */
const timeOf = (rows, group, prefix) =>
  rows.find((row) => (group === null || row.group === group) && row.label.startsWith(prefix))
    ?.seconds;

/** Issue 29: a 2-row C1 call of the page at most twice native's. */
function printPerCall(native, wasm, calls) {
  console.log(
    '\nA 2-row C1 run per call (us): native (C++), wasm (C++ under node), ' +
      'the page (simulate() through engine.mjs)',
  );
  for (const [label, duration] of [
    ['C1, 2 rows, 20 s', '20 s'],
    ['C1, 2 rows, 0.1 s (the call)', '0.1 s'],
  ]) {
    const nativeCall = timeOf(native, 'Per call', `C1, 2 rows, ${duration}`) / 1000;
    const wasmCall = timeOf(wasm, 'Per call', `C1, 2 rows, ${duration}`) / 1000;
    const page = timeOf(calls, null, `simulate(): C1, 2 rows, ${duration}`);
    const ratio = `page ÷ native ${(page / nativeCall).toFixed(2)} (goal ≤ 2)`;
    const times = [nativeCall, wasmCall, page].map((seconds) => us(seconds).padStart(10)).join(' ');
    console.log(`  ${label.padEnd(32)} ${times}   ${ratio}`);
  }
}

/** Issue 29: the seed-euler loop at most the seed app's own CalcIt, natively and in wasm. */
function printSeedScheme(native, wasm, calls) {
  const msOf = (seconds) => (seconds === undefined ? '-' : (1e3 * seconds).toFixed(3));
  const calcIt = timeOf(calls, null, 'the seed');
  const loops = {
    native: timeOf(native, 'Seed default case', 'seed-euler'),
    wasm: timeOf(wasm, 'Seed default case', 'seed-euler'),
    'simulate()': timeOf(calls, null, 'simulate(): seed-euler'),
  };
  const replica = timeOf(calls, null, 'simulate(): abbott-seed');
  console.log(
    '\nThe seed default case, 100 000 steps of 1 ms (ms): the seed-euler loop natively, in wasm ' +
      "(C++ under node) and through simulate(); the seed app's CalcIt in node",
  );
  const times = Object.entries(loops).map(([where, seconds]) => `${where} ${msOf(seconds)}`);
  console.log(
    `  seed-euler loop: ${times.join(', ')}; CalcIt ${msOf(calcIt)}; ` +
      `replica through simulate() ${msOf(replica)}`,
  );
  const ratios = Object.entries(loops).map(
    ([where, seconds]) => `${where} ${(seconds / calcIt).toFixed(2)}`,
  );
  console.log(`  ÷ CalcIt (goal ≤ 1; in wasm, the line below): ${ratios.join(', ')}`);
  // The goal's figure: the loop through the page's module ÷ CalcIt, timed in turn in one node process,
  // pass by pass, so that both meet the same machine (on ours one process may run the compiled loop
  // at up to twice another's time: the benchmark's wasm row above comes from other processes).
  const inOneProcess = passRatios('calls', 'CALLS_JSON ', 'simulate(): seed-euler', 'the seed');
  const perPass = inOneProcess.map((ratio) => ratio.toFixed(2)).join(' ');
  console.log(
    `  simulate() ÷ CalcIt in one process, pass by pass: ${perPass}; ` +
      `median ${median(inOneProcess).toFixed(2)} (goal ≤ 1)`,
  );
}

/** One side's time ratio of two rows (by label prefix) in each pass. */
function passRatios(side, prefix, numerator, denominator) {
  return Array.from({ length: passes }, (_, index) => {
    const rows = passRows(side, prefix, index + 1);
    return timeOf(rows, null, numerator) / timeOf(rows, null, denominator);
  });
}

const native = medianRows('native', 'BENCH_JSON ');
const wasm = medianRows('wasm', 'BENCH_JSON ');
const calls = medianRows('calls', 'CALLS_JSON ');
printSideBySide(native, wasm);
printPerCall(native, wasm, calls);
printSeedScheme(native, wasm, calls);
