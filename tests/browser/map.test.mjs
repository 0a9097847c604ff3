// Browser test of the stability map (issue 7): a small map of the seed model fills in on the worker
// pool, agrees with its closed-form boundary (the θ model's critical damping: docs/validation.md,
// "Closed forms: the θ model") off
// a 5 % band, reads a cell on hover, opens a cell in the spring-block view with that cell's values,
// exports CSV, refuses a bad range beside the axis, and a law map from a steady start draws the
// velocity-weakening boundary η = −dF/dv.
// Run: node --test --test-reporter=spec tests/browser/map.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();

// The θ model's critical effective damping (docs/validation.md, "Closed forms: the θ model"),
// written out here independently of the engine: the positive root of
// τE² + (m + cτ² − ΔFτ²/D)E − ΔFτm/D = 0.
function criticalDamping(m, c, deltaF, tau, D) {
  const B = m + c * tau * tau - (deltaF * tau * tau) / D;
  const C = (deltaF * tau * m) / D;
  return (-B + Math.sqrt(B * B + 4 * tau * C)) / (2 * tau);
}

async function setAxis(page, axis, { key, min, max, count, log = false }) {
  await page.selectOption(`#map-${axis}-key`, key);
  await page.fill(`#map-${axis}-min`, String(min));
  await page.fill(`#map-${axis}-max`, String(max));
  await page.fill(`#map-${axis}-count`, String(count));
  await page.setChecked(`#map-${axis}-log`, log);
}

const mapState = (page) => page.locator('#map-status').getAttribute('data-state');

test(
  'a seed-model map fills in on the worker pool, agrees with E_c, reads and opens a cell, exports CSV',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.click('#tab-map');
    await drawSeedMap(page);
    await checkAgainstCriticalDamping(page);
    const cell = await pointAtBottomLeftCell(page);
    await checkOpenedCell(page, cell);
    // A range outside the catalog's is refused beside its axis, with the engine's message.
    await page.click('#tab-map');
    await page.fill('#map-x-max', '500');
    await page.click('#map-run');
    await page.waitForFunction(
      () => document.querySelector('#map-status')?.dataset.state === 'error',
    );
    assert.match(
      await page.locator('#map-x-error').textContent(),
      /must run within 0 … 200 kg\/s².*got 2 … 500/,
    );
    assert.deepEqual(problems, []);
  },
);

/**
 * The seed model's map over c (8 cells) and η (10 cells), in seed units (docs/reference/models.md):
 * τ = 100 steps = 0.1 s,
 * D = 50 → 0.05 m; N = 1 is mass and load, ΔF = 0.2 N. It fills in on one worker per core.
 */
async function drawSeedMap(page) {
  const ids = await page.$$eval('#map-subject option', (options) =>
    options.map((option) => option.value),
  );
  assert.deepEqual(
    ids.filter((id, k) => ids.indexOf(id) !== k),
    [],
    'a model or law is listed twice',
  );
  await page.selectOption('#map-subject', 'abbott-seed');
  for (const [key, value] of [
    ['tau', 100],
    ['D', 50],
    ['tmax', 40],
    ['mus', 0.6],
    ['muk', 0.4],
    ['N', 1],
    ['v0', 0.1],
  ]) {
    await page.fill(`#map-param-${key}-number`, String(value));
  }
  await setAxis(page, 'x', { key: 'params:c', min: 2, max: 40, count: 8 });
  await setAxis(page, 'y', { key: 'params:eta', min: 0.05, max: 1.2, count: 10 });
  await page.click('#map-run');
  await page.waitForFunction(
    () => document.querySelector('#map-status')?.dataset.state === 'ready',
    null,
    { timeout: 60_000 },
  );
  const status = await page.locator('#map-status').textContent();
  assert.match(status, /^80 cells in .* on \d+ workers?\.$/);
  // One worker per core (the browser reports 2 on our machines).
  const workers = await page.evaluate(() => window.__mapView.workers);
  assert.equal(workers, await page.evaluate(() => navigator.hardwareConcurrency));
  assert.match(await page.locator('#map-boundary').textContent(), /E − E_c/);
  await shot(page, 'map-01-seed');
}

/**
 * Every cell more than 5 % from the boundary is on its side: stick-slip or growing below E_c,
 * steady or decaying above (read from the exported CSV).
 */
async function checkAgainstCriticalDamping(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('#export-csv-map'),
  ]);
  const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  const rows = csv
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .slice(1)
    .map((line) => line.split(','));
  assert.equal(rows.length, 80);
  let checked = 0;
  for (const [c, eta, regime] of rows) {
    const boundary = criticalDamping(1, Number(c), 0.2, 0.1, 0.05);
    if (Math.abs(Number(eta) - boundary) < 0.05 * boundary) continue;
    const stable = regime === 'steady' || regime === 'decaying';
    assert.equal(
      stable,
      Number(eta) > boundary,
      `c = ${c}, η = ${eta} (E_c = ${boundary}): ${regime}`,
    );
    checked += 1;
  }
  assert.ok(checked >= 60, `${checked} cells checked`);
}

/**
 * Hover: the readout names the cell's values and regime. The bottom-left cell: c = 2, η = 0.05.
 * Returns the cell's centre on the page.
 */
async function pointAtBottomLeftCell(page) {
  await page.locator('#chart-map').scrollIntoViewIfNeeded();
  const box = await page.locator('#chart-map').boundingBox();
  const area = await page.evaluate(() => {
    const chart = globalThis.Chart.getChart(document.querySelector('#chart-map'));
    return {
      left: chart.chartArea.left,
      bottom: chart.chartArea.bottom,
      right: chart.chartArea.right,
      top: chart.chartArea.top,
    };
  });
  const cellWidth = (area.right - area.left) / 8;
  const cellHeight = (area.bottom - area.top) / 10;
  const cell = { x: box.x + area.left + cellWidth / 2, y: box.y + area.bottom - cellHeight / 2 };
  await page.mouse.move(cell.x, cell.y);
  await page.waitForFunction(() =>
    document.querySelector('#map-cell').textContent.startsWith('c = 2 kg/s², η = 0.05 kg/s'),
  );
  assert.match(await page.locator('#map-cell').textContent(), /Stick-slip, velocity amplitude/);
  return cell;
}

/** Click: the spring-block view runs the seed model with that cell's c and η (and the map's other values). */
async function checkOpenedCell(page, cell) {
  await page.mouse.click(cell.x, cell.y);
  await page.waitForFunction(
    () =>
      window.__lastSummary?.model === 'abbott-seed' &&
      window.__lastSummary.params.c === 2 &&
      document.querySelector('#status').dataset.state === 'ready',
  );
  assert.equal(await page.locator('#view-spring').isVisible(), true);
  const summary = await page.evaluate(() => window.__lastSummary);
  assert.equal(summary.params.eta, 0.05);
  assert.equal(summary.params.tau, 100);
  assert.equal(summary.regime, 'stick-slip');
}

test(
  'a law map from a steady start draws the critical dashpot η = −dF/dv; Cancel stops a map filling in, and a new map draws',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.click('#tab-map');
    await page.selectOption('#map-subject', 'opensees-veldependent');
    await page.fill('#map-param-muSlow-number', '0.2');
    await page.fill('#map-param-muFast-number', '0.1');
    await page.fill('#map-param-transRate-number', '10');
    for (const [key, value] of [
      ['m', 1],
      ['c', 100],
      ['Fn', 10],
      ['duration', 20],
    ])
      await page.fill(`#map-system-${key}-number`, String(value));
    await page.selectOption('#map-start', 'steady');
    await page.fill('#map-kick', '0.01');
    await setAxis(page, 'x', { key: 'system:v0', min: 0.05, max: 0.3, count: 6 });
    await setAxis(page, 'y', { key: 'system:eta', min: 0.2, max: 8, count: 6 });
    await page.click('#map-run');
    await page.waitForFunction(
      () => document.querySelector('#map-status')?.dataset.state === 'ready',
      null,
      { timeout: 60_000 },
    );
    assert.match(await page.locator('#map-boundary').textContent(), /critical dashpot/);
    // The boundary line is drawn: it crosses the map, so it has points inside the axes' ranges, and
    // each lies on η = 10 e^(−10 v0) (−F′(v0) = N(μs − μf)a e^(−a v0)) to the contour's accuracy.
    const line = await page.evaluate(() =>
      globalThis.Chart.getChart(document.querySelector('#chart-map')).data.datasets[0].data.filter(
        (point) => Number.isFinite(point.x),
      ),
    );
    assert.ok(line.length > 20);
    for (const { x, y } of line)
      assert.ok(Math.abs(y - 10 * Math.exp(-10 * x)) < 0.02, `(${x}, ${y})`);
    await shot(page, 'map-02-veldependent');

    // Cancel stops a map that is filling in; a newer map replaces it.
    await setAxis(page, 'x', { key: 'system:v0', min: 0.05, max: 0.3, count: 64 });
    await setAxis(page, 'y', { key: 'system:eta', min: 0.2, max: 8, count: 64 });
    await page.click('#map-run');
    await page.waitForFunction(
      () =>
        document.querySelector('#map-status')?.dataset.state === 'computing' &&
        /^\d+ of 4096/.test(document.querySelector('#map-status').textContent),
    );
    await page.click('#map-cancel');
    assert.equal(await mapState(page), 'cancelled');
    await setAxis(page, 'x', { key: 'system:v0', min: 0.05, max: 0.3, count: 3 });
    await setAxis(page, 'y', { key: 'system:eta', min: 0.2, max: 8, count: 3 });
    await page.click('#map-run');
    await page.waitForFunction(
      () => document.querySelector('#map-status')?.dataset.state === 'ready',
      null,
      { timeout: 60_000 },
    );
    assert.match(await page.locator('#map-status').textContent(), /^9 cells/);
    assert.deepEqual(problems, []);
  },
);
