// Browser test of the spring-block view driven by a catalog friction law, its inputs: a refused law
// or system value, saved settings with unknown entries, a phone's width and a held slider's
// previews. In Debian's Chromium driven by playwright-core, with the harness of page.test.mjs
// (harness.mjs): served under a sub-path, and every test fails on console errors, page errors and
// HTTP errors. The law runs themselves: law-sim.test.mjs.
// Run: node --test --test-reporter=spec tests/browser/law-sim-inputs.test.mjs   (after build-scripts/build.sh)
// Screenshots of each state go to test-results/law-*.png, for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite as load, openPage as open, shot, useSite, waitReady } from './harness.mjs';
import { summary, text, waitForRun } from './law-sim-support.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();
const openPage = (t, options) => open(site, t, options);
const loadSite = (page) => load(site, page);

test(
  'a refused law or system value is explained beside its control and is never saved',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);
    await page.selectOption('#model', 'coulomb');
    await waitForRun(page, 'coulomb');
    await page.fill('#system-c-number', '20');
    await waitForRun(page, 'coulomb', { system: { c: 20 } });
    const good = await summary(page);

    // A spring constant of 0 is out of range: the message sits with the c control.
    await page.fill('#system-c-number', '0');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    assert.ok((await text(page, '#system-c-error')).length > 0);
    assert.equal(await page.getAttribute('#system-c-number', 'aria-invalid'), 'true');
    assert.deepEqual(await summary(page), good, 'the last good result stays');

    // μk above μs is refused by the law: the message sits with the law's control.
    await page.fill('#system-c-number', '30');
    await waitForRun(page, 'coulomb', { system: { c: 30 } });
    const muk = await page.inputValue('#spring-law-mu_k-number');
    await page.fill('#spring-law-mu_k-number', '0.9');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    const lawErrors = (await page.locator('#law-params [role="alert"]').allTextContents()).filter(
      Boolean,
    );
    assert.equal(
      lawErrors.length,
      1,
      `one message on the law's controls: ${lawErrors.join(' | ')}`,
    );
    assert.equal(await text(page, '#system-c-error'), '');
    await shot(page, 'law-05-refused');

    // The seed θ law and the system both have a v0 (reference and drive velocity): each refusal
    // lands on its own control.
    await page.fill('#spring-law-mu_k-number', muk);
    await waitForRun(page, 'coulomb', { system: { c: 30 } });
    await page.selectOption('#model', 'abbott-theta');
    await waitForRun(page, 'abbott-theta', { system: { c: 30 } });
    await page.fill('#system-v0-number', '500'); // beyond the engine's 100 m/s
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    assert.ok((await text(page, '#system-v0-error')).length > 0);
    assert.equal(await text(page, '#spring-law-v0-error'), '');
    await page.fill('#system-v0-number', '0.2');
    await waitForRun(page, 'abbott-theta', { system: { v0: 0.2 } });
    await page.fill('#spring-law-v0-number', '-5');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    assert.ok((await text(page, '#spring-law-v0-error')).length > 0);
    assert.equal(await text(page, '#system-v0-error'), '');
    await page.selectOption('#model', 'coulomb');

    // Not saved: a reload shows the last good values.
    await page.reload();
    await waitForRun(page, 'coulomb', { system: { c: 30 } });
    assert.equal(await page.inputValue('#spring-law-mu_k-number'), muk);
    assert.deepEqual(problems, []);
  },
);

test(
  'saved settings: a law choice with unknown entries keeps what is valid and says so',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t, {
      initScript: () =>
        localStorage.setItem(
          'friction-lab/settings/v1',
          JSON.stringify({
            model: 'coulomb',
            overrides: {},
            system: { c: 10, warp: 3 },
            integrators: { coulomb: 'warp-drive' },
            lawOverrides: { coulomb: { mu_k: 0.3 } },
          }),
        ),
    });
    await loadSite(page);
    await waitForRun(page, 'coulomb', { system: { c: 10 }, params: { mu_k: 0.3 } });
    assert.equal(await page.locator('#notice').isVisible(), true);
    assert.equal(await page.inputValue('#integrator'), 'auto');
    assert.deepEqual(problems, []);
  },
);

test(
  'on a 360 px phone a law run has no sideways scrolling',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t, {
      viewport: { width: 360, height: 780 },
      initScript: () =>
        localStorage.setItem('friction-lab/settings/v1', JSON.stringify({ model: 'coulomb' })),
    });
    await loadSite(page);
    await waitReady(page);
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    assert.ok(
      layout.scrollWidth <= layout.width,
      `page is ${layout.scrollWidth}px wide in a ${layout.width}px window`,
    );
    await shot(page, 'law-06-phone');
    assert.deepEqual(problems, []);
  },
);

test(
  'a held slider previews each law run (tolerance 1e-7, one row per chart pixel), then the release runs it in full',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);
    await page.selectOption('#model', 'coulomb');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    // The rows: exactly the output grid's (events are located on the solution, not added as rows).
    const rowsOf = () => page.evaluate(() => window.__shownRun.result.columns.t.length);
    assert.equal(await rowsOf(), 2000);
    // Held by the pointer: a change is a preview, on the forces chart's width in rows.
    await page.dispatchEvent('#system-c', 'pointerdown');
    await page.evaluate(() => {
      const input = document.getElementById('system-c');
      input.value = '20';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // (The slider's position maps to c on its own scale: the box beside it says the value.)
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.c ===
          Number(document.getElementById('system-c-number').value) &&
        document.querySelector('#status').textContent ===
          'Preview while dragging (tolerance 1e-7, fewer rows)',
    );
    const c = await summary(page).then((s) => s.system.c);
    assert.notEqual(c, 10);
    const width = await page.evaluate(() => document.getElementById('chart-forces').clientWidth);
    assert.equal(await rowsOf(), Math.max(400, Math.round(width)));
    const preview = await summary(page);
    // Released: the same run in full (tolerance 1e-10, all rows). Coulomb's stick-slip events are located
    // inside the steps, so the preview's period agrees to about its tolerance.
    await page.evaluate(() => dispatchEvent(new PointerEvent('pointerup')));
    await page.waitForFunction(
      () => document.querySelector('#status').textContent === 'Up to date',
    );
    assert.equal(await rowsOf(), 2000);
    const full = await summary(page);
    assert.equal(full.system.c, c);
    assert.equal(preview.tolerance, 1e-7);
    assert.equal(full.tolerance, 1e-10);
    assert.ok(
      Math.abs(preview.period / full.period - 1) < 1e-5,
      `period ${preview.period} vs ${full.period}`,
    );
    // A typed value is never a preview.
    await page.fill('#system-c-number', '25');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.system?.c === 25 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(await rowsOf(), 2000);
    assert.deepEqual(problems, []);
  },
);
