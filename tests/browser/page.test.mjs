// Browser test of the built site (dist/) in Debian's Chromium, driven by playwright-core: the
// spring-block view. (explorer.test.mjs tests the law explorer; harness.mjs serves the site.)
// Run: node --test --test-reporter=spec tests/browser/page.test.mjs   (after build-scripts/build.sh)
//
// The site is served under a sub-path, as a static host may do, so any absolute URL in the page
// shows up as a 404. Every test fails on console errors, page errors and HTTP errors.
// Screenshots of each state go to test-results/ (git-ignored), for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  loadSite as load,
  openPage as open,
  pressKeys,
  shot,
  useSite,
  waitReady,
} from './harness.mjs';

const RESONANCE = /^\d+\.\d\dHz, \d+\.\d\drad\/s$/;
const TEST_TIMEOUT_MS = 60_000;

const site = useSite();
const openPage = (t, options) => open(site, t, options);
const loadSite = (page) => load(site, page);

const text = (page, selector) => page.locator(selector).textContent();
const summary = (page) => page.evaluate(() => window.__lastSummary);
const renders = (page) => page.evaluate(() => window.__renders);
const rowOf = (page, key) => page.locator('.param', { has: page.locator(`#param-${key}`) });

test(
  'the page loads the engine, plots, follows the keyboard, remembers across a reload, and resets',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);

    // Both charts hold data: three relative series, and friction, drive force and static limit.
    const datasets = await page.evaluate(() =>
      ['chart-relative', 'chart-forces'].map((id) =>
        globalThis.Chart.getChart(id).data.datasets.map((dataset) => dataset.data.length),
      ),
    );
    assert.equal(datasets[0].length, 3);
    assert.equal(datasets[1].length, 3);
    for (const length of datasets.flat())
      assert.ok(length > 1, `a plotted series has ${length} points`);

    const first = await summary(page);
    assert.equal(first.model, 'abbott-seed');
    const resonance0 = await text(page, '#resonance');
    assert.match(resonance0, RESONANCE);
    assert.ok((await text(page, '#regime')).length > 0);
    // A fresh context has no saved settings, so c shows its catalog default.
    const c0 = await page.inputValue('#param-c-number');
    assert.equal(Number(c0), first.params.c);
    await shot(page, '01-loaded');

    // The keyboard moves the c slider; c changes the resonance √(c/N).
    const rendersBefore = await renders(page);
    await pressKeys(page, '#param-c', 'ArrowRight', 3);
    await page.waitForFunction(
      ([count, old]) =>
        window.__renders > count &&
        document.querySelector('#resonance').textContent !== old &&
        document.querySelector('#status').dataset.state === 'ready',
      [rendersBefore, resonance0],
    );
    const c1 = await page.inputValue('#param-c-number');
    assert.ok(Number(c1) > Number(c0), `c went from ${c0} to ${c1}`);
    assert.equal((await summary(page)).params.c, Number(c1));
    const unit = (await rowOf(page, 'c').locator('.param-unit').textContent()).trim();
    assert.equal(await page.getAttribute('#param-c', 'aria-valuetext'), `${c1} ${unit}`);
    const resonance1 = await text(page, '#resonance');
    assert.match(resonance1, RESONANCE);
    await shot(page, '02-after-keyboard');

    // A reload keeps the value (localStorage) and shows the same result.
    await page.reload();
    await waitReady(page);
    assert.equal(await page.inputValue('#param-c-number'), c1);
    assert.equal(await page.inputValue('#param-c'), c1);
    assert.equal(await text(page, '#resonance'), resonance1);

    // Reset returns to the catalog default and the original result.
    await page.click('#reset');
    await page.waitForFunction(
      (old) =>
        document.querySelector('#resonance').textContent === old &&
        document.querySelector('#status').dataset.state === 'ready',
      resonance0,
    );
    assert.equal(await page.inputValue('#param-c-number'), c0);
    assert.equal((await summary(page)).params.c, first.params.c);
    await shot(page, '03-after-reset');

    assert.deepEqual(problems, []);
  },
);

test(
  'a refused value is explained beside its control, is never saved, and clears when fixed',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);

    // First a good change to another parameter, which must survive everything below.
    await pressKeys(page, '#param-eta', 'ArrowRight', 2);
    await page.waitForFunction(
      () =>
        document.querySelector('#status').dataset.state === 'ready' &&
        document.querySelector('#param-eta-number').value ===
          String(window.__lastSummary.params.eta),
    );
    const eta = await page.inputValue('#param-eta-number');
    const good = await summary(page);
    const resonance = await text(page, '#resonance');

    // A load of 50 kg is beyond the catalog's range for N.
    await page.fill('#param-N-number', '50');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    const message = await text(page, '#param-N-error');
    const name = (await rowOf(page, 'N').locator('.param-name').textContent()).trim();
    const unit = (await rowOf(page, 'N').locator('.param-unit').textContent()).trim();
    for (const part of [name, unit, '50']) {
      assert.ok(message.includes(part), `the message "${message}" includes "${part}"`);
    }
    assert.equal(await page.getAttribute('#param-N-number', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('#param-N-error', 'role'), 'alert');
    // The error sits with its control, and the last good result stays on screen.
    assert.equal(await rowOf(page, 'N').locator('#param-N-error').count(), 1);
    assert.deepEqual(await summary(page), good);
    assert.equal(await text(page, '#resonance'), resonance);
    await shot(page, '04-refused-value');

    // Fixing the value clears the error.
    const fixed = good.params.N * 2;
    await page.fill('#param-N-number', String(fixed));
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'ready');
    assert.equal(await text(page, '#param-N-error'), '');
    assert.equal(await page.getAttribute('#param-N-number', 'aria-invalid'), null);
    assert.equal((await summary(page)).params.N, fixed);

    // A refused value is not saved; the user's other values are.
    await page.fill('#param-N-number', '50');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    await page.reload();
    await waitReady(page);
    assert.equal(await page.inputValue('#param-N-number'), String(fixed));
    assert.equal(await page.inputValue('#param-eta-number'), eta);
    assert.equal(await text(page, '#param-N-error'), '');

    assert.deepEqual(problems, []);
  },
);

test(
  'switching the model rebuilds the controls, and a derived default follows its source',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);
    const rendersBefore = await renders(page);
    // Each entry of the list opens what it says: no two entries share an id (the θ law is the θ model).
    const ids = await page.$$eval('#model option', (options) =>
      options.map((option) => option.value),
    );
    assert.deepEqual(
      ids.filter((id, k) => ids.indexOf(id) !== k),
      [],
      'a model or law is listed twice',
    );

    await page.selectOption('#model', 'state-variable');
    await page.waitForFunction(
      (count) =>
        window.__lastSummary?.model === 'state-variable' &&
        window.__renders > count &&
        document.querySelector('#status').dataset.state === 'ready',
      rendersBefore,
    );
    assert.equal(await page.locator('#param-m').count(), 1);
    assert.equal(await page.locator('#param-N').count(), 0, "the seed model's controls are gone");
    assert.match(await text(page, '#resonance'), RESONANCE);
    assert.ok((await text(page, '#model-description')).length > 0);

    // Fn is not set by hand, so it shows m·g, and moves with m.
    const before = await summary(page);
    assert.ok(
      Math.abs(Number(await page.inputValue('#param-Fn-number')) - before.params.Fn) <=
        1e-5 * before.params.Fn,
    );
    await pressKeys(page, '#param-m', 'ArrowRight', 2);
    await page.waitForFunction(
      (m) =>
        window.__lastSummary.params.m !== m &&
        document.querySelector('#status').dataset.state === 'ready',
      before.params.m,
    );
    const after = await summary(page);
    const fnShown = Number(await page.inputValue('#param-Fn-number'));
    assert.ok(after.params.Fn > before.params.Fn);
    assert.ok(
      Math.abs(fnShown - after.params.Fn) <= 1e-5 * after.params.Fn,
      `Fn shows ${fnShown}, engine used ${after.params.Fn}`,
    );
    assert.ok(
      Math.abs(after.params.Fn / after.params.m - before.params.Fn / before.params.m) <
        1e-9 * after.params.Fn,
    );
    await shot(page, '05-state-variable');

    // The model choice is remembered.
    await page.reload();
    await waitReady(page);
    assert.equal(await page.inputValue('#model'), 'state-variable');
    assert.equal((await summary(page)).model, 'state-variable');

    assert.deepEqual(problems, []);
  },
);

test(
  'on a 360 px phone the controls stack above the charts with no sideways scrolling',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t, { viewport: { width: 360, height: 780 } });
    await loadSite(page);
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
      lastControl: document.querySelector('#reset').getBoundingClientRect().bottom,
      firstChart: document.querySelector('#chart-relative').getBoundingClientRect().top,
    }));
    assert.ok(
      layout.scrollWidth <= layout.width,
      `page is ${layout.scrollWidth}px wide in a ${layout.width}px window`,
    );
    assert.ok(layout.lastControl < layout.firstChart, 'the controls come before the charts');
    await shot(page, '06-phone');
    assert.deepEqual(problems, []);
  },
);

test(
  'unreadable saved settings fall back to the defaults with a notice',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t, {
      initScript: () =>
        localStorage.setItem('friction-lab/settings/v1', '{"model": "abbott-seed", "overrides": {'),
    });
    await loadSite(page);
    assert.equal(await page.locator('#notice').isVisible(), true);
    assert.ok((await text(page, '#notice')).length > 0);
    assert.equal((await summary(page)).model, 'abbott-seed');
    assert.match(await text(page, '#resonance'), RESONANCE);
    assert.deepEqual(problems, []);
  },
);
