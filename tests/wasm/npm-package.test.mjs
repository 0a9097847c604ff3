// The engine as an npm package (issue 28): `npm pack` of build/npm (build-scripts/npm-package.mjs) gives
// a tarball holding the module, its wasm, the studies' and the fits' modules and the TypeScript
// declarations of the whole JS API and of the scenario format. Installed into an empty project, it runs
// from node and from an esbuild bundle (esbuild from npm, a devDependency), and its declarations name
// every call the loaded engine has.
// Run: node --test tests/wasm/npm-package.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { build, transform } from 'esbuild';
import { repoRoot } from './support.mjs';

const run = promisify(execFile);
const packageDir = path.join(repoRoot, 'build/npm');
// T = 2ΔF/(c v0) + (π + 2 atan(v0 √(cm)/ΔF))/ω for case C1 (docs/validation.md): ΔF = 2 N, c = 10 N/m.
const PERIOD_C1 =
  (2 * 2) / (10 * 0.1) + (Math.PI + 2 * Math.atan((0.1 * Math.sqrt(10)) / 2)) / Math.sqrt(10);

// What the consumer's program does with the package: a C1 run, a free vibration, the studies' and the
// fits' modules; it prints what it found as JSON.
const PROGRAM = `
import { loadEngine } from 'friction-lab-engine';
import { loadFitEngine } from 'friction-lab-engine/fit';
const engine = await loadEngine();
const c1 = engine.simulate({ law: 'coulomb', params: { mu_s: 0.6, mu_k: 0.4 },
  system: { m: 1, c: 10, eta: 0, v0: 0.1, Fn: 10, duration: 30 } });
const released = engine.simulate({ law: 'coulomb', params: { mu_s: 0.1, mu_k: 0.1 },
  system: { m: 1, c: 10, Fn: 10, v0: 0, x0: -0.95, duration: 8 } });
const sliding = engine.steadySliding({ model: 'state-variable', params: { eta: 12, v0: 0.05, Fn: 10, tau: 0.1, D: 0.01 } });
const fits = await loadFitEngine();
let refused = '';
try { engine.simulate({ law: 'coulomb', system: { v0: 0 } }); } catch (error) { refused = error.parameter; }
console.log(JSON.stringify({
  version: engine.version, period: c1.summary.period, regime: released.summary.regime,
  rest: released.columns.x.at(-1), eta: sliding.changes.find((change) => change.key === 'eta')?.boundary,
  targets: fits.exportTargets().length, refused,
  calls: Object.keys(engine).sort(), fitCalls: Object.keys(fits).sort(),
  systemKeys: engine.system().params.map((param) => param.key),
}));
`;

let folder;
let tarball;

before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-npm-'));
  const { stdout } = await run(
    'npm',
    ['pack', packageDir, '--pack-destination', folder, '--json'],
    {
      cwd: folder,
    },
  );
  tarball = path.join(folder, JSON.parse(stdout)[0].filename);
});

after(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** An empty project with the tarball installed (offline: the package has no dependencies). */
async function project(name) {
  const dir = path.join(folder, name);
  await mkdir(dir);
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module' }),
  );
  await run(
    'npm',
    ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    {
      cwd: dir,
    },
  );
  await writeFile(path.join(dir, 'main.mjs'), PROGRAM);
  return dir;
}

/** What the program printed, checked against the closed forms and the API. */
function checkOutput(stdout) {
  const out = JSON.parse(stdout);
  assert.ok(Math.abs(out.period - PERIOD_C1) <= 1e-9 * PERIOD_C1, `period ${out.period}`);
  assert.equal(out.regime, 'at-rest');
  assert.ok(Math.abs(out.rest + 0.05) <= 1e-9, `rests at ${out.rest} m`);
  assert.ok(Math.abs(out.eta - Math.sqrt(200)) <= 1e-9 * Math.sqrt(200), `η_c ${out.eta}`);
  assert.ok(out.targets >= 10);
  assert.equal(out.refused, 'system.v0');
  return out;
}

test('the tarball holds the module, its wasm, the studies and fits modules, and the declarations', async () => {
  const { stdout } = await run('tar', ['-tzf', tarball]);
  const files = stdout.split('\n').filter(Boolean);
  for (const file of [
    'engine.mjs',
    'wire.mjs',
    'friction-wasm.mjs',
    'friction-wasm.wasm',
    'studies-engine.mjs',
    'friction-studies-wasm.wasm',
    'fit-engine.mjs',
    'friction-fit-wasm.wasm',
    'types/index.d.ts',
    'types/scenario.d.ts',
    'types/studies.d.ts',
    'types/fit.d.ts',
    'README.md',
    'LICENSE',
    'package.json',
  ])
    assert.ok(files.includes(`package/${file}`), `${file} in ${files.join(', ')}`);
});

test('installed in an empty project, it runs from node', { timeout: 120_000 }, async () => {
  const dir = await project('from-node');
  const { stdout } = await run('node', ['main.mjs'], { cwd: dir });
  checkOutput(stdout);
});

test(
  'an esbuild bundle of a program that uses it runs, its wasm beside it',
  { timeout: 120_000 },
  async () => {
    const dir = await project('from-bundle');
    const outdir = path.join(dir, 'bundle');
    await build({
      entryPoints: [path.join(dir, 'main.mjs')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: path.join(outdir, 'app.mjs'),
      logLevel: 'error',
      logOverride: { 'unsupported-require-call': 'silent' },
    });
    // As the package's README says: the .wasm files go beside the bundle.
    const installed = path.join(dir, 'node_modules/friction-lab-engine');
    for (const file of (await readdir(installed)).filter((name) => name.endsWith('.wasm')))
      await cp(path.join(installed, file), path.join(outdir, file));
    const { stdout } = await run('node', [path.join(outdir, 'app.mjs')], { cwd: folder });
    checkOutput(stdout);
  },
);

test(
  'the declarations parse and name every call of the engine, the studies and the fits',
  { timeout: 120_000 },
  async () => {
    const dir = await project('declarations');
    const types = path.join(dir, 'node_modules/friction-lab-engine/types');
    const text = {};
    for (const file of await readdir(types)) {
      text[file] = await readFile(path.join(types, file), 'utf8');
      // esbuild's TypeScript parser: a syntax error throws.
      await transform(text[file], { loader: 'ts' });
    }
    const { stdout } = await run('node', ['main.mjs'], { cwd: dir });
    const { calls, fitCalls, systemKeys } = checkOutput(stdout);
    const declared = (file, name) =>
      new RegExp(`\\b${name}\\s*[(:]|readonly ${name}\\b`).test(text[file]);
    for (const call of calls)
      assert.ok(declared('index.d.ts', call) || declared('studies.d.ts', call), `engine.${call}`);
    for (const call of fitCalls) assert.ok(declared('fit.d.ts', call), `fits.${call}`);
    // The scenario format's keys, as the engine's reader takes them (docs/reference/scenario.md).
    for (const key of [
      'model',
      'law',
      'params',
      'system',
      'integrator',
      'samples',
      'tolerance',
      'kick',
      'grid',
      'protocol',
    ])
      assert.match(text['scenario.d.ts'], new RegExp(`\\b${key}\\??:`), `scenario key ${key}`);
    // Every key of the system the engine's catalog declares, and its start.
    for (const key of [...systemKeys, 'start'])
      assert.match(text['scenario.d.ts'], new RegExp(`\\b${key}\\?:`), `system key ${key}`);
  },
);
