// The Slurm job writer, build-scripts/slurm-job.py (docs/guide/lab-protocols.md, "On a cluster: a
// Slurm job array"): the files it writes are job scripts sbatch reads (every directive before the
// first command, each a known option with a value), their time limit holds the sampled time per cell
// for the largest part with the margin asked for, the sample is the part of the map it says, and its
// commands, run as Slurm would run them (SLURM_ARRAY_TASK_ID = 0 … N−1, then the merge), give the
// unsharded map byte for byte. A part whose friction fails leaves no part file. Bad arguments are
// refused by name. build-scripts/slurm-test.sh runs the same files on a real (one-node) Slurm.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { repoRoot } from './support.mjs';

const writer = path.join(repoRoot, 'build-scripts', 'slurm-job.py');
const cli = path.join(repoRoot, 'build', 'native', 'cpp', 'friction');
const env = { ...process.env, PATH: `${path.dirname(cli)}:${process.env.PATH}` };

// 8 × 6 = 48 cells of Coulomb's stick-slip, in 5 parts: parts 0 to 2 hold 10 cells, 3 and 4 hold 9.
const SWEEP = {
  scenario: { law: 'coulomb', params: { mu_s: 0.5 }, system: { duration: 5 } },
  x: { target: 'system', key: 'c', min: 2, max: 40, count: 8, log: true },
  y: { key: 'mu_k', min: 0.1, max: 0.45, count: 6 },
};
const CELLS = 48;
const ACROSS = 8;
const PARTS = 5;

// Every folder a test made, removed at the end however the test went.
const folders = [];
after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

let unsharded;
before(async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-slurm-job-'));
  folders.push(folder);
  await writeFile(path.join(folder, 'map.json'), JSON.stringify(SWEEP));
  const result = spawnSync(cli, ['sweep', 'map.json', '--csv', 'map.csv'], { cwd: folder });
  assert.equal(result.status, 0, String(result.stderr));
  unsharded = await readFile(path.join(folder, 'map.csv'));
});

/** Writes the map in a new folder and runs the writer there with `args`; the folder and the result. */
async function writeJob(args) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-slurm-job-'));
  folders.push(folder);
  await writeFile(path.join(folder, 'map.json'), JSON.stringify(SWEEP));
  const result = spawnSync('python3', [writer, ...args], { cwd: folder, env, encoding: 'utf8' });
  return { folder, result };
}

/** A job file's directives ({option: value}), checked to be where and as sbatch reads them. */
function directives(text) {
  const lines = text.split('\n');
  assert.equal(lines[0], '#!/bin/bash');
  const firstCommand = lines.findIndex((line, k) => k > 0 && line !== '' && !line.startsWith('#'));
  const found = {};
  lines.forEach((line, k) => {
    if (!line.startsWith('#SBATCH')) return;
    // sbatch stops reading directives at the first command.
    assert.ok(k < firstCommand, `${line} comes after the first command, where sbatch ignores it`);
    const match = /^#SBATCH --([a-z-]+)=(\S+)$/.exec(line);
    assert.ok(match, `'${line}' is not '#SBATCH --option=value'`);
    found[match[1]] = match[2];
  });
  return found;
}

/** A Slurm time limit (HH:MM:SS or D-HH:MM:SS) in seconds. */
function limitSeconds(limit) {
  const match = /^(?:(\d+)-)?(\d\d):(\d\d):(\d\d)$/.exec(limit);
  assert.ok(match, `time limit '${limit}'`);
  const [days = 0, hours, minutes, seconds] = match.slice(1).map((v) => Number(v ?? 0));
  return ((days * 24 + hours) * 60 + minutes) * 60 + seconds;
}

/** The sample the job file reports: its cells, the part it was (0 of M) and its seconds. */
function sampleOf(text) {
  const match = /^# Sample: (\d+) cells \(part 0\/(\d+)\) in ([\d.e-]+) s,/m.exec(text);
  assert.ok(match, 'the job file reports its sample');
  return { cells: Number(match[1]), shards: Number(match[2]), seconds: Number(match[3]) };
}

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

test('the array and the merge: directives sbatch reads, a time limit above margin × sampled time per cell × cells of the largest part', async () => {
  const { folder, result } = await writeJob(['map.json', String(PARTS), '--sample', '8']);
  assert.equal(result.status, 0, result.stderr);
  const array = await readFile(path.join(folder, 'map.sbatch'), 'utf8');
  const merge = await readFile(path.join(folder, 'map-merge.sbatch'), 'utf8');
  const task = directives(array);
  assert.equal(task.array, `0-${PARTS - 1}`);
  assert.equal(task['cpus-per-task'], '1');
  assert.equal(task.chdir, folder);
  assert.match(task.output, /^map-logs\//);
  assert.ok(existsSync(path.join(folder, 'map-logs')), 'Slurm does not make the log folder');
  assert.ok(Number(/^(\d+)M$/.exec(task.mem)[1]) >= 64);
  // The partition and the account are left for the user: lines sbatch does not read.
  assert.match(array, /^##SBATCH --partition=$/m);
  assert.match(array, /^##SBATCH --account=$/m);
  assert.equal(task.partition, undefined);

  // The sample: part 0 of M, M coprime with the 8 cells across, holding the cells n ≡ 0 (mod M).
  const sample = sampleOf(array);
  assert.equal(gcd(sample.shards, ACROSS), 1, `part 0/${sample.shards} is in few columns`);
  assert.ok(sample.shards >= CELLS / 8 && sample.shards < CELLS / 4, `M = ${sample.shards}`);
  assert.equal(sample.cells, Math.ceil(CELLS / sample.shards));
  // The limit: 3 × (time per cell) × 10 cells (the largest part) + 60 s, rounded up to the minute.
  const needed = 3 * (sample.seconds / sample.cells) * Math.ceil(CELLS / PARTS) + 60;
  const limit = limitSeconds(task.time);
  assert.ok(limit >= needed, `${task.time} < ${needed} s`);
  assert.ok(limit < needed + 60.5, `${task.time}: more than a minute of rounding over ${needed} s`);

  const mergeJob = directives(merge);
  assert.equal(mergeJob.array, undefined);
  assert.ok(limitSeconds(mergeJob.time) >= 300);
  assert.match(merge, /merge map-parts\/part-\*\.csv --csv map\.csv$/m);
});

test('its tasks, run as Slurm runs them, and the merge give the unsharded map byte for byte', async () => {
  const { folder, result } = await writeJob(['map.json', String(PARTS)]);
  assert.equal(result.status, 0, result.stderr);
  for (let k = 0; k < PARTS; ++k) {
    const task = spawnSync('bash', ['map.sbatch'], {
      cwd: folder,
      env: { ...env, SLURM_ARRAY_TASK_ID: String(k) },
      encoding: 'utf8',
    });
    assert.equal(task.status, 0, task.stderr);
  }
  const parts = (await readdir(path.join(folder, 'map-parts'))).sort();
  assert.deepEqual(
    parts,
    ['part-0.csv', 'part-1.csv', 'part-2.csv', 'part-3.csv', 'part-4.csv'],
    'one file a part, none left .partial',
  );
  const merged = spawnSync('bash', ['map-merge.sbatch'], { cwd: folder, env, encoding: 'utf8' });
  assert.equal(merged.status, 0, merged.stderr);
  assert.ok((await readFile(path.join(folder, 'map.csv'))).equals(unsharded));

  // A task whose friction fails (here: its sweep file is gone) fails, and leaves no part file.
  await rm(path.join(folder, 'map-parts'), { recursive: true, force: true });
  await rm(path.join(folder, 'map.json'));
  await mkdir(path.join(folder, 'map-parts'));
  const failed = spawnSync('bash', ['map.sbatch'], {
    cwd: folder,
    env: { ...env, SLURM_ARRAY_TASK_ID: '2' },
    encoding: 'utf8',
  });
  assert.notEqual(failed.status, 0);
  assert.ok(!existsSync(path.join(folder, 'map-parts', 'part-2.csv')));
});

test('--partition and --account become directives; a limit of a day or more reads D-HH:MM:SS', async () => {
  const margin = 1e8;
  const { folder, result } = await writeJob([
    'map.json',
    String(PARTS),
    '--partition',
    'short',
    '--account',
    'tribology',
    '--margin',
    String(margin),
  ]);
  assert.equal(result.status, 0, result.stderr);
  const array = await readFile(path.join(folder, 'map.sbatch'), 'utf8');
  const task = directives(array);
  assert.equal(task.partition, 'short');
  assert.equal(task.account, 'tribology');
  assert.doesNotMatch(array, /^##SBATCH/m);
  const sample = sampleOf(array);
  const needed = margin * (sample.seconds / sample.cells) * Math.ceil(CELLS / PARTS) + 60;
  assert.ok(needed > 86400, 'the margin makes it more than a day');
  assert.match(task.time, /^\d+-\d\d:\d\d:00$/);
  const limit = limitSeconds(task.time);
  // The sample's seconds are printed to 6 digits: allow for that rounding.
  assert.ok(limit >= needed * (1 - 1e-5), `${task.time} < ${needed} s`);
  assert.ok(limit < needed * (1 + 1e-5) + 60, `${task.time}: more than a minute over ${needed} s`);
});

test('bad arguments and a sweep friction refuses are refused, saying which and why', async () => {
  const cases = [
    [['map.json', '0'], /N \(the number of parts\) must be a whole number of at least 1; got '0'/],
    [['map.json', 'many'], /got 'many'/],
    [['map.json', '4', '--margin', '0.5'], /--margin must be a number of at least 1.*got '0.5'/],
    [['map.json', '4', '--sample', '-3'], /--sample must be a whole number of at least 1/],
    [['nothing.json', '4'], /cannot read 'nothing.json'/],
    [['map.json', '4', '--friction', '/nonexistent/friction'], /no friction program/],
  ];
  for (const [args, message] of cases) {
    const { folder, result } = await writeJob(args);
    assert.equal(result.status, 2, args.join(' '));
    assert.match(result.stderr, message, args.join(' '));
    assert.ok(!existsSync(path.join(folder, 'map.sbatch')), 'nothing is written');
  }
  // friction's own refusal of the sweep, from the sample run, with its field.
  const { folder, result } = await writeJob(['map.json', '4']);
  assert.equal(result.status, 0);
  await writeFile(
    path.join(folder, 'bad.json'),
    JSON.stringify({ ...SWEEP, x: { ...SWEEP.x, min: -1 } }),
  );
  const refused = spawnSync('python3', [writer, 'bad.json', '4'], {
    cwd: folder,
    env,
    encoding: 'utf8',
  });
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /the sample run was refused: friction: x\.min: /);
});
