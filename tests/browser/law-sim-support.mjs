// Shared by the browser tests of law runs on the spring-block view (law-sim*.test.mjs): reading
// the page's last result and waiting for the run of a law.

import assert from 'node:assert/strict';

export const text = (page, selector) => page.locator(selector).textContent();
export const summary = (page) => page.evaluate(() => window.__lastSummary);
export const renders = (page) => page.evaluate(() => window.__renders);

/** Waits for a result of law `law` whose resolved values include `system` and `params`, and the page ready. */
export async function waitForRun(
  page,
  law,
  { system = {}, params = {}, integrator, after = 0 } = {},
) {
  await page.waitForFunction(
    ({ law, system, params, integrator, after }) => {
      const state = document.querySelector('#status').dataset.state;
      if (state === 'error') return true;
      const s = window.__lastSummary;
      return (
        state === 'ready' &&
        window.__renders > after &&
        s?.law === law &&
        Object.entries(system).every(([key, value]) => s.system?.[key] === value) &&
        Object.entries(params).every(([key, value]) => s.params?.[key] === value) &&
        (integrator === undefined || s.integrator === integrator)
      );
    },
    { law, system, params, integrator, after },
  );
  const state = await page.locator('#status').getAttribute('data-state');
  if (state !== 'ready') {
    const messages = await page.locator('#view-spring [role="alert"]').allTextContents();
    assert.fail(`the page reports an error: ${messages.filter(Boolean).join(' | ')}`);
  }
}
