// Browser test of the settings' migration (issue 26, point 5): settings saved, and a link made, by the
// page before its state became scenarios (the first form: model, lawOverrides, system, start, drive,
// …) load into the same run as the one they were saved from, here the rsf-velocity-step preset's; the
// page writes them back once in the current form (version 2), and that link gives the same run again.
// The other laws' values, the pinned run and the charts' options come along.
// Run: node --test --test-reporter=spec tests/browser/settings-migration.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();
const KEY = 'friction-lab/settings/v1';

/**
 * What the page of the first form saved after the rsf-velocity-step preset (its store.loadRun: the
 * preset's law values, system and drive, the drive's steady start in `start`), with a Coulomb run of
 * μk 0.3 seen before and pinned, and the relative chart's position shown.
 */
const FIRST_FORM = {
  model: 'rsf',
  overrides: {},
  system: { m: 0, Fn: 1, c: 1000, duration: 40 },
  lawOverrides: {
    rsf: { a: 0.01, b1: 0.005, Dc1: 1e-5, Vstar: 1e-6, form: 0 },
    coulomb: { mu_k: 0.3 },
  },
  integrators: {},
  start: { mode: 'steady', kick: 0 },
  drive: {
    system: {
      v0: [
        [0, 1e-6],
        [10, 1e-5],
      ],
      start: 'steady',
    },
    samples: 4001,
  },
  compare: [{ law: 'coulomb', params: { mu_k: 0.3 }, system: { c: 20 }, integrator: 'auto' }],
  charts: { position: true, phaseX: 'spring' },
  view: 'spring',
};

const linkOf = (state) => `${site.url}#state=${encodeURIComponent(JSON.stringify(state))}`;
const stateOf = (url) => JSON.parse(decodeURIComponent(new URL(url).hash.slice('#state='.length)));

/** The shown run, once the run of the velocity step is drawn: what must be the same. */
async function velocityStepRun(page) {
  await page.waitForFunction(
    () =>
      Array.isArray(window.__lastSummary?.system?.v0) &&
      document.querySelector('#status').dataset.state === 'ready',
  );
  return page.evaluate(() => {
    const { law, params, system, steps, regime } = window.__lastSummary;
    const { friction } = window.__shownRun.result.columns;
    return { law, params, system, steps, regime, rows: friction.length, last: friction.at(-1) };
  });
}

test(
  'saved settings and a link of the first form load into the same run, and are written back in the current form',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const preset = await openPage(site, t);
    await loadSite(site, preset.page);
    await preset.page.selectOption('#preset', 'rsf-velocity-step');
    const expected = await velocityStepRun(preset.page);
    assert.equal(expected.rows, 4001);

    // Saved settings of the first form (seeded once: the page's own saves then stand).
    const saved = await openPage(site, t);
    await saved.page.context().addInitScript(
      ([key, state]) => {
        if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify(state));
      },
      [KEY, FIRST_FORM],
    );
    await saved.page.goto(site.url);
    assert.deepEqual(await velocityStepRun(saved.page), expected);
    assert.equal(await saved.page.isChecked('#show-position'), true);
    await saved.page.waitForFunction(
      () => document.querySelectorAll('#compare-list li').length === 1,
    );
    // Written back once, in the current form: the view's scenario is the preset's, as the engine writes
    // it (the default integrator, auto, left out).
    await saved.page.waitForTimeout(400); // settings are written at most every 250 ms
    const written = JSON.parse(await saved.page.evaluate((key) => localStorage.getItem(key), KEY));
    assert.equal(written.version, 2);
    assert.deepEqual(written.spring.scenario, {
      law: 'rsf',
      params: FIRST_FORM.lawOverrides.rsf,
      system: {
        m: 0,
        Fn: 1,
        c: 1000,
        duration: 40,
        v0: FIRST_FORM.drive.system.v0,
        start: 'steady',
      },
      samples: 4001,
    });
    // Another law's own values came along: Coulomb's μk (the spring-block stays as it was, quasi-static,
    // where the engine may refuse Coulomb: the values are what is checked here).
    await saved.page.selectOption('#model', 'coulomb');
    await saved.page.waitForFunction(() =>
      ['ready', 'error'].includes(document.querySelector('#status').dataset.state),
    );
    assert.equal(await saved.page.inputValue('#spring-law-mu_k-number'), '0.3');

    // A link of the first form, in a fresh context: the same run; the address is then the current form,
    // and that link gives the same run in a fresh context too.
    const linked = await openPage(site, t);
    await linked.page.goto(linkOf(FIRST_FORM));
    assert.deepEqual(await velocityStepRun(linked.page), expected);
    const current = linked.page.url();
    assert.equal(stateOf(current).version, 2);
    assert.equal(stateOf(current).spring.compare.length, 1);
    const again = await openPage(site, t);
    await again.page.goto(current);
    assert.deepEqual(await velocityStepRun(again.page), expected);
    for (const { problems } of [preset, saved, linked, again]) assert.deepEqual(problems, []);
  },
);
