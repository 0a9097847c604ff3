// Browser test of the presets (issue 6): scenarios from the engine load with their line on what to
// look at, the Coulomb one shows its closed form beside the computed period, a presliding preset
// switches the view, and the user's own change ends the preset.
// Run: node --test --test-reporter=spec tests/browser/presets.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

test(
  'presets load with their line; the Coulomb preset shows its closed form; a presliding preset opens that view',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    const presets = await page.evaluate(async () => {
      const { loadEngine } = await import(new URL('engine.mjs', document.baseURI).href);
      return (await loadEngine()).presets();
    });
    const names = await page.locator('#preset option').allTextContents();
    assert.deepEqual(
      names.slice(1),
      presets.map((preset) => preset.name),
    );
    assert.ok(presets.length >= 8);

    // Coulomb C1: the period readout carries the closed form, and the two agree to the digits shown.
    await page.selectOption('#preset', 'coulomb-limit-cycle');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        window.__lastSummary?.system?.c === 10 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const c1 = presets.find((preset) => preset.id === 'coulomb-limit-cycle');
    assert.equal(await page.locator('#preset-note').textContent(), c1.look);
    assert.equal(await page.locator('#preset-note').isVisible(), true);
    const period = await page.locator('#period').textContent();
    const [computed, closed] = period.match(/[\d.]+ s/g);
    assert.equal(computed, closed, period);
    assert.ok(Math.abs(c1.expected.period - 5.09263777) < 1e-8);
    await shot(page, 'presets-01-coulomb');

    // The user's own change ends the preset.
    await page.fill('#system-c-number', '12');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.c === 12 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(await page.locator('#preset-note').isVisible(), false);
    assert.equal(await page.inputValue('#preset'), '');
    assert.doesNotMatch(await page.locator('#period').textContent(), /closed form/);

    // A presliding preset switches the view and draws the loop.
    await page.selectOption('#preset', 'lugre-presliding');
    await page.waitForFunction(
      () =>
        window.__lastPresliding?.summary.law === 'lugre' &&
        document.querySelector('#presliding-status')?.dataset.state === 'ready',
    );
    assert.equal(await page.locator('#view-presliding').isVisible(), true);
    assert.equal(await page.getAttribute('#tab-presliding', 'aria-selected'), 'true');
    await shot(page, 'presets-02-lugre-presliding');

    // A seed-model preset goes back to the spring-block view.
    await page.selectOption('#preset', 'squeal');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.model === 'state-variable' &&
        window.__lastSummary?.params?.eta === 12 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(await page.locator('#view-spring').isVisible(), true);
    assert.deepEqual(problems, []);
  },
);

test(
  'a research preset runs its own drive: the velocity step ends at μ0 + (a − b) ln 10, and Clear the drive goes back to a constant v0',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'rsf-velocity-step');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'rsf' &&
        Array.isArray(window.__lastSummary?.system?.v0) &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const summary = await page.evaluate(() => window.__lastSummary);
    // rsfmodel's velocity step, 1 → 10 µm/s at 10 s, on the quasi-static slider from steady sliding.
    assert.deepEqual(summary.system.v0, [
      [0, 1e-6],
      [10, 1e-5],
    ]);
    assert.equal(summary.system.m, 0);
    const { mu0, a, b1 } = summary.params;
    const friction = await page.evaluate(() => {
      const forces = globalThis.Chart.getChart('chart-forces').data.datasets.find((set) =>
        /friction/i.test(set.label),
      );
      return forces.data.at(-1).y;
    });
    const steady = mu0 + (a - b1) * Math.log(1e-5 / summary.params.Vstar);
    assert.ok(
      Math.abs(friction / summary.system.Fn - steady) < 1e-6,
      `final μ ${friction / summary.system.Fn}, steady state ${steady}`,
    );
    // The drive is said in words beside the system, and can be cleared.
    const note = page.locator('#drive-note');
    await page.waitForFunction(() =>
      document.querySelector('#drive-text').textContent.startsWith('Drive: velocity steps'),
    );
    assert.equal(await note.isVisible(), true);
    // Judged after its last change, a settled velocity step on a velocity-strengthening law (a > b) is steady sliding.
    assert.equal(await page.locator('#regime').textContent(), 'Steady sliding');
    await page.click('#drive-clear');
    await page.waitForFunction(
      () =>
        typeof window.__lastSummary?.system?.v0 === 'number' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(
      await page.locator('#drive-text').textContent(),
      'Drive: the load point moves at v0 throughout.',
    );
    assert.equal(await page.locator('#drive-clear').isVisible(), false);
    assert.deepEqual(problems, []);
  },
);
