// Browser test of the spring-block view driven by a catalog friction law (engine.simulate({ law, … })),
// in Debian's Chromium driven by playwright-core, with the harness of page.test.mjs (harness.mjs):
// served under a sub-path, and every test fails on console errors, page errors and HTTP errors.
// Run: node --test --test-reporter=spec tests/browser/law-sim.test.mjs   (after build-scripts/build.sh)
// Screenshots of each state go to test-results/law-*.png, for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite as load, openPage as open, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();
const openPage = (t, options) => open(site, t, options);
const loadSite = (page) => load(site, page);

const text = (page, selector) => page.locator(selector).textContent();
const summary = (page) => page.evaluate(() => window.__lastSummary);
const renders = (page) => page.evaluate(() => window.__renders);

// physics-checks.md §1, case C1: Coulomb stick-slip in closed form. Fs = μs·Fn = 6 N, Fk = μk·Fn = 4 N.
const C1_SYSTEM = { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 };
const C1_LAW = { mu_s: 0.6, mu_k: 0.4 };
const C1_PERIOD = 5.09263777; // s

/** The spring-block charts as drawn: per chart its datasets (label, point count), the y2 axis and the shaded intervals. */
function chartState(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      ['chart-relative', 'chart-forces', 'chart-phase'].map((id) => {
        const chart = globalThis.Chart.getChart(id);
        return [
          id,
          {
            datasets: chart.data.datasets.map((dataset) => ({
              label: dataset.label,
              points: dataset.data.length,
            })),
            // The legend as the page shows it: the list before the chart's box (charts/html-legend.js).
            legend: [
              ...(chart.canvas.parentElement.previousElementSibling?.querySelectorAll(
                '.chart-legend li',
              ) ?? []),
            ].map((item) => item.textContent),
            stuck: chart.options.plugins.stuckShading?.intervals ?? [],
            y2: chart.options.scales.y2?.display ?? false,
            xTitle: chart.options.scales.x.title.text,
          },
        ];
      }),
    ),
  );
}

/** Waits for a result of law `law` whose resolved values include `system` and `params`, and the page ready. */
async function waitForRun(page, law, { system = {}, params = {}, integrator, after = 0 } = {}) {
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

/** The number shown in the Period readout, e.g. "5.0926 s" -> 5.0926. */
async function shownPeriod(page) {
  const shown = await text(page, '#period');
  const match = shown.match(/^([\d.]+) s$/);
  assert.ok(match, `the period readout "${shown}" is a number of seconds`);
  return Number(match[1]);
}

test(
  'a law drives the block: Coulomb case C1 gives stick-slip with the closed-form period, the integrator can change, and a reload keeps it all',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);

    // The picker offers the seed models, then every law, grouped by origin.
    const groups = await page
      .locator('#model optgroup')
      .evaluateAll((list) => list.map((group) => group.label));
    assert.equal(groups[0], 'Seed models');
    assert.ok(
      groups.length > 2 && groups.slice(1).every((label) => label.startsWith('Friction laws')),
      groups.join(', '),
    );
    assert.equal(await page.locator('#model optgroup >> nth=0').locator('option').count(), 2);

    await page.selectOption('#model', 'coulomb');
    await waitForRun(page, 'coulomb');
    // The seed model's controls are gone; the system, the law (with its origin and citation) and the integrator are shown.
    assert.equal(await page.locator('#params .param').count(), 0);
    assert.equal(await page.locator('#system-section').isVisible(), true);
    assert.equal(await page.locator('#law-section').isVisible(), true);
    assert.match(await text(page, '#law-title'), /Coulomb/);
    assert.equal(await text(page, '#law-origin'), 'Textbook');
    assert.ok((await text(page, '#law-citation')).length > 0);
    assert.equal(await page.inputValue('#integrator'), 'auto');
    for (const key of Object.keys(C1_SYSTEM))
      assert.equal(await page.locator(`#system-${key}-number`).count(), 1, `system control ${key}`);

    // Case C1, typed into the boxes.
    for (const [key, value] of Object.entries(C1_SYSTEM))
      await page.fill(`#system-${key}-number`, String(value));
    for (const [key, value] of Object.entries(C1_LAW))
      await page.fill(`#spring-law-${key}-number`, String(value));
    await waitForRun(page, 'coulomb', { system: C1_SYSTEM, params: C1_LAW });

    assert.equal(await text(page, '#regime'), 'Stick-slip');
    assert.equal(await page.getAttribute('#regime', 'data-regime'), 'stick-slip');
    const period = await shownPeriod(page);
    assert.equal(
      period.toPrecision(4),
      C1_PERIOD.toPrecision(4),
      `period ${period} s, closed form ${C1_PERIOD} s`,
    );
    for (const id of ['#peak-velocity', '#energy-residual', '#integrator-used']) {
      assert.equal(await page.locator(id).isVisible(), true, `${id} is shown`);
      assert.ok((await text(page, id)).length > 1, `${id} has a value`);
    }
    assert.match(await text(page, '#integrator-used'), /\d steps/);

    // A law has no θ and no Fk/Fk0: the relative chart shows v/v0 alone. Stick intervals are shaded
    // on both time charts (C1 sticks from 0 to 6 s, then 4 s in every 5.09 s cycle).
    let charts = await chartState(page);
    assert.deepEqual(
      charts['chart-relative'].datasets.map((dataset) => dataset.label),
      ['v/v0'],
    );
    // Friction, drive force and C1's static limit μs·N, each named for what it is.
    assert.deepEqual(
      charts['chart-forces'].datasets.map((dataset) => dataset.label),
      ['Friction force', 'Drive force (spring + dashpot)', 'Static limit'],
    );
    assert.equal(charts['chart-phase'].datasets.length, 1);
    // Every series has a point per row, but the static limit, a constant μs·N, drawn by the ends of its run.
    for (const chart of Object.values(charts)) {
      for (const dataset of chart.datasets) {
        if (dataset.label === 'Static limit') assert.equal(dataset.points, 2);
        else assert.ok(dataset.points > 100, `${dataset.label} has ${dataset.points} points`);
      }
    }
    const stuck = (await summary(page)).stickIntervals;
    assert.ok(stuck.length >= 5, `${stuck.length} stick intervals`);
    assert.deepEqual(charts['chart-relative'].stuck, stuck);
    assert.deepEqual(charts['chart-forces'].stuck, stuck);
    assert.ok(charts['chart-relative'].legend.includes('Stuck'));
    await shot(page, 'law-01-coulomb-c1');

    // Another integrator: the run updates and says which one ran.
    const before = await renders(page);
    await page.selectOption('#integrator', 'rk4');
    await waitForRun(page, 'coulomb', { system: C1_SYSTEM, integrator: 'rk4', after: before });
    const rk4Name = await page.locator('#integrator option[value="rk4"]').textContent();
    assert.ok(
      (await text(page, '#integrator-used')).startsWith(rk4Name),
      await text(page, '#integrator-used'),
    );
    assert.ok((await text(page, '#integrator-description')).length > 0);
    assert.equal(await text(page, '#regime'), 'Stick-slip');
    const rk4Period = await shownPeriod(page);
    assert.ok(Math.abs(rk4Period - C1_PERIOD) < 1e-2 * C1_PERIOD, `rk4 period ${rk4Period} s`);

    // The chart options: position x on the relative chart (right axis), and the phase portrait against x.
    await page.check('#show-position');
    await page.selectOption('#phase-x', 'x');
    charts = await chartState(page);
    assert.equal(charts['chart-relative'].datasets.length, 2);
    assert.equal(charts['chart-relative'].y2, true);
    assert.equal(charts['chart-phase'].xTitle, 'x [m]');
    assert.ok(charts['chart-phase'].datasets[0].points > 100);
    await shot(page, 'law-02-rk4-position');

    // A reload keeps the law, its values, the system, the integrator and the chart options.
    await page.reload();
    await waitForRun(page, 'coulomb', { system: C1_SYSTEM, params: C1_LAW, integrator: 'rk4' });
    assert.equal(await page.inputValue('#model'), 'coulomb');
    assert.equal(await page.inputValue('#integrator'), 'rk4');
    assert.equal(await page.inputValue('#system-c-number'), '10');
    assert.equal(await page.inputValue('#spring-law-mu_k-number'), '0.4');
    assert.equal(await page.isChecked('#show-position'), true);
    assert.equal(await page.inputValue('#phase-x'), 'x');
    assert.equal(await shownPeriod(page), rk4Period);
    await shot(page, 'law-03-after-reload');

    // Back to a seed model: its own controls, no law readouts; its rest phases are shaded too.
    await page.selectOption('#model', 'state-variable');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.model === 'state-variable' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.equal(await page.locator('#system-section').isVisible(), false);
    assert.equal(await page.locator('#period').isVisible(), false);
    assert.ok((await page.locator('#params .param').count()) > 0);
    charts = await chartState(page);
    assert.equal(charts['chart-relative'].datasets.length, 4, 'v/v0, θ, Fk/Fk0 and x');
    assert.ok(charts['chart-relative'].stuck.length > 0, "the seed model's rest phases are shaded");
    await shot(page, 'law-04-seed-model-shaded');

    assert.deepEqual(problems, []);
  },
);

test(
  "a steep law: auto runs Radau, and a fixed step beyond the law's stability limit is flagged beside the results",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(t);
    await loadSite(page);
    await page.selectOption('#model', 'drake-stribeck');
    await page.fill('#system-duration-number', '2');
    await waitForRun(page, 'drake-stribeck', { system: { duration: 2 }, integrator: 'radau' });
    const radauName = await page.locator('#integrator option[value="radau"]').textContent();
    assert.ok(
      (await text(page, '#integrator-used')).startsWith(radauName),
      await text(page, '#integrator-used'),
    );
    assert.equal(await page.locator('#run-info .run-warning').count(), 0);

    const before = await renders(page);
    await page.selectOption('#integrator', 'semi-implicit-euler');
    await waitForRun(page, 'drake-stribeck', { integrator: 'semi-implicit-euler', after: before });
    const warning = page.locator('#run-info .run-warning');
    assert.equal(await warning.count(), 1);
    assert.match(await warning.textContent(), /stability limit/);
    await shot(page, 'law-05-stability-warning');
    assert.deepEqual(problems, []);
  },
);

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
    // The rows: the output grid's, plus one at each located stick or slip event.
    const rowsOf = () =>
      page.evaluate(
        () => window.__shownRun.result.columns.t.length - window.__lastSummary.events.length,
      );
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
