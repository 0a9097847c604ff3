// Browser tests of the changes that replace the spring-block's scenario (issue 26, point 5; issue 28,
// point 6): Reset after each preset leaves a run that is up to date (its drive cleared), and axe-core
// finds nothing then, nor while a run is refused; a preset clears the pinned runs and its Undo brings
// them and the scenario back; Reset offers to clear the pins; Reset all puts every view and setting
// (the fit's data too) at its defaults, and its Undo brings them back.
// Run: node --test --test-reporter=spec tests/browser/scenario-changes.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, loadSite, openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 240_000;
const site = useSite();

const status = (page) => page.locator('#status').textContent();
const notice = (page) => page.locator('#undo-notice');
const pinnedCount = (page) => page.locator('#compare-list li').count();
/** The forces chart's series that belong to a pinned Coulomb run (their labels name it). */
const pinnedTraces = (page) =>
  page.evaluate(
    () =>
      globalThis.Chart.getChart('chart-forces').data.datasets.filter((set) =>
        /· Coulomb/.test(set.label),
      ).length,
  );

/** Waits for the newest run to be shown (or refused) and returns the status's state. */
async function settled(page) {
  await page.waitForFunction(() =>
    ['ready', 'error'].includes(document.querySelector('#status').dataset.state),
  );
  return page.locator('#status').getAttribute('data-state');
}

/** Waits for a shown run of `law` with spring constant `c` (the status ready). */
const lawRun = (page, law, c) =>
  page.waitForFunction(
    ({ law, c }) =>
      window.__lastSummary?.law === law &&
      window.__lastSummary?.system?.c === c &&
      document.querySelector('#status').dataset.state === 'ready',
    { law, c },
  );

test(
  'Reset after each preset leaves a run that is up to date, axe-core clean; and while a run is refused',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    const presets = await page.evaluate(async () => {
      const { loadEngine } = await import(new URL('engine.mjs', document.baseURI).href);
      return (await loadEngine()).presets().filter((preset) => preset.view === 'spring');
    });
    assert.ok(presets.length >= 9, `${presets.length} spring-block presets`);
    for (const preset of presets) {
      const before = await page.evaluate(() => window.__renders);
      await page.selectOption('#preset', preset.id);
      await page.waitForFunction(
        ({ id, before }) =>
          window.__renders > before &&
          (window.__lastSummary?.model ?? window.__lastSummary?.law) === id,
        { id: preset.scenario.model ?? preset.scenario.law, before },
      );
      assert.equal(await settled(page), 'ready', `${preset.id}: its own run`);
      await page.click('#reset');
      await page.waitForFunction(() => !document.querySelector('#undo-notice')?.hidden);
      assert.equal(await settled(page), 'ready', `${preset.id}: ${await status(page)}`);
      assert.equal(await status(page), 'Up to date', preset.id);
      assert.equal(await page.locator('#form-error').textContent(), '', preset.id);
      assert.equal(await page.locator('#drive-clear').isVisible(), false, preset.id);
      assert.equal(await page.inputValue('#preset'), '', `${preset.id}: the preset has ended`);
      assert.match(await notice(page).textContent(), /is back at its defaults/);
      // The run is the default scenario's: no velocity steps, protocol or log grid are sent.
      const sent = await page.evaluate(() => window.__shownRun.request);
      assert.ok(!Array.isArray(sent.system?.v0) && sent.protocol === undefined, preset.id);
      assert.deepEqual(await axeViolations(page), [], `${preset.id}, after a reset`);
    }
    await shot(page, 'scenario-reset');

    // A refused value: the results are stale (dimmed drawings, greyed readouts), and still readable.
    await page.selectOption('#model', 'coulomb');
    await lawRun(page, 'coulomb', 100);
    await page.fill('#system-c-number', '0');
    assert.equal(await settled(page), 'error');
    assert.match(await status(page), /^Not updated/);
    assert.deepEqual(await axeViolations(page), [], 'while a run is refused');
    assert.deepEqual(problems, []);
  },
);

test(
  'a preset clears the pinned runs and Undo brings them back; Reset offers to clear them',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'coulomb');
    await lawRun(page, 'coulomb', 100);
    await page.fill('#system-c-number', '12');
    await lawRun(page, 'coulomb', 12);
    await page.click('#compare-add');
    await page.fill('#system-c-number', '15');
    await lawRun(page, 'coulomb', 15);
    await page.click('#compare-add');
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 2);

    // The slide-hold-slide preset: a 1361 s run of its own, nothing of the 10 s runs over it.
    await page.selectOption('#preset', 'slide-hold-slide');
    await page.waitForFunction(() => window.__lastSummary?.holds?.length === 4);
    assert.equal(await settled(page), 'ready');
    assert.equal(await pinnedCount(page), 0);
    assert.equal(await pinnedTraces(page), 0, 'only the live run is drawn');
    assert.match(await notice(page).textContent(), /slide-hold-slide.*2 pinned runs cleared/i);
    await shot(page, 'scenario-preset-undo');

    // Undo: the Coulomb run at c = 15 and both pins, drawn again.
    await notice(page).getByRole('button', { name: 'Undo' }).click();
    await lawRun(page, 'coulomb', 15);
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 2);
    await page.waitForFunction(
      () =>
        globalThis.Chart.getChart('chart-forces').data.datasets.filter((set) =>
          /^Friction force · Coulomb/.test(set.label),
        ).length === 3,
    );
    assert.equal(await page.inputValue('#preset'), '');
    assert.equal(await notice(page).isVisible(), false);

    // Reset keeps the pins, and offers to clear them.
    await page.click('#reset');
    await lawRun(page, 'coulomb', 100);
    assert.equal(await pinnedCount(page), 2);
    await notice(page).getByRole('button', { name: 'Clear the 2 pinned runs' }).click();
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 0);
    assert.equal(await pinnedTraces(page), 0);

    // To a seed model (a system of its own) the pins go too, with an Undo.
    await page.click('#compare-add');
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 1);
    await page.selectOption('#model', 'abbott-seed');
    await waitReady(page);
    assert.equal(await pinnedCount(page), 0);
    await notice(page).getByRole('button', { name: 'Undo' }).click();
    await lawRun(page, 'coulomb', 100);
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 1);
    assert.deepEqual(problems, []);
  },
);

test(
  'Reset all puts every view and setting at its defaults, the fit data too; Undo brings them back',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'coulomb');
    await page.fill('#system-c-number', '20');
    await lawRun(page, 'coulomb', 20);
    await page.click('#compare-add');
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 1);
    await page.check('#show-position');
    await page.evaluate(() =>
      localStorage.setItem(
        'friction-lab/fit-data/v1',
        JSON.stringify({ name: 'mine.csv', text: 'v,mu\n0.1,0.4' }),
      ),
    );
    await page.click('#tab-map');
    await page.waitForFunction(() => window.__mapView);

    await page.click('#reset-all');
    await page.waitForFunction(() => document.querySelector('#undo-notice')?.hidden === false);
    await waitReady(page);
    assert.match(
      await notice(page).textContent(),
      /Every view and setting is back at its defaults/,
    );
    assert.equal(await page.inputValue('#model'), 'abbott-seed');
    assert.equal(await page.locator('#view-spring').isVisible(), true);
    assert.equal(await pinnedCount(page), 0);
    assert.equal(await page.isChecked('#show-position'), false);
    assert.equal(await page.evaluate(() => localStorage.getItem('friction-lab/fit-data/v1')), null);
    assert.deepEqual(await axeViolations(page), [], 'after Reset all, with its notice');

    await notice(page).getByRole('button', { name: 'Undo' }).click();
    await page.waitForFunction(() => window.__mapView);
    assert.equal(await page.locator('#view-map').isVisible(), true);
    await page.click('#tab-spring');
    await lawRun(page, 'coulomb', 20);
    await page.waitForFunction(() => document.querySelectorAll('#compare-list li').length === 1);
    assert.equal(await page.isChecked('#show-position'), true);
    assert.match(
      await page.evaluate(() => localStorage.getItem('friction-lab/fit-data/v1')),
      /mine\.csv/,
    );
    // The Undo is offered once: a reload does not bring the notice back.
    await page.reload();
    await waitReady(page);
    assert.equal(await notice(page).count(), 0);
    assert.deepEqual(problems, []);
  },
);
