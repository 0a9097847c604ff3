// The same answers natively and in wasm: every scenario the benchmark runs (`friction_bench 0 scenarios`,
// cpp/bench), every preset and every kept fuzz regression that is a scenario, run by the command-line
// program (build/native/cpp/friction run FILE --summary) and by dist/engine.mjs, give the same summary
// and the same final state within a bound that follows from the tolerance (native-answers.mjs).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { boundOf, difference, nativeRun } from './native-answers.mjs';
import { loadBuiltEngine, repoRoot } from './support.mjs';

const bench = path.join(repoRoot, 'build/native/cpp/friction_bench');
let engine, folder;
before(async () => {
  engine = await loadBuiltEngine();
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-same-'));
});
after(() => rm(folder, { recursive: true, force: true }));

/** The scenarios: the benchmark's rows, the presets, the fuzz regressions that are scenarios. */
async function scenarios() {
  const listed = spawnSync(bench, ['0', 'scenarios'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(listed.status, 0, listed.stderr);
  const rows = listed.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .map(({ group, label, scenario }) => ({ name: `bench: ${group} | ${label}`, scenario }));
  for (const preset of engine.presets())
    rows.push({ name: `preset: ${preset.id}`, scenario: preset.scenario });
  const kept = path.join(repoRoot, 'tests/fuzz/regressions');
  for (const file of (await readdir(kept)).sort()) {
    let scenario;
    try {
      scenario = JSON.parse(await readFile(path.join(kept, file), 'utf8'));
    } catch {
      continue; // not JSON: a regression of the reader itself
    }
    const isScenario =
      scenario !== null &&
      typeof scenario === 'object' &&
      ('law' in scenario || 'model' in scenario);
    if (isScenario) rows.push({ name: `fuzz: ${file}`, scenario });
  }
  // Two rows: a summary is read off the solution whatever the rows (run_spec_test.cpp), and the last
  // row is the final state.
  return rows.map(({ name, scenario }) => ({
    name,
    scenario: scenario.law ? { ...scenario, samples: 2 } : scenario,
  }));
}

/** The wasm run, as nativeRun() gives it (its summary and last row). */
function wasm(scenario) {
  try {
    const { summary, columns } = engine.simulate(scenario);
    // The CLI's columns: those with a finite value, a state variable as `state.<key>`.
    const last = {};
    const note = (key, column) => {
      if (column.some(Number.isFinite)) last[key] = column[column.length - 1];
    };
    for (const [key, column] of Object.entries(columns))
      if (column instanceof Float64Array) note(key, column);
    for (const [key, column] of Object.entries(columns.state ?? {})) note(`state.${key}`, column);
    return { summary, last };
  } catch (error) {
    return { error: error.message };
  }
}

test('benchmark scenarios, presets and kept fuzz inputs: the same answers natively and in wasm', async () => {
  const all = await scenarios();
  assert.ok(all.length > 400, `${all.length} scenarios`);
  const natives = new Array(all.length);
  // Two native runs at a time (two cores), while the wasm runs go one by one in this process.
  let next = 0;
  const worker = async () => {
    while (next < all.length) {
      const n = next++;
      natives[n] = await nativeRun(all[n].scenario, folder, `s${n}`);
    }
  };
  await Promise.all([worker(), worker()]);
  const mismatches = [];
  for (let n = 0; n < all.length; n++) {
    const { name, scenario } = all[n];
    const here = natives[n];
    const there = wasm(scenario);
    if ('error' in here || 'error' in there) {
      // Both refuse or stop alike (the same message's opening: a stop's time may differ in its digits).
      const opening = (text) =>
        String(text)
          .replace(/^friction: [^:]*: /, '')
          .slice(0, 24);
      if (!('error' in here && 'error' in there && opening(here.error) === opening(there.error)))
        mismatches.push(`${name}: native ${here.error ?? 'ran'}; wasm ${there.error ?? 'ran'}`);
      continue;
    }
    const bound = boundOf(there.summary);
    const found =
      difference(here.summary, there.summary, there.summary, bound) ??
      difference(here.last, there.last, there.summary, bound, 'final state');
    if (found) mismatches.push(`${name}: ${found}`);
  }
  assert.deepEqual(
    mismatches,
    [],
    `${mismatches.length} of ${all.length} differ:\n${mismatches.join('\n')}`,
  );
});
