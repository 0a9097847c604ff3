// The same run takes the same steps natively and in wasm. Step-size control uses only +, −, × and ÷
// (numerics/exact_root.h), which IEEE 754 rounds alike everywhere, so a law that needs no math
// library (Drake's polynomial Stribeck curve, Coulomb) follows one step sequence on every platform;
// with std::pow in the controller, Drake's run took 710 Rosenbrock steps natively and 695 in wasm.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { loadBuiltEngine } from './support.mjs';

const cli = path.resolve('build/native/cpp/friction');
let engine, folder;
before(async () => {
  engine = await loadBuiltEngine();
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-steps-'));
});

// Issue 14's case: the seed's system with Drake's law (μs 0.6, μd 0.4, vs 1e-4 m/s), 10 s.
const drake = {
  law: 'drake-stribeck',
  params: { static_friction: 0.6, dynamic_friction: 0.4, stiction_tolerance: 1e-4 },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, duration: 10 },
};

for (const [integrator, tolerance] of [
  ['auto', 0],
  ['radau', 1e-8],
  ['rosenbrock', 1e-7],
  ['dormand-prince', 1e-6],
]) {
  test(`Drake's law with ${integrator}${tolerance ? ` at ${tolerance}` : ''}: the same steps natively and in wasm`, async () => {
    const scenario = { ...drake, integrator, ...(tolerance ? { tolerance } : {}) };
    const file = path.join(folder, `${integrator}.json`);
    await writeFile(file, JSON.stringify(scenario));
    const summaryFile = path.join(folder, `${integrator}-summary.json`);
    const run = spawnSync(
      cli,
      ['run', file, '--csv', path.join(folder, `${integrator}.csv`), '--summary', summaryFile],
      { encoding: 'utf8' },
    );
    assert.equal(run.status, 0, run.stderr);
    const native = JSON.parse(await readFile(summaryFile, 'utf8'));
    const wasm = engine.simulate(scenario).summary;
    assert.ok(native.steps > 100, `${native.steps} steps`);
    assert.equal(wasm.integrator, native.integrator);
    assert.equal(wasm.steps, native.steps);
  });
}
