// Browser tests of the spring-block view's quasi-static switch (issue 15's page part): the switch is
// the mass at 0, the engine runs rate-and-state without inertia and refuses the laws it cannot run so,
// beside the mass; the energy readout says the books are not kept; the switch survives a reload; the
// page keeps its layout at a laptop's, a desktop's and a phone's size.
// Run: node --test --test-reporter=spec tests/browser/quasi-static.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { test } from 'node:test';
import { openPage, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const SHOTS = '/tmp/shots-page15';
const site = useSite();
const link = (state) => `${site.url}#state=${encodeURIComponent(JSON.stringify(state))}`;

// rsfmodel's lab values (docs/guide/lab-protocols.md#research-scale): the classic logarithm, a
// steady start at v0 = 10 V*.
const RSF = { a: 0.01, b1: 0.015, Dc1: 1e-5, Vstar: 1e-6, form: 0 };
const LAB_SYSTEM = { Fn: 1, c: 1e4, v0: 1e-5, duration: 40 };
const RSF_STATE = {
  model: 'rsf',
  lawOverrides: { rsf: RSF },
  system: LAB_SYSTEM,
  start: { mode: 'steady', kick: 0 },
};

/** Waits for a shown run of `law` with mass `m` (or for an error) and returns the status state. */
async function waitForMass(page, law, m) {
  await page.waitForFunction(
    ({ law, m }) => {
      const state = document.querySelector('#status').dataset.state;
      const s = window.__lastSummary;
      return state === 'error' || (state === 'ready' && s?.law === law && s.system?.m === m);
    },
    { law, m },
  );
  return page.locator('#status').getAttribute('data-state');
}

test(
  'the quasi-static switch runs rate-and-state without inertia: steady μ = μ0 + (a − b) ln(v0/V*)',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await page.goto(link(RSF_STATE));
    await waitReady(page);
    assert.equal(await page.isChecked('#quasi-static'), false);
    await page.check('#quasi-static');
    assert.equal(
      await waitForMass(page, 'rsf', 0),
      'ready',
      await page.locator('#form-error').textContent(),
    );
    // The steady state of the aging law at v0 (Dieterich 1979): θ = Dc/v0, so
    // μ = μ0 + a ln(v0/V*) + b ln(V*θ/Dc) = μ0 + (a − b) ln(v0/V*), here ln 10. Fn = 1 N: force = μ.
    const { mu0, last } = await page.evaluate(() => {
      const friction = window.__shownRun.result.columns.friction;
      return { mu0: window.__lastSummary.params.mu0, last: friction[friction.length - 1] };
    });
    const expected = mu0 + (RSF.a - RSF.b1) * Math.log(10);
    assert.ok(Math.abs(last - expected) <= 1e-6, `final μ ${last}, closed form ${expected}`);
    // No kinetic energy without inertia: no energy books (the engine's NaN is not shown as a number).
    assert.equal(
      (await page.locator('#energy-residual').textContent()).trim(),
      'not kept without inertia',
    );
    assert.equal(await page.locator('#system-m-number').inputValue(), '0');

    // The switch is the mass box at 0: saved as the system's other values are.
    await page.waitForTimeout(400); // settings are written at most every 250 ms
    await page.reload();
    assert.equal(await waitForMass(page, 'rsf', 0), 'ready');
    assert.equal(await page.isChecked('#quasi-static'), true);

    // Switched off, the mass is the catalog's default again (not 0).
    await page.uncheck('#quasi-static');
    await page.waitForFunction(() => window.__lastSummary?.system?.m > 0);
    assert.deepEqual(problems, []);
  },
);

test(
  "a law without a quasi-static slider shows the engine's refusal beside the mass",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page } = await openPage(site, t);
    await page.goto(link({ model: 'coulomb', system: { Fn: 1 } }));
    await waitReady(page);
    await page.check('#quasi-static');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    // The engine's own words, at system.m (the page does not know the rule).
    const message = await page.locator('#system-m-error').textContent();
    assert.match(message, /quasi-static|m = 0|mass/i, message);
    assert.equal(await page.isChecked('#quasi-static'), true);
  },
);

for (const [width, height] of [
  [1366, 768],
  [1920, 1080],
  [390, 844],
]) {
  test(
    `the quasi-static run at ${width}×${height}: no horizontal scroll`,
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const { page } = await openPage(site, t, { viewport: { width, height } });
      await page.goto(link({ ...RSF_STATE, system: { ...LAB_SYSTEM, m: 0 } }));
      assert.equal(await waitForMass(page, 'rsf', 0), 'ready');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${overflow} px of horizontal scroll`);
      await mkdir(SHOTS, { recursive: true });
      await page.locator('#quasi-static').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/quasi-static-${width}x${height}.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/quasi-static-top-${width}x${height}.png` });
    },
  );
}
