// Browser test of a record fit on the spring-block's scenario (issue 26, point 5): the rsf-velocity-step
// preset's own run, downloaded as CSV from the spring-block view (every 20th row, no noise), is fitted
// in the Fit view with rsf. The record runs on the spring-block view's scenario, drive included (the
// velocity step 1 → 10 µm/s at 10 s, from steady sliding, on the quasi-static slider): a, b1 and Dc1
// free from a start 30 % off come back to the preset's values within 1 %. The spring's stiffness
// system.c is offered free, and comes back too. Without the drive (the symptom) the fit ran at
// the v0 box's 0.1 m/s and reached R² = −2.62.
// Run: node --test --test-reporter=spec tests/browser/fit-record.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 180_000;
const site = useSite();
/** The preset's rsf values (engine.presets(): rsf-velocity-step), the truth the data were made with. */
const TRUTH = { a: 0.01, b1: 0.005, Dc1: 1e-5 };

/** The CSV's comment lines and header, then every `step`-th data row from the first. */
function everyNth(text, step) {
  const lines = text.trim().split('\n');
  const head = lines.findIndex((line) => !line.startsWith('#'));
  const rows = lines.slice(head + 1).filter((_, index) => index % step === 0);
  return [...lines.slice(0, head + 1), ...rows].join('\n');
}

/** The spring-block view's Download CSV of the run shown, as text. */
async function downloadCsv(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
  return readFile(await download.path(), 'utf8');
}

/** Puts `text` in the data box as a paste does. */
async function pasteCsv(page, text) {
  await page.evaluate((text) => {
    const box = document.querySelector('#fit-csv');
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Waits for the engine's reading of the data (the fits' worker): the column menus then list `column`. */
async function columnsRead(page, column) {
  await page.waitForFunction(
    (column) =>
      [...document.querySelectorAll('#fit-x option')].some((option) => option.value === column),
    column,
  );
}

/** Types `value` in a box of the parameter table and commits it (a change event). */
async function setValue(page, id, value) {
  await page.fill(`#fit-value-${id}`, String(value));
  await page.dispatchEvent(`#fit-value-${id}`, 'change');
}

async function fitAndWait(page) {
  await page.click('#fit-run');
  await page.waitForFunction(
    () =>
      ['ready', 'error', 'cancelled'].includes(document.querySelector('#fit-status').dataset.state),
    null,
    { timeout: 120_000 },
  );
  assert.equal(
    await page.locator('#fit-status').getAttribute('data-state'),
    'ready',
    await page.locator('#fit-error').textContent(),
  );
  return page.evaluate(() => window.__fitView.result);
}

const within = (value, truth, fraction) => Math.abs(value / truth - 1) <= fraction;

test(
  "the velocity-step preset's own CSV, fitted on its scenario: a, b1 and Dc1, then system.c, within 1 %",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    await page.selectOption('#preset', 'rsf-velocity-step');
    await page.waitForFunction(
      () =>
        Array.isArray(window.__lastSummary?.system?.v0) &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const csv = everyNth(await downloadCsv(page), 20);
    assert.equal(csv.split('\n').filter((line) => /^\d/.test(line)).length, 201);

    await page.click('#tab-fit');
    await page.waitForFunction(
      () =>
        document.querySelector('#fit-run') &&
        !document.querySelector('#fit-run').closest('[inert]'),
    );
    await pasteCsv(page, csv);
    await columnsRead(page, 't [s]');
    await page.selectOption('#fit-kind', 'record');
    await page.selectOption('#fit-compare', 'friction');
    await page.selectOption('#fit-x', 't [s]');
    await page.selectOption('#fit-y', 'friction [N]');
    await page.selectOption('#fit-law', 'rsf');
    // The record runs on the spring-block's scenario, and says so: its system and its drive.
    const note = await page.locator('#fit-source').textContent();
    assert.match(note, /c = 1000 N\/m/);
    assert.match(note, /velocity steps 1 µm\/s from 0 s, 10 µm\/s from 10 s/);
    // The spring's stiffness is offered free, at the scenario's value.
    assert.equal(await page.inputValue('#fit-value-system-c'), '1000');

    // a, b1, Dc1 free from 30 % off; the preset's evolution law (form 0: Dieterich's aging) fixed.
    await setValue(page, 'form', 0);
    await setValue(page, 'a', 1.3 * TRUTH.a);
    await setValue(page, 'b1', 0.7 * TRUTH.b1);
    await setValue(page, 'Dc1', 1.3 * TRUTH.Dc1);
    // Choosing the law ticked its coefficients (issue 27): the fit of the preset's step frees these three.
    const checked = page.locator('#fit-params tbody input[type=checkbox]:checked');
    while ((await checked.count()) > 0) await checked.first().uncheck();
    for (const key of ['a', 'b1', 'Dc1']) await page.check(`#fit-free-${key}`);
    await page.fill('#fit-starts', '1');
    await page.dispatchEvent('#fit-starts', 'change');
    const fitted = await fitAndWait(page);
    for (const [key, truth] of Object.entries(TRUTH))
      assert.ok(
        within(fitted.values[key], truth, 0.01),
        `${key} = ${fitted.values[key]}, truth ${truth}`,
      );
    assert.ok(fitted.rSquared > 0.999, `R² = ${fitted.rSquared}`);
    await shot(page, 'fit-record');

    // The law at its truth, the spring's stiffness free from 30 % off: c comes back to 1000 N/m.
    for (const key of ['a', 'b1', 'Dc1']) {
      await page.uncheck(`#fit-free-${key}`);
      await setValue(page, key, TRUTH[key]);
    }
    await page.check('#fit-free-system-c');
    await setValue(page, 'system-c', 1300);
    const stiffness = await fitAndWait(page);
    assert.deepEqual(stiffness.free, ['system.c']);
    assert.ok(
      within(stiffness.values['system.c'], 1000, 0.01),
      `c = ${stiffness.values['system.c']}`,
    );
    assert.match(
      await page.locator('#fit-table').textContent(),
      /Spring constant \(spring-block\)/,
    );
    assert.deepEqual(problems, []);
  },
);
