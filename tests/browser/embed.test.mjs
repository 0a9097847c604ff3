// Browser test of embed mode (issues 6 and 13): ?embed=1 shows the parts named in ?show= (default:
// the animated system and the forces) and only the controls named in ?controls=, fills a small
// iframe-sized window without sideways scrolling, takes its run from the link, and saves nothing.
// Also inside a host page's responsive iframe, the snippet of docs/guide/teaching.md ("Embed the
// page in a lesson"), at phone and projector widths.
// Run: node --test --test-reporter=spec tests/browser/embed.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, shot, textMatching, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

// A Coulomb C1 run, as a link's state would carry it.
const STATE = {
  model: 'coulomb',
  lawOverrides: { coulomb: { mu_s: 0.6, mu_k: 0.4 } },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 },
};
const embedUrl = (controls, show = '') =>
  `${site.url}?embed=1${controls ? `&controls=${controls}` : ''}${show ? `&show=${show}` : ''}` +
  `#state=${encodeURIComponent(JSON.stringify(STATE))}`;

test(
  'embed mode shows the chosen parts and controls only, fits 640×420, and saves nothing',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 640, height: 420 } });
    await page.goto(embedUrl('c,mu_k'));
    await waitReady(page);
    await page.waitForFunction(
      () => window.__lastSummary?.law === 'coulomb' && window.__lastSummary?.system?.c === 10,
    );
    // The title stays for screen readers only (the page's one h1, issue 28): off screen, 1 px.
    const title = await page.locator('.site-header').boundingBox();
    assert.ok(
      title.width <= 1 && title.height <= 1,
      `the title is off screen: ${JSON.stringify(title)}`,
    );
    for (const hidden of [
      '.view-nav',
      '.site-footer',
      '#results .export',
      '#model',
      '#integrator',
      '#reset',
    ])
      assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} is hidden`);
    const visibleRows = await page
      .locator('#view-spring .param:visible')
      .evaluateAll((rows) => rows.map((row) => row.dataset.key));
    assert.deepEqual(visibleRows.sort(), ['c', 'mu_k']);
    for (const part of ['#system-view', '#chart-forces'])
      assert.equal(await page.locator(part).isVisible(), true);
    assert.equal(await page.locator('#chart-relative').isVisible(), false);
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(scroll <= 0, `sideways scroll ${scroll}px`);
    // A chosen control still drives the run.
    await page.fill('#system-c-number', '20');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.c === 20 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('friction-lab/settings/v1')), null);
    await shot(page, 'embed-01-two-controls');

    // With no controls named, the settings panel is gone altogether.
    await page.goto(embedUrl(''));
    await waitReady(page);
    assert.equal(await page.locator('#view-spring .controls').isVisible(), false);
    assert.deepEqual(problems, []);
  },
);

test(
  "the lesson guide's responsive iframe shows the whole chosen view at phone and projector width",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    for (const { width, height } of [
      { width: 390, height: 844 },
      { width: 1920, height: 1080 },
    ]) {
      const { page, problems } = await openPage(site, t, { viewport: { width, height } });
      await page.goto(site.url);
      await waitReady(page);
      // The lesson guide's snippet (docs/guide/teaching.md): full width, an aspect ratio, a floor
      // for phones and a ceiling for projectors.
      await page.setContent(`<!doctype html><title>Lesson</title><link rel="icon" href="data:,"><h1>Stick-slip</h1>
      <iframe id="lab" src="${embedUrl('', 'system,forces')}" title="Friction Lab: stick-slip" loading="lazy" allowfullscreen
        style="width: 100%; aspect-ratio: 4 / 3; min-height: 560px; max-height: 90vh; border: 0"></iframe>`);
      await page.waitForFunction(() => document.querySelector('#lab').contentWindow.__renders >= 1);
      const frame = page.frameLocator('#lab');
      await frame.locator('#status[data-state="ready"]').waitFor({ state: 'attached' });
      const fit = await page.evaluate(() => {
        const inner = document.querySelector('#lab').contentDocument;
        const bottom = (id) => inner.getElementById(id).getBoundingClientRect().bottom;
        return {
          frameHeight: inner.documentElement.clientHeight,
          system: bottom('system-view'),
          chart: bottom('chart-forces'),
          innerScroll: inner.documentElement.scrollWidth - inner.documentElement.clientWidth,
          hostScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      assert.ok(
        fit.system <= fit.frameHeight && fit.chart <= fit.frameHeight,
        `${width}px: ${JSON.stringify(fit)}`,
      );
      assert.equal(fit.innerScroll, 0);
      assert.equal(fit.hostScroll, 0);
      const title = await frame.locator('.site-header').boundingBox();
      assert.ok(title.width <= 1 && title.height <= 1, 'the title is off screen');
      await shot(page, `embed-02-iframe-${width}`);
      assert.deepEqual(problems, []);
    }
  },
);

test(
  'an embed reports a control or part it cannot show instead of showing nothing',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 640, height: 420 } });
    await page.goto(embedUrl('c,tau', 'system,stick'));
    await waitReady(page);
    const notice = await textMatching(page, '#notice', /'tau'/);
    assert.match(notice, /'tau'/);
    assert.match(notice, /'stick'/);
    assert.equal(await page.locator('#notice').isVisible(), true);
    assert.deepEqual(problems, []);
  },
);
