// Browser test of the law explorer view of the built site (dist/), in Debian's Chromium driven by
// playwright-core, with the harness of page.test.mjs (harness.mjs): served under a sub-path, and
// every test fails on console errors, page errors and HTTP errors.
// Run: node --test --test-reporter=spec tests/browser/explorer.test.mjs   (after build-scripts/build.sh)
// Screenshots of each state go to test-results/explorer-*.png, for a person to look at.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  loadSite,
  openPage,
  pressKeys,
  shot,
  useSite,
  waitReady,
  waitExplorer,
} from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

/** The chart as the page drew it: x scale type, and per dataset its label and points. */
function chartState(page) {
  return page.evaluate(() => {
    const chart = globalThis.Chart.getChart('chart-laws');
    return {
      xType: chart.options.scales.x.type,
      yTitle: chart.options.scales.y.title.text,
      // The legend as the page shows it: the list before the chart's box (charts/html-legend.js).
      legend: [
        ...(chart.canvas.parentElement.previousElementSibling?.querySelectorAll('li') ?? []),
      ].map((item) => item.textContent),
      datasets: chart.data.datasets.map((dataset) => ({
        label: dataset.label,
        points: dataset.data.map(({ x, y }) => [x, y]),
      })),
    };
  });
}
const lawRenders = (page) => page.evaluate(() => window.__lawRenders);
const cardIds = (page) =>
  page.locator('.law-card').evaluateAll((cards) => cards.map((card) => card.dataset.law));
const cardNames = (page) => page.locator('.law-card .law-name').allTextContents();
/** y at the point nearest to v (curves are sampled, so exact v values may not be present). */
function yNear(points, v) {
  return points.reduce((best, point) =>
    Math.abs(point[0] - v) < Math.abs(best[0] - v) ? point : best,
  )[1];
}

/** Opens the page and switches to the explorer with a click on its tab. */
async function openExplorer(t, options) {
  const { page, problems } = await openPage(site, t, options);
  await loadSite(site, page);
  await page.click('#tab-explorer');
  await waitExplorer(page);
  return { page, problems };
}

test(
  'the explorer overlays the chosen laws, follows a parameter, adds a law with lists, goes log, and remembers',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openExplorer(t);
    assert.equal(await page.getAttribute('#tab-explorer', 'aria-selected'), 'true');
    assert.equal(await page.getAttribute('#tab-spring', 'aria-selected'), 'false');
    assert.equal(await page.locator('#view-explorer').isVisible(), true);
    assert.equal(await page.locator('#view-spring').isVisible(), false);
    const drake0 = await checkTwoDefaultLaws(page);
    const muk1 = await checkKeyboardFollows(page, drake0);
    await checkThirdLawWithLists(page);
    await checkLogAxis(page);
    await checkReloadRestores(page, muk1);
    assert.deepEqual(problems, []);
  },
);

/**
 * Two laws by default, one dataset each, named in the legend as on the cards. The default range
 * straddles v = 0, where Drake's μ drops to 0 and Coulomb's does not. Returns Drake's points.
 */
async function checkTwoDefaultLaws(page) {
  assert.deepEqual(await cardIds(page), ['coulomb', 'drake-stribeck']);
  const names = await cardNames(page);
  const chart = await chartState(page);
  assert.equal(chart.xType, 'linear');
  assert.deepEqual(
    chart.datasets.map((dataset) => dataset.label),
    names,
  );
  assert.deepEqual(chart.legend, names);
  for (const { label, points } of chart.datasets)
    assert.ok(points.length > 100, `${label} has ${points.length} points`);
  const [coulomb0, drake0] = chart.datasets.map((dataset) => dataset.points);
  assert.ok(coulomb0.some(([v]) => v < 0) && coulomb0.some(([v]) => v > 0));
  assert.equal(yNear(drake0, 0), 0);
  assert.equal(
    yNear(drake0, 0.1),
    Number(await page.inputValue('#law-drake-stribeck-dynamic_friction-number')),
  );
  const muk0 = Number(await page.inputValue('#law-coulomb-mu_k-number'));
  assert.equal(yNear(coulomb0, 0.1), muk0);
  await shot(page, 'explorer-01-two-laws');
  return drake0;
}

/**
 * The keyboard moves Coulomb's μk down: its curve follows, Drake's stays exactly as it was
 * (`drake0`). Returns the new μk.
 */
async function checkKeyboardFollows(page, drake0) {
  const muk0 = Number(await page.inputValue('#law-coulomb-mu_k-number'));
  const before = await lawRenders(page);
  await pressKeys(page, '#law-coulomb-mu_k', 'ArrowLeft', 5);
  await page.waitForFunction(
    (old) => Number(document.querySelector('#law-coulomb-mu_k-number').value) < old,
    muk0,
  );
  await waitExplorer(page, { after: before });
  await page.waitForFunction(
    (muk) => {
      const [coulomb] = globalThis.Chart.getChart('chart-laws').data.datasets;
      return coulomb.data.some(({ x, y }) => x > 0.05 && Math.abs(y - muk) < 1e-12);
    },
    Number(await page.inputValue('#law-coulomb-mu_k-number')),
  );
  const muk1 = Number(await page.inputValue('#law-coulomb-mu_k-number'));
  assert.ok(muk1 < muk0, `μk went from ${muk0} to ${muk1}`);
  const chart = await chartState(page);
  assert.equal(yNear(chart.datasets[0].points, 0.1), muk1);
  assert.deepEqual(chart.datasets[1].points, drake0, "Drake's curve is unchanged");
  await shot(page, 'explorer-02-coulomb-muk-lowered');
  return muk1;
}

/**
 * Add a third law and give it three points: two lists, edited by typing. Three velocities against
 * four coefficients: the engine refuses, beside the list it names, and the chart keeps the last
 * good curves, dimmed; three of each draw.
 */
async function checkThirdLawWithLists(page) {
  assert.equal(
    await page.locator('#law-add option[value="coulomb"]').count(),
    0,
    'a shown law is not offered again',
  );
  let before = await lawRenders(page);
  await page.selectOption('#law-add', 'opensees-veldepmultilinear');
  await page.click('#law-add-button');
  await waitExplorer(page, { after: before });
  assert.deepEqual(await cardIds(page), [
    'coulomb',
    'drake-stribeck',
    'opensees-veldepmultilinear',
  ]);
  assert.equal((await chartState(page)).datasets.length, 3);

  const good = await chartState(page);
  await page.fill('#law-opensees-veldepmultilinear-vel', '0, 1, 5');
  await waitExplorer(page, { expect: 'error' });
  const listErrors = await page
    .locator('#law-card-opensees-veldepmultilinear .param-error')
    .allTextContents();
  assert.ok(
    listErrors.some((message) => /vel|frn/.test(message)),
    `the card shows why: ${listErrors.join(' | ')}`,
  );
  assert.equal(await page.locator('#law-card-coulomb [role="alert"]:not(:empty)').count(), 0);
  assert.deepEqual(await chartState(page), good);
  assert.match(await page.getAttribute('#explorer-results', 'class'), /is-stale/);
  await shot(page, 'explorer-03-list-refused');

  before = await lawRenders(page);
  await page.fill('#law-opensees-veldepmultilinear-frn', '0.1, 0.2, 0.2');
  await waitExplorer(page, { after: before });
  assert.equal(
    await page.locator('#law-card-opensees-veldepmultilinear [role="alert"]:not(:empty)').count(),
    0,
  );
  assert.doesNotMatch(await page.getAttribute('#explorer-results', 'class'), /is-stale/);
  const chart = await chartState(page);
  assert.equal(chart.datasets.length, 3);
  assert.deepEqual(chart.legend, await cardNames(page));
  // μ through (0, 0.1), (1, 0.2), (5, 0.2): 0.1 at rest, 0.12 at |v| = 0.2 m/s, on both sides.
  const multi = chart.datasets[2].points;
  assert.ok(Math.abs(yNear(multi, 0) - 0.1) < 1e-12, `μ(0) = ${yNear(multi, 0)}`);
  assert.ok(Math.abs(yNear(multi, 0.2) - 0.12) < 1e-12, `μ(0.2) = ${yNear(multi, 0.2)}`);
  assert.ok(Math.abs(yNear(multi, -0.2) - 0.12) < 1e-12, `μ(−0.2) = ${yNear(multi, -0.2)}`);
  await shot(page, 'explorer-04-three-laws');
}

/** Logarithmic axis: its own range (1e-6 … 1 m/s), and Drake's stiction ramp shows as a curve. */
async function checkLogAxis(page) {
  const before = await lawRenders(page);
  await page.check('input[name="scale"][value="log"]');
  await waitExplorer(page, { after: before });
  const chart = await chartState(page);
  assert.equal(chart.xType, 'logarithmic');
  assert.equal(Number(await page.inputValue('#ex-vMin')), 1e-6);
  assert.equal(chart.datasets.length, 3);
  for (const { points } of chart.datasets) assert.ok(points.every(([v]) => v > 0));
  const muS = Number(await page.inputValue('#law-drake-stribeck-static_friction-number'));
  const ramp = chart.datasets[1].points.filter(([, mu]) => mu > 0.05 * muS && mu < 0.95 * muS);
  assert.ok(ramp.length >= 10, `Drake's ramp to μs has ${ramp.length} points on the log axis`);
  await shot(page, 'explorer-05-log-axis');
}

/** A reload restores the view, the laws in order, their values (Coulomb's μk: `muk1`) and the axis. */
async function checkReloadRestores(page, muk1) {
  const shown = await chartState(page);
  await page.reload();
  await waitReady(page);
  await waitExplorer(page);
  assert.equal(await page.getAttribute('#tab-explorer', 'aria-selected'), 'true');
  assert.deepEqual(await cardIds(page), [
    'coulomb',
    'drake-stribeck',
    'opensees-veldepmultilinear',
  ]);
  assert.equal(Number(await page.inputValue('#law-coulomb-mu_k-number')), muk1);
  assert.equal(await page.inputValue('#law-opensees-veldepmultilinear-vel'), '0, 1, 5');
  assert.equal(await page.inputValue('#law-opensees-veldepmultilinear-frn'), '0.1, 0.2, 0.2');
  assert.equal(await page.isChecked('input[name="scale"][value="log"]'), true);
  assert.deepEqual(await chartState(page), shown);
  await shot(page, 'explorer-06-after-reload');
}

test(
  'explorer inputs: F(v) follows N, a refused range is explained beside its box, and removing a law frees its slot',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openExplorer(t);

    // F(v) = μ·N, in newtons, signed like v.
    await page.check('input[name="quantity"][value="force"]');
    await page.waitForFunction(() =>
      globalThis.Chart.getChart('chart-laws').options.scales.y.title.text.includes('[N]'),
    );
    const N0 = Number(await page.inputValue('#ex-N'));
    const muk = Number(await page.inputValue('#law-coulomb-mu_k-number'));
    let chart = await chartState(page);
    assert.ok(Math.abs(yNear(chart.datasets[0].points, 0.1) - muk * N0) < 1e-9);
    assert.ok(Math.abs(yNear(chart.datasets[0].points, -0.1) + muk * N0) < 1e-9);
    let before = await lawRenders(page);
    await page.fill('#ex-N', String(2 * N0));
    await waitExplorer(page, { after: before });
    chart = await chartState(page);
    assert.ok(Math.abs(yNear(chart.datasets[0].points, 0.1) - 2 * muk * N0) < 1e-9);

    // vMin above vMax: the engine's message sits with the range boxes and the curves stay.
    const good = await chartState(page);
    await page.fill('#ex-vMin', '0.5');
    await waitExplorer(page, { expect: 'error' });
    const rangeErrors = (
      await page.locator('#ex-vMin-error, #ex-vMax-error').allTextContents()
    ).join(' ');
    assert.match(rangeErrors, /vMin|vMax/);
    assert.deepEqual(await chartState(page), good);
    await shot(page, 'explorer-07-force-refused-range');
    before = await lawRenders(page);
    await page.fill('#ex-vMin', '-0.5');
    await waitExplorer(page, { after: before });
    assert.equal(
      (await page.locator('#ex-vMin-error, #ex-vMax-error').allTextContents()).join(''),
      '',
    );
    assert.ok((await chartState(page)).datasets[0].points[0][0] <= -0.5 + 1e-12);

    // Fill all four slots, then the picker is disabled until a law is removed.
    for (const id of ['radioss-renard', 'opensees-veldependent']) {
      before = await lawRenders(page);
      await page.selectOption('#law-add', id);
      await page.click('#law-add-button');
      await waitExplorer(page, { after: before });
    }
    assert.equal((await chartState(page)).datasets.length, 4);
    assert.equal(await page.isDisabled('#law-add-button'), true);
    // An integer switch (Radioss Iform, 1 or 2) moves in whole steps, on the slider and in its box.
    assert.equal(await page.getAttribute('#law-radioss-renard-Iform', 'step'), '1');
    assert.equal(await page.getAttribute('#law-radioss-renard-Iform-number', 'step'), '1');
    before = await lawRenders(page);
    await pressKeys(page, '#law-radioss-renard-Iform', 'ArrowRight', 2);
    await waitExplorer(page, { after: before });
    assert.equal(await page.inputValue('#law-radioss-renard-Iform-number'), '2');
    await shot(page, 'explorer-08-four-laws');
    before = await lawRenders(page);
    await page.click('#law-card-drake-stribeck .law-remove');
    await waitExplorer(page, { after: before });
    assert.deepEqual(await cardIds(page), ['coulomb', 'radioss-renard', 'opensees-veldependent']);
    assert.deepEqual((await chartState(page)).legend, await cardNames(page));
    assert.equal(await page.isDisabled('#law-add-button'), false);

    // The tabs follow the arrow keys, and the spring-block view, first drawn while hidden, has its charts.
    await page.reload();
    await waitReady(page);
    await waitExplorer(page);
    await page.focus('#tab-explorer');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.getAttribute('#tab-spring', 'aria-selected'), 'true');
    assert.equal(await page.locator('#view-spring').isVisible(), true);
    await page.waitForFunction(() => globalThis.Chart.getChart('chart-relative').width > 100);
    await shot(page, 'explorer-09-back-to-spring');

    assert.deepEqual(problems, []);
  },
);

test(
  'settings saved before the explorer existed still load, and the explorer starts from its defaults',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, {
      initScript: () => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem(
            'friction-lab/settings/v1',
            JSON.stringify({ model: 'state-variable', overrides: { 'state-variable': { m: 2 } } }),
          );
        }
      },
    });
    await loadSite(site, page);
    assert.equal(await page.locator('#notice').isVisible(), false);
    assert.equal(await page.inputValue('#model'), 'state-variable');
    assert.equal(await page.inputValue('#param-m-number'), '2');
    await page.click('#tab-explorer');
    await waitExplorer(page);
    assert.deepEqual(await cardIds(page), ['coulomb', 'drake-stribeck']);
    assert.equal(await page.isChecked('input[name="scale"][value="linear"]'), true);
    assert.deepEqual(problems, []);
  },
);

test(
  'on a 360 px phone the explorer has no sideways scrolling',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openExplorer(t, { viewport: { width: 360, height: 780 } });
    const layout = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    assert.ok(
      layout.scrollWidth <= layout.width,
      `page is ${layout.scrollWidth}px wide in a ${layout.width}px window`,
    );
    await shot(page, 'explorer-10-phone');
    assert.deepEqual(problems, []);
  },
);

test(
  'an OpenSees slider keeps its friendly span while its box takes any value OpenSees accepts',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openExplorer(t);
    let before = await lawRenders(page);
    await page.selectOption('#law-add', 'opensees-velpressuredep');
    await page.click('#law-add-button');
    await waitExplorer(page, { after: before });
    // The slider spans the catalog's friendly span (sliderMin … sliderMax: −1 … 1), not the unbounded
    // range OpenSees accepts (VelPressureDep.cpp checks no alpha).
    assert.equal(Number(await page.getAttribute('#law-opensees-velpressuredep-alpha', 'min')), -1);
    assert.equal(Number(await page.getAttribute('#law-opensees-velpressuredep-alpha', 'max')), 1);
    // alpha = 2, beyond the slider and refused by a ±1 range of ours before: drawn, no error.
    before = await lawRenders(page);
    await page.fill('#law-opensees-velpressuredep-alpha-number', '2');
    await waitExplorer(page, { after: before });
    assert.equal(
      await page.locator('#law-card-opensees-velpressuredep [role="alert"]:not(:empty)').count(),
      0,
    );
    // A = 0 is what OpenSees exits on (VelPressureDep.cpp:101): refused beside the box, in words.
    await page.fill('#law-opensees-velpressuredep-A-number', '0');
    await waitExplorer(page, { expect: 'error' });
    const errors = (
      await page.locator('#law-card-opensees-velpressuredep .param-error').allTextContents()
    ).join(' ');
    assert.match(errors, /A must be greater than 0 m²; got 0 m²/);
    assert.deepEqual(problems, []);
  },
);
