// Browser test of long runs (issue 6): a long law run reports its progress, can be cancelled (the
// charts keep the last finished run, the typed values stay), and the next run works.
// Run: node --test --test-reporter=spec tests/browser/progress.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

test(
  'a long run shows its progress and can be cancelled; the next run works',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'rate-state-stick-slip');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'rate-state' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const before = await page.evaluate(() => window.__lastSummary.system.duration);

    // 100 s of rate-and-state stick-slip under Rosenbrock, whose steps crowd each re-stick towards the
    // law's creep at rest (under auto, Radau runs it in tens of ms): its pace projects to about 1.5 work
    // budgets, under the 4 that stop a run early, so it spends a whole budget (about 1.5 s of computing
    // natively, more in wasm) before it stops: time for the worker to report progress and be cancelled.
    // (At 200 s the projection passes 4 budgets and the run stops by itself within a fraction of that.)
    await page.selectOption('#integrator', 'rosenbrock');
    await page.fill('#system-duration-number', '100');
    await page.waitForFunction(() =>
      /Computing… \d+ %/.test(document.querySelector('#status').textContent),
    );
    await page.locator('#cancel-run').waitFor({ state: 'visible' });
    await page.click('#cancel-run');
    await page.waitForFunction(
      () => document.querySelector('#status').dataset.state === 'cancelled',
    );
    assert.equal(await page.locator('#cancel-run').isVisible(), false);
    assert.equal(
      await page.evaluate(() => window.__lastSummary.system.duration),
      before,
      'the charts keep the last finished run',
    );
    assert.equal(await page.inputValue('#system-duration-number'), '100', 'the typed value stays');

    // A fresh worker takes the next request.
    await page.fill('#system-duration-number', '3');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.duration === 3 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.deepEqual(problems, []);
  },
);
