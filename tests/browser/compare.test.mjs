// Browser test of compare mode (issue 6): runs pinned for comparison are overlaid on the live run,
// the legend names each run's law and the values that differ, the pinned runs travel in a shared
// link, and one can be removed.
// Run: node --test --test-reporter=spec tests/browser/compare.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

const ready = (page, check) => page.waitForFunction(check, undefined, { timeout: 30_000 });
const legends = (page, id) =>
  page.evaluate(
    (chartId) => globalThis.Chart.getChart(chartId).data.datasets.map((d) => d.label),
    id,
  );

test(
  'pinned runs overlay the live one with a legend naming law and differing values, and travel in the link',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'coulomb-limit-cycle');
    await ready(
      page,
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        window.__lastSummary?.system?.c === 10 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    await page.click('#compare-add');
    await ready(page, () => globalThis.Chart.getChart('chart-relative').data.datasets.length === 2);

    // The same law with another μk, pinned too; then a different law.
    await page.fill('#spring-law-mu_k-number', '0.3');
    await ready(
      page,
      () =>
        window.__lastSummary?.params?.mu_k === 0.3 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    await page.click('#compare-add');
    await ready(page, () => globalThis.Chart.getChart('chart-relative').data.datasets.length === 3);
    await page.selectOption('#model', 'ratel-threlfall');
    await ready(
      page,
      () =>
        window.__lastSummary?.law === 'ratel-threlfall' &&
        document.querySelector('#status').dataset.state === 'ready',
    );

    const relative = await legends(page, 'chart-relative');
    assert.equal(relative[0], 'v/v0 · Ratel Threlfall (+ viscous)');
    assert.ok(
      relative.some((label) => /^v\/v0 · Coulomb \(static and kinetic\): μk = 0\.4/.test(label)),
      relative.join(' | '),
    );
    assert.ok(
      relative.some((label) => /^v\/v0 · Coulomb \(static and kinetic\): μk = 0\.3/.test(label)),
      relative.join(' | '),
    );
    const forces = await legends(page, 'chart-forces');
    assert.ok(
      forces.filter((label) => label.startsWith('Friction force · Coulomb')).length === 2,
      forces.join(' | '),
    );
    // The overlaid runs carry their own numbers: the pinned C1 run's first break-away is at 6 s.
    const pinned = await page.evaluate(() => {
      const data = globalThis.Chart.getChart('chart-relative').data.datasets[1].data;
      return data.find((point) => point.y > 0)?.x;
    });
    assert.ok(Math.abs(pinned - 6) < 0.02, `first motion of the pinned run at ${pinned} s`);
    assert.equal(await page.locator('#compare-list li').count(), 2);
    await shot(page, 'compare-01-three-runs');

    // The link carries the pinned runs: a fresh context shows the same overlay.
    const link = page.url();
    const second = await openPage(site, t);
    await second.page.goto(link);
    await waitReady(second.page);
    await ready(
      second.page,
      () => globalThis.Chart.getChart('chart-relative').data.datasets.length === 3,
    );
    assert.deepEqual((await legends(second.page, 'chart-relative')).slice(1), relative.slice(1));

    // Remove one: its traces go.
    await page.click('#compare-list li:first-child button');
    await ready(page, () => globalThis.Chart.getChart('chart-relative').data.datasets.length === 2);
    assert.equal(await page.locator('#compare-list li').count(), 1);
    assert.deepEqual([...problems, ...second.problems], []);
  },
);
