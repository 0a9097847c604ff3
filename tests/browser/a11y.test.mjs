// Browser test of keyboard-only use and layout (issue 6): Tab reaches every control of each view in
// order, the focused control shows a visible ring, sliders follow the WAI-ARIA slider pattern with
// their unit in aria-valuetext, and every view fits a 360 px phone without sideways scrolling.
// Run: node --test --test-reporter=spec tests/browser/a11y.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();

/** Ids of the visible, enabled controls of a view, in document order. The tabs follow the WAI-ARIA
 * tabs pattern: only the selected tab is in the Tab order (the arrow keys move between tabs). The
 * content of a closed <details> is not shown (Chromium lays it out, so offsetParent does not say). */
const controlsOf = (page, view) =>
  page.evaluate(
    (viewId) =>
      [
        ...document.querySelectorAll(
          `.view-nav button, .view-nav select, #${viewId} input, #${viewId} select, #${viewId} button`,
        ),
      ]
        .filter(
          (element) =>
            element.offsetParent !== null &&
            !element.closest('details:not([open])') &&
            !element.disabled &&
            element.id &&
            element.tabIndex >= 0,
        )
        .map((element) => element.id),
    view,
  );

/** Presses Tab until focus leaves the page or `limit` presses; returns the ids focused, in order. */
async function tabThrough(page, limit) {
  const seen = [];
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.id ?? '');
    if (id) seen.push(id);
  }
  return seen;
}

test(
  'Tab reaches every control of each view, with a visible focus ring',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'coulomb');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    for (const [view, tab] of [
      ['view-spring', null],
      ['view-explorer', '#tab-explorer'],
      ['view-presliding', '#tab-presliding'],
      ['view-map', '#tab-map'],
    ]) {
      if (tab) {
        await page.focus(tab);
        await page.keyboard.press('Enter');
        await page.waitForTimeout(300);
      }
      const expected = await controlsOf(page, view);
      const reached = new Set(await tabThrough(page, expected.length + 40));
      const missed = expected.filter((id) => !reached.has(id));
      assert.deepEqual(missed, [], `${view}: Tab never reaches ${missed.join(', ')}`);
    }
    // The focus ring: a visible outline on the focused slider, drawn only for keyboard focus.
    await page.focus('#tab-spring');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement).outlineStyle,
    );
    assert.notEqual(outline, 'none');
    assert.deepEqual(problems, []);
  },
);

test(
  'sliders follow the WAI-ARIA slider pattern, their value text carrying the unit',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'coulomb');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const sliders = await page.locator('#view-spring input[type=range]').evaluateAll((inputs) =>
      inputs.map((input) => ({
        id: input.id,
        valuetext: input.getAttribute('aria-valuetext'),
        label: input.labels?.[0]?.textContent ?? '',
        unit: document.getElementById(`${input.id}-unit`)?.textContent ?? '',
      })),
    );
    assert.ok(sliders.length >= 8);
    for (const slider of sliders) {
      assert.ok(slider.valuetext, `${slider.id} has aria-valuetext`);
      assert.ok(slider.label.trim().length > 0, `${slider.id} has a label`);
      if (slider.unit)
        assert.ok(
          slider.valuetext.endsWith(slider.unit),
          `${slider.id}: "${slider.valuetext}" names ${slider.unit}`,
        );
    }
    // Arrow keys move a slider and its value text follows.
    await page.focus('#system-c');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.c !== 10 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.match(await page.getAttribute('#system-c', 'aria-valuetext'), /N\/m$/);
    assert.deepEqual(problems, []);
  },
);

test(
  'every view, the presets and the share bar fit a 360 px phone with no sideways scrolling',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 360, height: 740 } });
    await loadSite(site, page);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    assert.ok((await overflow()) <= 0, 'spring-block view');
    for (const tab of ['#tab-explorer', '#tab-presliding', '#tab-map']) {
      await page.click(tab);
      await page.waitForTimeout(500);
      assert.ok((await overflow()) <= 0, `${tab} view scrolls sideways by ${await overflow()} px`);
    }
    await page.waitForFunction(
      () => document.querySelector('#presliding-status')?.dataset.state === 'ready',
    );
    await shot(page, 'a11y-01-phone-presliding');
    assert.deepEqual(problems, []);
  },
);

test(
  'axe-core finds no WCAG 2.1 A/AA violation in any view, the animated system, Present mode or a drawn map',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    const found = {};
    found.spring = await axeViolations(page);
    await page.selectOption('#model', 'lugre');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'lugre' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    found.lawRun = await axeViolations(page);
    await page.click('#present');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    found.present = await axeViolations(page);
    await page.click('#present');
    for (const view of ['explorer', 'presliding', 'map']) {
      await page.click(`#tab-${view}`);
      if (view === 'explorer') await page.waitForFunction(() => window.__lawRenders >= 1);
      if (view === 'presliding')
        await page.waitForFunction(
          () => document.querySelector('#presliding-status')?.dataset.state === 'ready',
        );
      if (view === 'map') {
        await page.click('#map-run');
        await page.waitForFunction(
          () => document.querySelector('#map-status')?.dataset.state === 'ready',
          null,
          { timeout: 60_000 },
        );
      }
      found[view] = await axeViolations(page);
    }
    for (const [view, violations] of Object.entries(found))
      assert.deepEqual(violations, [], `${view}: ${violations.join('\n')}`);
    assert.deepEqual(problems, []);
  },
);
