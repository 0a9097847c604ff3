// The stability map's reader of a merged CSV (web/js/views/map-csv.js) against what the CLI writes:
// `friction sweep` and `friction merge` end their CSV with '# end: R rows; FNV-1a 64 of the lines
// above: HASH', and the page's FNV-1a 64 (checked on the published test vectors) gives the same hash;
// a merged map reads back cell for cell; and a file of another sweep, cut short, changed, a part not
// merged, or no map at all is refused, saying what does not match.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { repoRoot } from './support.mjs';
import { CsvRefusal, GRID_REGIMES, fnv1a64, readMapCsv } from '../../web/js/views/map-csv.js';

const cli = path.join(repoRoot, 'build', 'native', 'cpp', 'friction');
const friction = (...args) => spawnSync(cli, args, { encoding: 'utf8' });

// 6 × 4 = 24 cells of Coulomb from rest: stick-slip, stuck and oscillating cells, and a row whose μk
// exceeds μs (each with an error), so every kind of row is read.
const SWEEP = {
  scenario: { law: 'coulomb', params: { mu_s: 0.5 }, system: { duration: 5, start: 'rest' } },
  x: { target: 'system', key: 'c', min: 2, max: 40, count: 6, log: true },
  y: { target: 'params', key: 'mu_k', min: 0.1, max: 0.9, count: 4, log: false },
};

let folder;
let merged;
before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'friction-map-csv-'));
  await writeFile(path.join(folder, 'map.json'), JSON.stringify(SWEEP, null, 2));
  const parts = [0, 1, 2].map((k) => path.join(folder, `part-${k}.csv`));
  parts.forEach((file, k) => {
    const ran = friction(
      'sweep',
      path.join(folder, 'map.json'),
      '--shard',
      `${k}/3`,
      '--csv',
      file,
    );
    assert.equal(ran.status, 0, ran.stderr);
  });
  const ran = friction('merge', ...parts, '--csv', path.join(folder, 'map.csv'));
  assert.equal(ran.status, 0, ran.stderr);
  merged = await readFile(path.join(folder, 'map.csv'));
});
after(() => rm(folder, { recursive: true, force: true }));

const read = (bytes, expected = SWEEP) => readMapCsv(new Uint8Array(bytes), 'map.csv', expected);
const text = () => merged.toString('utf8');
const refused = (bytes, expected = SWEEP) => {
  try {
    read(bytes, expected);
  } catch (error) {
    assert.ok(error instanceof CsvRefusal, String(error));
    return error.message;
  }
  return assert.fail('the file was read');
};

test("FNV-1a 64: the published test vectors, and the CLI's end line is the hash of the lines above it", () => {
  // Noll's FNV test suite: FNV-1a 64 of "", "a" and "foobar".
  const utf8 = (s) => new TextEncoder().encode(s);
  assert.equal(fnv1a64(utf8('')), 'cbf29ce484222325');
  assert.equal(fnv1a64(utf8('a')), 'af63dc4c8601ec8c');
  assert.equal(fnv1a64(utf8('foobar')), '85944171f73967e8');
  const lines = text().split('\n');
  const end = lines.at(-2);
  assert.match(end, /^# end: 24 rows; FNV-1a 64 of the lines above: [0-9a-f]{16}$/);
  const above = merged.subarray(0, merged.length - end.length - 1);
  assert.equal(end.slice(-16), fnv1a64(above));
});

test('a merged map reads back cell for cell, with its own sweep and counts', () => {
  const { version, sweep, grid } = read(merged);
  assert.match(version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(sweep, SWEEP);
  assert.equal(grid.nx, 6);
  assert.equal(grid.ny, 4);
  const rows = text()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .slice(1)
    .map((line) => line.split(','));
  assert.equal(rows.length, 24);
  rows.forEach(([, , regime, value, error], n) => {
    assert.equal(GRID_REGIMES[grid.regimes[n]], regime, `cell ${n}`);
    assert.ok(Object.is(grid.values[n], Number(value)), `cell ${n}: ${grid.values[n]} vs ${value}`);
    assert.equal(grid.errors.get(n) ?? '', error, `cell ${n}`);
  });
  assert.ok(grid.errors.size > 0, 'the map has cells that could not run');
  // Another size of the same map (the size typed for the command line) is the same sweep.
  const other = { ...SWEEP, x: { ...SWEEP.x, count: 300 }, y: { ...SWEEP.y, count: 2 } };
  assert.equal(read(merged, other).grid.nx, 6);
});

test('cut short, changed, or of another sweep: refused, saying what does not match', () => {
  const full = text();
  const lines = full.split('\n');
  const cases = [
    ['the end line lost', lines.slice(0, -2).join('\n') + '\n', /was cut short: it does not end/],
    ['half a row lost', full.slice(0, full.length - 70), /was cut short/],
    [
      'one cell changed',
      full.replace(/,stick-slip,/, ',steady,'),
      /was changed after friction wrote it: the FNV-1a 64 of its lines is [0-9a-f]{16}, its end line says/,
    ],
    ['saved with CR LF', full.replaceAll('\n', '\r\n'), /its lines end in CR LF/],
    ['a row taken out', [...lines.slice(0, 6), ...lines.slice(7)].join('\n'), /was changed after/],
  ];
  for (const [what, changed, message] of cases)
    assert.match(refused(Buffer.from(changed)), message, what);

  const expect = (scenario, message) =>
    assert.match(refused(merged, { ...SWEEP, scenario }), message);
  expect(
    { ...SWEEP.scenario, params: { mu_s: 0.6 } },
    /is a map of another sweep than the one set here: scenario\.params\.mu_s: the file's 0\.5, this map's 0\.6\./,
  );
  expect(
    { ...SWEEP.scenario, system: { duration: 5 } },
    /scenario\.system\.start: the file's "rest", this map's none/,
  );
  assert.match(
    refused(merged, { ...SWEEP, x: { ...SWEEP.x, max: 30, log: false } }),
    /x\.max: the file's 40, this map's 30 \(and 1 more\)/,
  );
});

test('a part not merged, the page’s own CSV and other files are no map to draw', async () => {
  const part = await readFile(path.join(folder, 'part-1.csv'));
  assert.match(
    refused(part),
    /'map\.csv' is part 1\/3 of a sharded sweep, not the merged map: merge/,
  );
  const pageCsv =
    '# Friction Lab 0.1.0: stability map of Coulomb (coulomb)\nc,mu_k,regime,value,error\n';
  assert.match(refused(Buffer.from(pageCsv)), /is not a map of friction sweep/);
  assert.match(refused(Buffer.from([0xff, 0xfe, 0x00, 0x41])), /is not text/);
  assert.match(refused(Buffer.from('')), /is not a map of friction sweep/);
});
