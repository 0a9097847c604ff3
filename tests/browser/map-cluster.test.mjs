// The stability map as the front end of a cluster (issue 30): the map as set goes out as the sweep
// file `friction sweep` reads, at any size typed (the CLI's cells of it are the cells the page drew),
// and the merged CSV of its parts comes back, opened or dropped, and is drawn with its closed-form
// boundary as the page draws its own maps (each cell's colour its regime's, the readout its row's).
// A CSV cut short, changed, or of another sweep is refused with what does not match, and the map on
// screen stays. A map larger than the page draws is refused beside its axis.
// Run: node --test --test-reporter=spec tests/browser/map-cluster.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 180_000;
const site = useSite();
const cli = path.resolve(import.meta.dirname, '../../build/native/cpp/friction');

// The map's regime colours (charts/map-chart.js: Okabe & Ito's, grey, near-black), as [r, g, b].
const COLOURS = {
  steady: [0x00, 0x9e, 0x73],
  decaying: [0x56, 0xb4, 0xe9],
  oscillation: [0xcc, 0x79, 0xa7],
  growing: [0xe6, 0x9f, 0x00],
  'stick-slip': [0xd5, 0x5e, 0x00],
  stuck: [0x9c, 0xa3, 0xaf],
  settling: [0x8f, 0xd3, 0xbf],
  'not-settled': [0x00, 0x72, 0xb2],
};

const ready = (page) =>
  page.waitForFunction(
    () => document.querySelector('#map-status')?.dataset.state === 'ready',
    null,
    {
      timeout: 60_000,
    },
  );

/** Drake's Stribeck law from steady sliding in its falling branch, over c (log) and η. */
async function setDrakeMap(page, nx, ny) {
  await page.selectOption('#map-subject', 'drake-stribeck');
  await page.fill('#map-param-stiction_tolerance-number', '0.05');
  await page.fill('#map-system-v0-number', '0.1');
  await page.fill('#map-system-duration-number', '10');
  await page.selectOption('#map-start', 'steady');
  await page.fill('#map-kick', '0.05');
  for (const [axis, key, min, max, count, log] of [
    ['x', 'system:c', 10, 1000, nx, true],
    ['y', 'system:eta', 0, 80, ny, false],
  ]) {
    await page.selectOption(`#map-${axis}-key`, key);
    await page.fill(`#map-${axis}-min`, String(min));
    await page.fill(`#map-${axis}-max`, String(max));
    await page.fill(`#map-${axis}-count`, String(count));
    await page.setChecked(`#map-${axis}-log`, log);
  }
}

/** A CSV's cell rows as [x, y, regime, value, error]. */
const rowsOf = (text) =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .slice(1)
    .map((line) => line.split(','));

/** Clicks a download button; the downloaded file's text. */
async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

function run(...args) {
  const result = spawnSync(cli, args, { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result;
}

/** The exported sweep, run by the CLI in `parts` parts and merged: the merged file's path. */
async function runOnCommandLine(folder, sweepText, parts) {
  const sweep = path.join(folder, 'map.json');
  await writeFile(sweep, sweepText);
  const files = [];
  for (let k = 0; k < parts; k++) {
    files.push(path.join(folder, `part-${k}.csv`));
    run('sweep', sweep, '--shard', `${k}/${parts}`, '--csv', files[k]);
  }
  run('merge', ...files, '--csv', path.join(folder, 'map.csv'));
  return path.join(folder, 'map.csv');
}

/** The page's map at the size of its boxes, and the CLI's run of the exported sweep: the same cells. */
async function exportMatchesPage(page, folder) {
  await setDrakeMap(page, 6, 5);
  await page.click('#map-run');
  await ready(page);
  const drawn = rowsOf((await download(page, '#export-csv-map')).text);
  await page.click('#map-cluster summary');
  // The details' toggle event comes after the click, as a task of its own.
  await page.waitForFunction(() => document.querySelector('#map-cluster-x').value !== '');
  assert.equal(await page.inputValue('#map-cluster-x'), '6', 'the size starts at the map’s own');
  assert.equal(await page.inputValue('#map-cluster-y'), '5');
  const sweep = await download(page, '#map-export-sweep');
  assert.equal(sweep.name, 'friction-lab-sweep-drake-stribeck.json');
  await writeFile(path.join(folder, 'same.json'), sweep.text);
  const ran = rowsOf(run('sweep', path.join(folder, 'same.json')).stdout);
  assert.equal(ran.length, 30);
  ran.forEach(([x, y, regime, value], n) => {
    const [px, py, pageRegime, pageValue] = drawn[n];
    assert.equal(Number(x), Number(px), `cell ${n}: x`);
    assert.equal(Number(y), Number(py), `cell ${n}: y`);
    assert.equal(regime, pageRegime, `cell ${n} (${x}, ${y})`);
    // null where a cell has no value (docs/reference/js-api.md: null for none), alike on both sides.
    if (value === 'null' || pageValue === 'null') {
      assert.equal(value, pageValue, `cell ${n}: value`);
      return;
    }
    const scale = Math.max(Math.abs(Number(value)), 1e-300);
    assert.ok(
      Math.abs(Number(value) - Number(pageValue)) <= 1e-9 * scale,
      `cell ${n}: value ${value} (CLI) vs ${pageValue} (page)`,
    );
  });
  assert.ok(new Set(ran.map((row) => row[2])).size >= 3, 'the map has several regimes');
}

/**
 * Each cell shows its regime's colour: of five pixels about its centre (the centre and the corners
 * of a 6 px square on it), at least three have it (a grid line or the boundary may cross the others). Nearly every cell
 * must: the boundary line crosses a few.
 */
async function checkCellColours(page, rows, nx, ny) {
  const pixels = await page.evaluate(
    ({ nx, ny }) => {
      const canvas = document.querySelector('#chart-map');
      const chart = globalThis.Chart.getChart(canvas);
      const { left, right, top, bottom } = chart.chartArea;
      const ratio = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d');
      const at = (x, y) => [...context.getImageData(x * ratio, y * ratio, 1, 1).data];
      const out = [];
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++) {
          const px = left + ((i + 0.5) * (right - left)) / nx;
          const py = bottom - ((j + 0.5) * (bottom - top)) / ny;
          const offsets = [
            [0, 0],
            [-3, -3],
            [3, -3],
            [-3, 3],
            [3, 3],
          ];
          out.push(offsets.map(([dx, dy]) => at(px + dx, py + dy)));
        }
      return out;
    },
    { nx, ny },
  );
  const shows =
    (want) =>
    ([r, g, b, a]) =>
      a > 80 && Math.max(...want.map((v, k) => Math.abs(v - [r, g, b][k]))) <= 3;
  let matching = 0;
  rows.forEach(([, , regime, , error], n) => {
    if (!error && pixels[n].filter(shows(COLOURS[regime])).length >= 3) matching += 1;
  });
  const ran = rows.filter((row) => !row[4]).length;
  assert.ok(matching >= 0.95 * ran, `${matching} of ${ran} cells show their regime's colour`);
}

/** Hovering the bottom-left cell reads its row. */
async function checkReadout(page, rows, nx, ny) {
  // The pointer reaches only what is on screen: the whole map first scrolled into view.
  await page.evaluate(() =>
    document.querySelector('#chart-map').scrollIntoView({ block: 'center', behavior: 'instant' }),
  );
  const box = await page.locator('#chart-map').boundingBox();
  const area = await page.evaluate(
    () => globalThis.Chart.getChart(document.querySelector('#chart-map')).chartArea,
  );
  await page.mouse.move(
    box.x + area.left + (area.right - area.left) / nx / 2,
    box.y + area.bottom - (area.bottom - area.top) / ny / 2,
  );
  await page.waitForFunction(() =>
    /^c = 10 N\/m, η = 0 /.test(document.querySelector('#map-cell').textContent),
  );
  const regime = rows[0][2];
  const words = {
    steady: /steady/i,
    decaying: /decay/i,
    growing: /grow/i,
    oscillation: /oscillat/i,
  };
  assert.match(await page.locator('#map-cell').textContent(), words[regime] ?? /./);
}

test(
  'the map goes out as its sweep file at any size and comes back from the CLI’s merged parts, drawn with its boundary',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-map-cluster-'));
    t.after(() => rm(folder, { recursive: true, force: true }));
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    await page.click('#tab-map');
    await exportMatchesPage(page, folder);

    // A larger size, run in 3 parts, merged, and opened.
    const [nx, ny] = [24, 18];
    await page.fill('#map-cluster-x', String(nx));
    await page.fill('#map-cluster-y', String(ny));
    const sweep = await download(page, '#map-export-sweep');
    assert.equal(JSON.parse(sweep.text).x.count, nx);
    const merged = await runOnCommandLine(folder, sweep.text, 3);
    await page.setInputFiles('#map-open-csv', merged);
    // The map drawn before is 'ready' too: wait for this one's status.
    await page.waitForFunction(
      () =>
        document.querySelector('#map-status').dataset.state === 'ready' &&
        /from map\.csv/.test(document.querySelector('#map-status').textContent),
    );
    const version = /^# Friction Lab engine (\S+)/.exec(await readFile(merged, 'utf8'))[1];
    assert.equal(
      await page.locator('#map-status').textContent(),
      `${nx * ny} cells from map.csv (friction sweep, engine ${version}).`,
    );
    assert.match(await page.locator('#map-boundary').textContent(), /critical dashpot/);
    const line = await page.evaluate(() =>
      globalThis.Chart.getChart(document.querySelector('#chart-map')).data.datasets[0].data.filter(
        (point) => Number.isFinite(point.x),
      ),
    );
    assert.ok(line.length > 10, 'the boundary is drawn');
    const rows = rowsOf(await readFile(merged, 'utf8'));
    await checkCellColours(page, rows, nx, ny);
    await checkReadout(page, rows, nx, ny);
    await shot(page, 'map-cluster-01-opened');

    await checkRefusals(page, folder, merged, nx * ny);
    assert.deepEqual(problems, []);
  },
);

/** Cut short, changed, another sweep: refused by name, the map on screen kept; a drop opens a file. */
async function checkRefusals(page, folder, merged, cells) {
  const text = await readFile(merged, 'utf8');
  const open = async (name, content) => {
    await writeFile(path.join(folder, name), content);
    await page.setInputFiles('#map-open-csv', path.join(folder, name));
    // This file's refusal (an earlier one may still be shown until the file is read).
    await page.waitForFunction(
      (file) => document.querySelector('#map-cluster-error').textContent.includes(`'${file}'`),
      name,
    );
    return page.locator('#map-cluster-error').textContent();
  };
  const lines = text.split('\n');
  assert.match(
    await open('cut.csv', lines.slice(0, -12).join('\n') + '\n'),
    /'cut\.csv' was cut short/,
  );
  assert.match(
    await open('edited.csv', text.replace(/,growing,/, ',steady,')),
    /'edited\.csv' was changed after friction wrote it/,
  );
  assert.match(
    await page.locator('#map-status').textContent(),
    new RegExp(`^${cells} cells from map\\.csv`),
  );
  // Another sweep: the map as set now has a longer run than the file's.
  await page.fill('#map-system-duration-number', '12');
  assert.match(
    await open('map-again.csv', text),
    /is a map of another sweep than the one set here: scenario\.system\.duration: the file's 10, this map's 12\./,
  );
  await page.fill('#map-system-duration-number', '10');
  // Dropped on the map's panel.
  const dataTransfer = await page.evaluateHandle((content) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], 'dropped.csv', { type: 'text/csv' }));
    return transfer;
  }, text);
  await page.dispatchEvent('#map-results', 'drop', { dataTransfer });
  await page.waitForFunction(() =>
    /from dropped\.csv/.test(document.querySelector('#map-status').textContent),
  );
  assert.equal(await page.locator('#map-cluster-error').textContent(), '');
}

/** The section opens from the keyboard (Enter on its summary), and Tab then reaches its controls. */
async function openByKeyboard(page) {
  await page.focus('#map-run');
  const reached = [];
  for (let k = 0; k < 10 && !reached.includes('summary'); k++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => document.activeElement.id || document.activeElement.localName),
    );
  }
  assert.ok(reached.includes('summary'), `Tab reaches the section's summary: ${reached}`);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#map-cluster').getAttribute('open'), '');
  const inside = [];
  for (let k = 0; k < 6; k++) {
    await page.keyboard.press('Tab');
    inside.push(await page.evaluate(() => document.activeElement.id));
  }
  for (const id of ['map-cluster-x', 'map-cluster-y', 'map-export-sweep', 'map-open-csv'])
    assert.ok(inside.includes(id), `Tab reaches #${id}: ${inside}`);
}

test(
  'a map beyond what the page draws is refused beside its axis, and exported for the command line',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-map-cluster-'));
    t.after(() => rm(folder, { recursive: true, force: true }));
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.click('#tab-map');
    await setDrakeMap(page, 300, 5);
    await page.click('#map-run');
    await page.waitForFunction(
      () => document.querySelector('#map-status').dataset.state === 'error',
    );
    assert.match(
      await page.locator('#map-x-error').textContent(),
      /The page draws up to 256 cells a side; got 300\. A larger map runs with friction sweep/,
    );
    await openByKeyboard(page);
    await page.fill('#map-cluster-x', '1000');
    await page.fill('#map-cluster-y', '1000');
    const sweep = await download(page, '#map-export-sweep');
    assert.match(
      await page.locator('#map-cluster-note').textContent(),
      /1000 × 1000 = 1,000,000 cells/,
    );
    await writeFile(path.join(folder, 'big.json'), sweep.text);
    // The program takes it: a few cells of it (part 0 of 250 000) run.
    const part = run('sweep', path.join(folder, 'big.json'), '--shard', '0/250000').stdout;
    assert.match(part, /^# shard 0\/250000 of 1000000 cells; /m);
    // A size the engine refuses is named, and nothing is downloaded.
    await page.fill('#map-cluster-x', '1');
    await page.click('#map-export-sweep');
    await page.waitForFunction(
      () => document.querySelector('#map-cluster-error').textContent !== '',
    );
    assert.match(await page.locator('#map-cluster-error').textContent(), /Axis x must have 2 to/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#map-cluster').scrollIntoViewIfNeeded();
    await shot(page, 'map-cluster-02-phone');
    assert.deepEqual(problems, []);
  },
);
