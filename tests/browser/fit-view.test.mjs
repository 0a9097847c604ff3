// Browser test of the Fit view (issue 16): a dropped CSV fitted in the fits' worker, the values within
// three standard errors of the truth the data were made from (OpenSees VelDependent's closed form with
// seeded noise, made here, never by the fitter), the residual chart, a bad CSV refused by row and
// column with the text kept, Cancel, the Export dialog and its Copy, "Use in the spring-block", a
// reload, axe-core, and a phone's width.
// Run: node --test --test-reporter=spec tests/browser/fit-view.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normals } from '../support/seeded-normals.mjs';
import { dropFile, fitAndWait, openFit, paste, readAs } from './fit-support.mjs';
import { axeViolations, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();
// OpenSees VelDependent (Constantinou et al. 1990): μ(v) = μfast − (μfast − μslow)·e^(−a|v|).
const TRUTH = { muSlow: 0.45, muFast: 0.25, transRate: 40 };

/** μ against v in mm/s, 120 speeds over 1e-3 … 1 m/s, noise σ = 0.003. */
function curveCsv(seed = 7) {
  const normal = normals(seed);
  const rows = ['# a tribometer run', 'speed_mm_s,mu'];
  for (let i = 0; i < 120; i++) {
    const v = 1e-3 * 10 ** ((3 * i) / 119);
    const mu =
      TRUTH.muFast -
      (TRUTH.muFast - TRUTH.muSlow) * Math.exp(-TRUTH.transRate * v) +
      0.003 * normal();
    rows.push(`${1e3 * v},${mu}`);
  }
  return rows.join('\n');
}

test(
  'a dropped CSV in mm/s is fitted: the truth within 3 standard errors, residuals drawn, and it survives a reload',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    await dropFile(page, curveCsv());
    await readAs(page, 'speed_mm_s');
    assert.deepEqual(
      await page.$$eval('#fit-x option', (options) => options.map((option) => option.value)),
      ['speed_mm_s', 'mu'],
    );
    await page.selectOption('#fit-x', 'speed_mm_s');
    await page.selectOption('#fit-x-unit', 'mm/s');
    await page.selectOption('#fit-y', 'mu');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    const result = await page.evaluate(() => window.__fitView.result);
    assert.equal(result.converged, true);
    for (const [key, truth] of Object.entries(TRUTH)) {
      assert.ok(
        Math.abs(result.values[key] - truth) < 3 * result.standardErrors[key],
        `${key} = ${result.values[key]} ± ${result.standardErrors[key]}, truth ${truth}`,
      );
    }
    // The engine read mm/s as such: its x are in m/s.
    assert.ok(Math.abs(result.x[0] - 1e-3) < 1e-12 && Math.abs(result.x[119] - 1) < 1e-9);
    assert.match(await page.locator('#fit-verdict').textContent(), /^Converged/);
    assert.equal(await page.locator('#fit-table tbody tr').count(), 3);
    const drawn = await page.evaluate(() => ({
      data: globalThis.Chart.getChart('chart-fit').data.datasets.map((set) => set.data.length),
      residuals: globalThis.Chart.getChart('chart-fit-residuals').data.datasets[0].data.length,
      log: globalThis.Chart.getChart('chart-fit').options.scales.x.type,
    }));
    assert.deepEqual(drawn, { data: [120, 120], residuals: 120, log: 'logarithmic' });
    await shot(page, 'fit-view');

    // A reload brings back the data (this device only: 5 kB is over the link's limit), the settings and the result.
    const note = await page.locator('#fit-data-note').textContent();
    assert.match(note, /kept on this device only/);
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector('#fit-status')?.dataset.state === 'ready',
      null,
      { timeout: 60_000 },
    );
    assert.equal(await page.locator('#fit-x-unit').inputValue(), 'mm/s');
    assert.equal((await page.locator('#fit-csv').inputValue()).split('\n').length, 122);
    const again = await page.evaluate(() => window.__fitView.result.values);
    assert.deepEqual(again, result.values, 'the same fit from the same data and settings');
    assert.deepEqual(problems, []);
  },
);

test(
  'a bad CSV is refused by row and column with the text kept; Cancel stops a long fit and the page goes on',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    const bad = 'v,mu\n0.001,0.45\n0.01,abc\n0.1,0.3\n';
    await page.fill('#fit-csv', bad);
    await readAs(page, 'mu');
    assert.equal(await fitAndWait(page), 'error');
    assert.match(
      await page.locator('#fit-error').textContent(),
      /row 3, column "mu": 'abc' is not a finite number/,
    );
    assert.equal(await page.locator('#fit-csv').inputValue(), bad, 'the typed text is kept');

    // Many starts on many points: long enough to cancel after its first start. (64 starts on 3000
    // points took about half a second once the fits were fast, and could end before Cancel was
    // clicked; on 200 000 points, a file as a tribometer writes it, they take seconds.)
    const count = 200_000;
    const point = (i) => {
      const v = 1e-4 * 10 ** ((4 * i) / (count - 1));
      const mu = 0.3 + 0.2 * Math.exp(-(((3000 * i) / count / 600) ** 2));
      return `${v},${mu}`;
    };
    const rows = ['v,mu', ...Array.from({ length: count }, (_, i) => point(i))];
    await dropFile(page, rows.join('\n'), 'long-run.csv');
    await readAs(page, 'v');
    await page.selectOption('#fit-law', 'lugre');
    for (const key of ['Fc', 'Fs', 'vs', 'sigma2']) await page.check(`#fit-free-${key}`);
    await page.fill('#fit-starts', '64');
    await page.dispatchEvent('#fit-starts', 'change');
    await page.click('#fit-run');
    await page.waitForFunction(() =>
      /start \d+ of 64/.test(document.querySelector('#fit-status').textContent),
    );
    await page.click('#fit-cancel');
    await page.waitForFunction(() =>
      ['ready', 'error', 'cancelled'].includes(document.querySelector('#fit-status').dataset.state),
    );
    assert.equal(
      await page.locator('#fit-status').getAttribute('data-state'),
      'cancelled',
      await page.locator('#fit-status').textContent(),
    );
    assert.equal(await page.locator('#fit-run').isEnabled(), true);
    // The page answers at once (the fit ran in its worker), and a new fit starts a fresh worker.
    await page.fill('#fit-starts', '1');
    await page.dispatchEvent('#fit-starts', 'change');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    assert.deepEqual(problems, []);
  },
);

test(
  'Export shows OpenSees Tcl text and copies it; Use in the spring-block runs the fitted law there',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openFit(site, page);
    await dropFile(page, curveCsv(11));
    await readAs(page, 'speed_mm_s');
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(await fitAndWait(page), 'ready');
    const values = await page.evaluate(() => window.__fitView.result.values);

    await page.click('#fit-export-open');
    await page.waitForFunction(() =>
      document.querySelector('#fit-export-text').textContent.includes('frictionModel'),
    );
    const text = await page.locator('#fit-export-text').textContent();
    const line = text.split('\n').find((row) => row.startsWith('frictionModel VelDependent'));
    const numbers = line.split(/\s+/).slice(3).map(Number);
    assert.deepEqual(
      numbers,
      [values.muSlow, values.muFast, values.transRate],
      'the Tcl line holds the fitted values, unrounded',
    );
    await page.click('#fit-export-copy');
    await page.waitForFunction(() =>
      document.querySelector('#fit-export-note').textContent.startsWith('Copied'),
    );
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
    await page.selectOption('#fit-export-target', 'abaqus');
    await page.waitForFunction(() =>
      document.querySelector('#fit-export-text').textContent.includes('*FRICTION'),
    );
    assert.match(await page.locator('#fit-export-note').textContent(), /^(Exact|Approximate)/);
    await page.click('#fit-export-close');

    await page.click('#fit-use');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'opensees-veldependent' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const params = await page.evaluate(() => window.__lastSummary.params);
    for (const key of Object.keys(TRUTH)) assert.equal(params[key], values[key], key);
    assert.equal(await page.locator('#tab-spring').getAttribute('aria-selected'), 'true');
    assert.deepEqual(problems, []);
  },
);

test(
  'the Fit view has no axe-core violation and no sideways scroll on a 390 px phone',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 390, height: 844 } });
    await openFit(site, page);
    await paste(page, curveCsv(3).replace('speed_mm_s', 'v'));
    await readAs(page, 'v');
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    assert.deepEqual(await axeViolations(page), []);
    const widths = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    assert.ok(widths[0] <= widths[1], `page ${widths[0]} px wide in a ${widths[1]} px window`);
    const box = await page.locator('#chart-fit').boundingBox();
    assert.ok(
      box.width >= 300 && box.height >= 200,
      `the fit chart is ${box.width} × ${box.height} px`,
    );
    await page.click('#fit-export-open');
    await page.waitForFunction(
      () => document.querySelector('#fit-export-text').textContent.length > 0,
    );
    assert.deepEqual(await axeViolations(page), []);
    const dialog = await page.locator('#fit-export-dialog').boundingBox();
    assert.ok(dialog.width <= 390, `the dialog is ${dialog.width} px wide`);
    assert.deepEqual(problems, []);
  },
);
