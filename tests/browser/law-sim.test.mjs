// Browser test of the spring-block view driven by a catalog friction law (engine.simulate({ law, … })),
// in Debian's Chromium driven by playwright-core, with the harness of page.test.mjs (harness.mjs):
// served under a sub-path, and every test fails on console errors, page errors and HTTP errors.
// Refused values, saved settings, a phone's width and the drag previews: law-sim-inputs.test.mjs.
// Run: node --test --test-reporter=spec tests/browser/law-sim.test.mjs   (after build-scripts/build.sh)
// Screenshots of each state go to test-results/law-*.png, for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite as load, openPage as open, shot, useSite } from './harness.mjs';
import { renders, summary, text, waitForRun } from './law-sim-support.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();
const openPage = (t, options) => open(site, t, options);
const loadSite = (page) => load(site, page);

// Case C1 (docs/validation.md, "Closed forms: the spring-block"): Coulomb stick-slip in closed
// form. Fs = μs·Fn = 6 N, Fk = μk·Fn = 4 N.
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
    await checkPickerGroups(page);
    await checkLawControls(page);
    await checkC1Readouts(page);
    await checkC1Charts(page);
    const rk4Period = await checkOtherIntegrator(page);
    await checkChartOptions(page);
    await checkReloadKeepsLaw(page, rk4Period);
    await checkBackToSeedModel(page);
    assert.deepEqual(problems, []);
  },
);

/** The picker offers the seed models, then every law, grouped by origin. */
async function checkPickerGroups(page) {
  const groups = await page
    .locator('#model optgroup')
    .evaluateAll((list) => list.map((group) => group.label));
  assert.equal(groups[0], 'Seed models');
  assert.ok(
    groups.length > 2 && groups.slice(1).every((label) => label.startsWith('Friction laws')),
    groups.join(', '),
  );
  assert.equal(await page.locator('#model optgroup >> nth=0').locator('option').count(), 2);
}

/**
 * Coulomb chosen: the seed model's controls are gone; the system, the law (with its origin and
 * citation) and the integrator are shown.
 */
async function checkLawControls(page) {
  await page.selectOption('#model', 'coulomb');
  await waitForRun(page, 'coulomb');
  assert.equal(await page.locator('#params .param').count(), 0);
  assert.equal(await page.locator('#system-section').isVisible(), true);
  assert.equal(await page.locator('#law-section').isVisible(), true);
  assert.match(await text(page, '#law-title'), /Coulomb/);
  assert.equal(await text(page, '#law-origin'), 'Textbook');
  assert.ok((await text(page, '#law-citation')).length > 0);
  assert.equal(await page.inputValue('#integrator'), 'auto');
  for (const key of Object.keys(C1_SYSTEM))
    assert.equal(await page.locator(`#system-${key}-number`).count(), 1, `system control ${key}`);
}

/** Case C1, typed into the boxes: stick-slip at the closed-form period, and every readout shown. */
async function checkC1Readouts(page) {
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
}

/**
 * A law has no θ and no Fk/Fk0: the relative chart shows v/v0 alone. Stick intervals are shaded on
 * both time charts (C1 sticks from 0 to 6 s, then 4 s in every 5.09 s cycle).
 */
async function checkC1Charts(page) {
  // A chart out of view is redrawn (and its legend written) when it comes into view: look at it first.
  await page.locator('#chart-relative').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const chart = globalThis.Chart.getChart('chart-relative');
    const legend = chart.canvas.parentElement.previousElementSibling;
    return legend.querySelectorAll('li').length === chart.data.datasets.length + 1;
  });
  const charts = await chartState(page);
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
  assert.ok(
    charts['chart-relative'].legend.includes('Stuck'),
    charts['chart-relative'].legend.join(' | '),
  );
  await shot(page, 'law-01-coulomb-c1');
}

/** Another integrator: the run updates and says which one ran. Returns its period. */
async function checkOtherIntegrator(page) {
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
  return rk4Period;
}

/** The chart options: position x on the relative chart (right axis), and the phase portrait against x. */
async function checkChartOptions(page) {
  await page.check('#show-position');
  await page.selectOption('#phase-x', 'x');
  const charts = await chartState(page);
  assert.equal(charts['chart-relative'].datasets.length, 2);
  assert.equal(charts['chart-relative'].y2, true);
  assert.equal(charts['chart-phase'].xTitle, 'x [m]');
  assert.ok(charts['chart-phase'].datasets[0].points > 100);
  await shot(page, 'law-02-rk4-position');
}

/** A reload keeps the law, its values, the system, the integrator and the chart options. */
async function checkReloadKeepsLaw(page, rk4Period) {
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
}

/** Back to a seed model: its own controls, no law readouts; its rest phases are shaded too. */
async function checkBackToSeedModel(page) {
  await page.selectOption('#model', 'state-variable');
  await page.waitForFunction(
    () =>
      window.__lastSummary?.model === 'state-variable' &&
      document.querySelector('#status').dataset.state === 'ready',
  );
  assert.equal(await page.locator('#system-section').isVisible(), false);
  assert.equal(await page.locator('#period').isVisible(), false);
  assert.ok((await page.locator('#params .param').count()) > 0);
  const charts = await chartState(page);
  assert.equal(charts['chart-relative'].datasets.length, 4, 'v/v0, θ, Fk/Fk0 and x');
  assert.ok(charts['chart-relative'].stuck.length > 0, "the seed model's rest phases are shaded");
  await shot(page, 'law-04-seed-model-shaded');
}

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
