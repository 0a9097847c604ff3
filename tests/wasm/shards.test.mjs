// Sharded sweeps on the command line (docs/guide/lab-protocols.md#sweeps-beyond-one-machine):
// `friction sweep SWEEP.json --shard K/N` writes the K-th of N interleaved parts of the cells, and
// `friction merge PART...` joins them into the very bytes an unsharded `friction sweep` writes, for
// any N (N = 1 and N above the number of cells included) and any order of the parts; bad K/N and
// parts that do not make one whole sweep (or were cut short or changed since they were written) are
// refused with a message and exit status 2. And the same with GNU parallel (Debian's `parallel`,
// installed by build-scripts/install-deps.sh) over this machine's cores.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const cli = path.resolve('build/native/cpp/friction');
const friction = (...args) => spawnSync(cli, args, { encoding: 'utf8' });

// 5 × 3 = 15 cells: stuck, stick-slip and oscillating cells, and a row of cells whose μk exceeds μs
// (each with an error in its row), so that every kind of row goes through the merge.
const SWEEP = {
  scenario: { law: 'coulomb', params: { mu_s: 0.5 }, system: { duration: 5 } },
  x: { target: 'system', key: 'c', min: 2, max: 40, count: 5, log: true },
  y: { key: 'mu_k', min: 0.1, max: 0.9, count: 3 },
};
const CELLS = 15;

let folder, sweepFile, unsharded;
before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-shards-'));
  sweepFile = path.join(folder, 'map.json');
  await writeFile(sweepFile, JSON.stringify(SWEEP, null, 2));
  const result = friction('sweep', sweepFile, '--csv', path.join(folder, 'map.csv'));
  assert.equal(result.status, 0, result.stderr);
  unsharded = await readFile(path.join(folder, 'map.csv'));
});

/** Runs the N shards one by one; returns their files, in the order K = 0 … N−1. */
function runShards(n, sweep = sweepFile, tag = 'part') {
  const files = [];
  for (let k = 0; k < n; ++k) {
    const file = path.join(folder, `${tag}-${n}-${k}.csv`);
    const result = friction('sweep', sweep, '--shard', `${k}/${n}`, '--csv', file);
    assert.equal(result.status, 0, result.stderr);
    files.push(file);
  }
  return files;
}

test('the merged parts are byte for byte the unsharded file, for N = 1, 2, 3, 4, 7, 15 and 20 (> cells)', async () => {
  for (const n of [1, 2, 3, 4, 7, CELLS, 20]) {
    const files = runShards(n);
    // Each cell is in exactly one part: the parts' rows add up to the map's.
    let rows = 0;
    for (const file of files)
      rows +=
        (await readFile(file, 'utf8'))
          .trimEnd()
          .split('\n')
          .filter((l) => !l.startsWith('#')).length - 1;
    assert.equal(rows, CELLS, `N = ${n}`);
    const merged = path.join(folder, `merged-${n}.csv`);
    // The parts in reverse order: the merge orders them by K.
    const result = friction('merge', ...files.reverse(), '--csv', merged);
    assert.equal(result.status, 0, result.stderr);
    assert.ok(
      (await readFile(merged)).equals(unsharded),
      `N = ${n}: merged file differs from the unsharded one`,
    );
    // Without --csv, to standard output.
    assert.equal(
      friction('merge', ...files).stdout,
      unsharded.toString('utf8'),
      `N = ${n} to stdout`,
    );
  }
});

test('bad K/N is refused with what was given and what is wanted', () => {
  const cases = [
    ['4/4', /K must be below N \(0 ≤ K ≤ 3\); got '4\/4'/],
    ['1/0', /at least one shard \(N ≥ 1\); got '1\/0'/],
    ['-1/4', /--shard wants K\/N, whole numbers with 0 ≤ K < N .*; got '-1\/4'/],
    ['2', /--shard wants K\/N.*; got '2'/],
    ['a/b', /--shard wants K\/N.*; got 'a\/b'/],
  ];
  for (const [shard, message] of cases) {
    const result = friction('sweep', sweepFile, '--shard', shard);
    assert.equal(result.status, 2, shard);
    assert.match(result.stderr, message, shard);
    assert.equal(result.stdout, '', `${shard}: nothing is computed`);
  }
  const onRun = friction('run', '--law', 'coulomb', '--shard', '0/2');
  assert.equal(onRun.status, 2);
  assert.match(onRun.stderr, /--shard is an option of sweep/);
});

test('merge refuses missing, duplicate and mismatched parts, naming the files', async () => {
  const three = runShards(3);
  const other = path.join(folder, 'other.json');
  await writeFile(other, JSON.stringify({ ...SWEEP, x: { ...SWEEP.x, max: 30 } }));
  const otherParts = runShards(3, other, 'other');
  const cases = [
    [[three[0], three[2]], /Parts are missing: of shards 0 to 2, no file holds 1\./],
    [[...three, three[1]], new RegExp(`Shard 1/3 is given twice: '${three[1]}' and '${three[1]}'`)],
    [
      [three[0], three[1], otherParts[2]],
      new RegExp(
        `'${otherParts[2]}' and '${three[0]}' are parts of different runs: their sweep \\(fingerprint`,
      ),
    ],
    [
      [...runShards(2).slice(0, 1), three[1], three[2]],
      /parts of different runs: their number of shards \(3 vs 2\) differ/,
    ],
    [[path.join(folder, 'map.csv')], /is not a part of a sharded sweep/],
    [[path.join(folder, 'no-such-part.csv')], /cannot read/],
    [[], /merge takes the parts of a sharded sweep/],
  ];
  for (const [files, message] of cases) {
    const merged = friction('merge', ...files);
    assert.equal(merged.status, 2, files.join(' '));
    assert.match(merged.stderr, message, files.join(' '));
    assert.equal(merged.stdout, '', 'nothing is written when a part is refused');
  }
  // A part cut short (its end line and last row lost, as by a job killed while writing), or with a
  // row lost since (its end line kept), is refused: shard 2/3 of 15 cells holds cells 2, 5, 8, 11
  // and 14.
  const text = await readFile(three[2], 'utf8');
  const lines = text.split('\n');
  const damaged = [
    [
      'cut.csv',
      lines.slice(0, -3).join('\n') + '\n',
      /'.*cut\.csv' was cut short: its last line is not the end line/,
    ],
    [
      'row-lost.csv',
      [...lines.slice(0, -3), ...lines.slice(-2)].join('\n'),
      /'.*row-lost\.csv' was changed after friction wrote it: the FNV-1a 64 of its lines is [0-9a-f]{16}, its end line says/,
    ],
  ];
  for (const [name, content, message] of damaged) {
    await writeFile(path.join(folder, name), content);
    const merged = friction('merge', three[0], three[1], path.join(folder, name));
    assert.equal(merged.status, 2, name);
    assert.match(merged.stderr, message);
  }
});

test("GNU parallel runs the shards over this machine's cores, and their merge is the unsharded file", async () => {
  const which = spawnSync('parallel', ['--version'], { encoding: 'utf8' });
  assert.equal(
    which.status,
    0,
    'GNU parallel is missing: build-scripts/install-deps.sh installs it (Debian package parallel)',
  );
  // Twice as many shards as cores, as the lab guide's example (docs/guide/lab-protocols.md); -j0
  // would start all of them at once.
  const cores = os.availableParallelism?.() ?? os.cpus().length;
  const n = 2 * cores;
  const parts = path.join(folder, 'parallel');
  const result = spawnSync(
    'bash',
    [
      '-c',
      `set -euo pipefail; mkdir -p "${parts}"; ` +
        `seq 0 $((${n} - 1)) | parallel --will-cite --halt now,fail=1 -j ${cores} ` +
        `"${cli}" sweep "${sweepFile}" --shard {}/${n} --csv "${parts}/part-{}.csv"; ` +
        `"${cli}" merge "${parts}"/part-*.csv --csv "${parts}/map.csv"`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(result.status, 0, result.stderr);
  assert.ok(
    (await readFile(path.join(parts, 'map.csv'))).equals(unsharded),
    'the merged file differs from the unsharded one',
  );
});
