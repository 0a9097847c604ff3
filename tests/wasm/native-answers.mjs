// A run natively, by the command-line program (build/native/cpp/friction run FILE --summary FILE), and
// the comparison of its answers with the wasm module's within a bound that follows from the tolerance
// (same-answers.test.mjs, wire.test.mjs). The two builds differ only where a law calls the math
// library (glibc natively, musl in wasm: exp, log, pow may differ in their last bit); an adaptive run is
// then a second solution within its tolerance of the same motion, and a fixed-step run repeats the same
// steps.

import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { repoRoot } from './support.mjs';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'build/native/cpp/friction');

/**
 * The native run of `scenario`, its files named `name` in `folder`: { summary, rows: [{ column: value }]
 * (the CSV's rows, a state variable's column as `state.<key>`), last (the final row) } or { error }.
 */
export async function nativeRun(scenario, folder, name) {
  const file = path.join(folder, `${name}.json`);
  const summaryFile = path.join(folder, `${name}-summary.json`);
  await writeFile(file, JSON.stringify(scenario));
  try {
    const { stdout } = await run(cli, ['run', file, '--summary', summaryFile], {
      maxBuffer: 1 << 26,
    });
    const lines = stdout
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith('#'));
    const keys = lines[0].split(',').map((heading) => heading.split(' ')[0]);
    const rows = lines.slice(1).map((line) => {
      const values = line.split(',').map(Number);
      return Object.fromEntries(keys.map((key, i) => [key, values[i]]));
    });
    const summary = JSON.parse(await readFile(summaryFile, 'utf8'));
    return { summary, rows, last: rows[rows.length - 1] };
  } catch (error) {
    return { error: error.stderr || error.message };
  }
}

// What the runs report of themselves rather than of the motion (the steps follow the libm's last bits),
// the relative measure of the integration error, which is itself of the size of the tolerance, and the
// growth rate, a least-squares slope over every located extremum after the first fifth: where the block
// creeps near rest its extrema are the solution's own wiggles, which come and go with the last bits
// (rsf with Rosenbrock on the seed's system: −0.056 1/s natively, −0.067 in wasm, every other figure
// alike to 1e-9). Its regime, which the growth rate decides, is compared.
const NOT_COMPARED = new Set([
  'steps',
  'rejectedSteps',
  'dt',
  'integratorSwitches',
  'energyResidual',
  'warnings',
  'growthRate',
]);

// Quantities located on a step's dense output (an extremum of v or of the drive force), whose accuracy
// is the interpolant's (Rosenbrock's cubic Hermite: ~1e-6 of the scale), not the step's.
const LOCATED = new Set([
  'peakVelocity',
  'amplitude',
  'driveForceMin',
  'driveForceMax',
  'cycleDriveForceMin',
  'cycleDriveForceMax',
]);

/**
 * The bound: for an adaptive run 1e4 times its tolerance (each run is within a few times the tolerance of
 * the motion per step, and stick-slip carries an event's timing on through the cycles), relative to the
 * quantity's scale, and never looser than 1e-3 (at the benchmark's loosest tolerance, 1e-4, 1e4 times it
 * would pass anything); for a fixed step, which repeats the same arithmetic, 1e-9.
 */
export function boundOf(summary) {
  return Number.isFinite(summary.tolerance) && summary.tolerance > 0
    ? Math.min(Math.max(1e4 * summary.tolerance, 1e-9), 1e-3)
    : 1e-9;
}

/** A run's scales: its duration, fastest speed (its peak or its drive's) and largest drive force. */
function scalesOf(summary) {
  const duration = summary.duration ?? summary.params?.tmax ?? 1;
  const v0 = summary.system?.v0 ?? summary.params?.v0 ?? 0;
  const drive = Array.isArray(v0) ? Math.max(...v0.map(([, v]) => Math.abs(v))) : Math.abs(v0);
  const speed = Math.max(summary.peakVelocity ?? 0, drive);
  const force = Math.max(
    Math.abs(summary.driveForceMax ?? 0),
    Math.abs(summary.driveForceMin ?? 0),
  );
  return { duration, speed, force, work: Math.abs(summary.driveWork ?? 0) };
}

/** The keys measured in each of a run's scales. */
const SCALE_OF_KEY = {
  ...Object.fromEntries(['t', 'start', 'end', 'period'].map((key) => [key, 'duration'])),
  ...Object.fromEntries(['v', 'peakVelocity', 'amplitude'].map((key) => [key, 'speed'])),
  ...Object.fromEntries(
    [
      'friction',
      'spring',
      'fk',
      'staticLimit',
      'driveForce',
      'driveForceMin',
      'driveForceMax',
      'cycleDriveForceMin',
      'cycleDriveForceMax',
    ].map((key) => [key, 'force']),
  ),
  ...Object.fromEntries(
    ['driveWork', 'dissipated', 'dashpotDissipated'].map((key) => [key, 'work']),
  ),
};

/** The scale a number is compared against: its own size, or that of its kind in this run. */
function scaleOf(key, summary, value) {
  const scales = scalesOf(summary);
  const byKey =
    key === 'x' || key === 'drivePosition'
      ? scales.speed * scales.duration
      : key === 'growthRate'
        ? 1 / scales.duration
        : (scales[SCALE_OF_KEY[key]] ?? 0);
  return Math.max(Math.abs(value), byKey);
}

/** Two numbers within the bound (wider for an extremum located on the dense output), or why not. */
function numberDifference(a, b, summary, bound, where, key) {
  const scale = Math.max(scaleOf(key, summary, a), Math.abs(b));
  const allowed = LOCATED.has(key) ? Math.max(bound, 1e-5) : bound;
  return Math.abs(a - b) <= allowed * scale
    ? null
    : `${where}: ${a} against ${b} (bound ${bound} of ${scale})`;
}

/** The first difference beyond the bound between two summaries' trees, or null. */
export function difference(a, b, summary, bound, where = 'summary', key = '') {
  if (typeof a === 'number' && typeof b === 'number')
    return numberDifference(a, b, summary, bound, where, key);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return a === b ? null : `${where}: ${JSON.stringify(a)} against ${JSON.stringify(b)}`;
  if (Array.isArray(a) !== Array.isArray(b) || Object.keys(a).length !== Object.keys(b).length)
    return `${where}: ${Object.keys(a).length} items against ${Object.keys(b).length}`;
  const list = Array.isArray(a);
  for (const k of Object.keys(a).filter((member) => !NOT_COMPARED.has(member))) {
    const found = difference(a[k], b[k], summary, bound, `${where}.${k}`, list ? key : k);
    if (found) return found;
  }
  return null;
}
