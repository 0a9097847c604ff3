// Browser test of embed mode (issue 6): ?embed=1 shows the charts and only the controls named in
// ?controls=, fills a small iframe-sized window without sideways scrolling, takes its run from the
// link, and saves nothing. Also inside a real iframe of a host page.
// Run: node --test --test-reporter=spec tests/browser/embed.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

// A Coulomb C1 run, as a link's state would carry it.
const STATE = { model: 'coulomb', lawOverrides: { coulomb: { mu_s: 0.6, mu_k: 0.4 } },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 } };
const embedUrl = (controls) => `${site.url}?embed=1${controls ? `&controls=${controls}` : ''}#state=${encodeURIComponent(JSON.stringify(STATE))}`;

test('embed mode shows the charts and the chosen controls only, fits 640×420, and saves nothing', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const { page, problems } = await openPage(site, t, { viewport: { width: 640, height: 420 } });
  await page.goto(embedUrl('c,mu_k'));
  await waitReady(page);
  await page.waitForFunction(() => window.__lastSummary?.law === 'coulomb' && window.__lastSummary?.system?.c === 10);
  for (const hidden of ['.site-header', '.view-nav', '.site-footer', '#results .export', '#model', '#integrator', '#reset'])
    assert.equal(await page.locator(hidden).isVisible(), false, `${hidden} is hidden`);
  const visibleRows = await page.locator('#view-spring .param:visible').evaluateAll((rows) => rows.map((row) => row.dataset.key));
  assert.deepEqual(visibleRows.sort(), ['c', 'mu_k']);
  for (const chart of ['#chart-relative', '#chart-forces']) assert.equal(await page.locator(chart).isVisible(), true);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(scroll <= 0, `sideways scroll ${scroll}px`);
  // A chosen control still drives the run.
  await page.fill('#system-c-number', '20');
  await page.waitForFunction(() => window.__lastSummary?.system?.c === 20 && document.querySelector('#status').dataset.state === 'ready');
  assert.equal(await page.evaluate(() => localStorage.getItem('friction-lab/settings/v1')), null);
  await shot(page, 'embed-01-two-controls');

  // With no controls named, the settings panel is gone altogether.
  await page.goto(embedUrl(''));
  await waitReady(page);
  assert.equal(await page.locator('#view-spring .controls').isVisible(), false);
  assert.deepEqual(problems, []);
});

test('the README\'s iframe snippet works in a host page', { timeout: TEST_TIMEOUT_MS }, async (t) => {
  const { page, problems } = await openPage(site, t);
  await page.goto(site.url);
  await waitReady(page);
  await page.setContent(`<!doctype html><title>Lesson</title><h1>Stick-slip</h1>
    <iframe id="lab" src="${embedUrl('c')}" width="720" height="480" title="Friction Lab: stick-slip" loading="lazy"></iframe>`);
  const frame = page.frameLocator('#lab');
  await frame.locator('#status[data-state="ready"]').waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('#lab').contentWindow.__renders >= 1);
  assert.equal(await frame.locator('#chart-relative').isVisible(), true);
  assert.equal(await frame.locator('.site-header').isVisible(), false);
  await shot(page, 'embed-02-iframe');
  assert.deepEqual(problems, []);
});
