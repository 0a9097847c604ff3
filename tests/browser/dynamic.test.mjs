// Browser test of the dynamic laws on the page (issue 5): a dynamic law driving the spring-block
// shows its state variable as a series, and the presliding view draws the hysteresis loop of
// Canudas de Wit et al. (1995, Fig. 2), in Debian's Chromium driven by playwright-core with the
// harness of page.test.mjs (served under a sub-path; console errors fail the test).
// Run: node --test --test-reporter=spec tests/browser/dynamic.test.mjs   (after build-scripts/build.sh)
// Screenshots go to test-results/dynamic-*.png, for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

/** Waits for the presliding view to draw a result newer than `after` renders, or to report an error. */
async function waitLoop(page, { after = 0, expect = 'ready' } = {}) {
  await page.waitForFunction((count) => {
    const state = document.querySelector('#presliding-status')?.dataset.state;
    return state === 'error' || (state === 'ready' && window.__loopRenders > count);
  }, after);
  const state = await page.locator('#presliding-status').getAttribute('data-state');
  if (state !== expect) {
    const messages = await page.locator('#view-presliding [role="alert"]').allTextContents();
    assert.fail(
      `the presliding view is ${state}, expected ${expect}: ${messages.filter(Boolean).join(' | ')}`,
    );
  }
}

test(
  'a dynamic law drives the block and its state variable is drawn on its own axis',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'lugre');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'lugre' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const relative = await page.evaluate(() => {
      const chart = globalThis.Chart.getChart('chart-relative');
      return {
        labels: chart.data.datasets.map((d) => d.label),
        y3: chart.options.scales.y3.display,
        title: chart.options.scales.y3.title.text,
      };
    });
    assert.ok(relative.labels.includes('z'), relative.labels.join(', '));
    assert.equal(relative.y3, true);
    assert.equal(relative.title, 'z [m]');
    await shot(page, 'dynamic-01-lugre-spring-block');
    assert.deepEqual(problems, []);
  },
);

test(
  "the presliding view draws the LuGre loop of the paper's protocol, follows the law and the protocol, and remembers",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.click('#tab-presliding');
    await waitLoop(page);
    // The controls come from the catalog: the protocol's five parameters, LuGre's six.
    assert.equal(await page.locator('#presliding-protocol .param').count(), 5);
    assert.equal(await page.locator('#presliding-params .param').count(), 6);
    assert.deepEqual(
      await page
        .locator('#presliding-law option')
        .evaluateAll((options) => options.map((o) => o.value)),
      ['lugre', 'dahl', 'rate-state', 'elasto-plastic', 'rsf'],
    );
    // Canudas de Wit et al. (1995), Fig. 2's protocol (docs/validation.md, "Closed forms: the
    // dynamic laws"): the loop ends near 4.4936e-5 m and reaches down to −1.00174e-5 m (2 %).
    const x = await page.evaluate(() => Array.from(window.__lastPresliding.columns.x));
    assert.ok(Math.abs(x.at(-1) / 4.4936e-5 - 1) < 0.02, `end ${x.at(-1)}`);
    assert.ok(Math.abs(Math.min(...x) / -1.00174e-5 - 1) < 0.02, `min ${Math.min(...x)}`);
    assert.match(await page.locator('#presliding-info').textContent(), /after the first ramp/);
    await shot(page, 'dynamic-02-presliding-lugre');

    // Elasto-plastic with the force kept inside its elastic range (σ0·z_ba = 0.5 N): the loop closes.
    let renders = await page.evaluate(() => window.__loopRenders);
    await page.selectOption('#presliding-law', 'elasto-plastic');
    await waitLoop(page, { after: renders });
    renders = await page.evaluate(() => window.__loopRenders);
    await page.fill('#presliding-protocol-amplitude-number', '0.4');
    await waitLoop(page, { after: renders });
    const elastic = await page.evaluate(() => {
      const { x, applied } = window.__lastPresliding.columns;
      return {
        law: window.__lastPresliding.summary.law,
        amplitude: Math.max(...applied),
        span: Math.max(...x) - Math.min(...x),
      };
    });
    assert.equal(elastic.law, 'elasto-plastic');
    assert.equal(elastic.amplitude, 0.4);
    // A linear spring: x spans ±A/σ0 = ±4e-6 m, so 8e-6 m (the mass's own dynamics aside).
    assert.ok(Math.abs(elastic.span / 8e-6 - 1) < 0.01, `span ${elastic.span}`);
    await shot(page, 'dynamic-03-presliding-elasto-plastic');

    // A refused value is explained beside its control; a reload keeps the view, the law and the protocol.
    renders = await page.evaluate(() => window.__loopRenders);
    await page.fill('#presliding-protocol-rate-number', '0');
    await waitLoop(page, { after: renders, expect: 'error' });
    assert.match(await page.locator('#presliding-protocol-rate-error').textContent(), /rate/i);
    await page.fill('#presliding-protocol-rate-number', '0.1425');
    await waitLoop(page, { after: renders });
    await page.reload();
    await waitLoop(page);
    assert.equal(await page.inputValue('#presliding-law'), 'elasto-plastic');
    assert.equal(await page.inputValue('#presliding-protocol-amplitude-number'), '0.4');
    assert.deepEqual(problems, []);
  },
);
