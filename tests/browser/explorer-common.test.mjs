// Browser test of the law explorer's "common coefficients" switch and its CSV of every curve, on the
// built site (dist/) in Debian's Chromium driven by playwright-core (harness.mjs): every law's
// parameters with a role in the engine's catalog follow one μs, μk, stiction speed vs and the normal
// force N, checked against closed forms; the note names what could not be mapped; a refused common
// value is shown beside its input; the switch survives a reload and travels in the link; the CSV
// parses with one header block per law. Screenshots: test-results/explorer-common-*.png.
// Run: node --test --test-reporter=spec tests/browser/explorer-common.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadExplorer } from '../../web/js/state/explorer-slice.js';
import {
  axeViolations,
  loadSite,
  openPage,
  shot,
  useSite,
  waitReady,
  waitExplorer,
} from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();

const lawRenders = (page) => page.evaluate(() => window.__lawRenders);

/** Each dataset's label and points [v, y], in slot order. */
function datasets(page) {
  return page.evaluate(() =>
    globalThis.Chart.getChart('chart-laws').data.datasets.map((dataset) => ({
      label: dataset.label,
      points: dataset.data.map(({ x, y }) => [x, y]),
    })),
  );
}

/** Does `action` and waits for the explorer to draw again. */
async function redrawn(page, action, options) {
  const before = await lawRenders(page);
  await action();
  await waitExplorer(page, { after: before, ...options });
}

async function addLaw(page, id) {
  await redrawn(page, async () => {
    await page.selectOption('#law-add', id);
    await page.click('#law-add-button');
  });
}

const number = async (page, selector) => Number(await page.inputValue(selector));

async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** The control of law `law`'s parameter `key` on its card: the number box, its state and its "from …" badge. */
async function cardParam(page, law, key) {
  const box = page.locator(`#law-${law}-${key}-number`);
  const badge = page.locator(`#law-card-${law} .param[data-key="${key}"] .param-driven`);
  return {
    value: Number(await box.inputValue()),
    disabled: await box.isDisabled(),
    rangeDisabled: await page.locator(`#law-${law}-${key}`).isDisabled(),
    from: (await badge.count()) > 0 ? await badge.textContent() : null,
  };
}

test(
  'common coefficients drive every overlaid law, agree with the closed forms, name what is unmapped, ' +
    'export as CSV and survive a reload and the link',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    await page.click('#tab-explorer');
    await waitExplorer(page);
    assert.equal(await page.isChecked('#ex-common'), false, 'off by default');
    assert.equal(
      await page.isDisabled('#ex-muS'),
      true,
      'the common values drive nothing while off',
    );

    // A value of Drake's own, set before the switch: it must come back when the switch goes off.
    await redrawn(page, () => page.fill('#law-drake-stribeck-static_friction-number', '0.85'));
    await addLaw(page, 'lugre');
    await addLaw(page, 'opensees-veldepmultilinear');

    await redrawn(page, () => page.check('#ex-common'));
    const common = {
      muS: await number(page, '#ex-muS'),
      muK: await number(page, '#ex-muK'),
      vS: await number(page, '#ex-vS'),
      N: await number(page, '#ex-N'),
    };
    assert.deepEqual(Object.values(common), [0.6, 0.4, 1e-3, 10], 'the defaults');
    await checkDrivenCards(page, common);
    await checkMuClosedForms(page, common);
    const sigma2 = await checkForceClosedForms(page, common);
    await shot(page, 'explorer-common-1366');
    await checkCsv(page, common, sigma2);
    await checkRefusedCommonValue(page);
    assert.deepEqual(await axeViolations(page), []);
    await checkReload(page, common);
    await checkLink(t, page.url());
    await checkSwitchedOff(page, common);
    assert.deepEqual(problems, []);
  },
);

/** Drake's and Coulomb's μ above 3 vs (where Drake's μ is μd = μk). */
const fastPoints = (points, vS) => points.filter(([v]) => Math.abs(v) > 3 * vS * (1 + 1e-9));

/**
 * The cards show the driven parameters: disabled, with the common value and its source; parameters
 * without a role keep their own values, enabled. The note names the laws, or what of them, the
 * common values could not set: not Drake or LuGre.
 */
async function checkDrivenCards(page, { muS, muK, vS, N }) {
  const driven = {
    coulomb: { mu_s: [muS, 'from μs'], mu_k: [muK, 'from μk'] },
    'drake-stribeck': {
      static_friction: [muS, 'from μs'],
      dynamic_friction: [muK, 'from μk'],
      stiction_tolerance: [vS, 'from vs'],
    },
    lugre: { Fs: [muS * N, 'from μs·N'], Fc: [muK * N, 'from μk·N'], vs: [vS, 'from vs'] },
  };
  for (const [law, params] of Object.entries(driven)) {
    for (const [key, [value, from]] of Object.entries(params)) {
      assert.deepEqual(
        await cardParam(page, law, key),
        { value, disabled: true, rangeDisabled: true, from },
        `${law}.${key}`,
      );
    }
  }
  assert.deepEqual(await cardParam(page, 'lugre', 'sigma2'), {
    value: 0.4,
    disabled: false,
    rangeDisabled: false,
    from: null,
  });
  assert.equal(
    await page.locator('#law-card-opensees-veldepmultilinear .param.is-driven').count(),
    0,
  );
  const note = await page.locator('#ex-common-note').textContent();
  assert.match(note, /OpenSees VelDepMultiLinear: Not mapped: μ is a table of points/);
  assert.match(note, /Coulomb \(static and kinetic\): No stiction speed/);
  assert.doesNotMatch(note, /Drake|LuGre/);
}

/**
 * Closed form: above 3 vs Drake's μ is μd = μk, and Coulomb's is μk wherever v ≠ 0: the curves
 * agree; Drake peaks at μs (its μ at vs is μs, as step5(1) = 1), while Coulomb's static limit is μs
 * at v = 0.
 */
async function checkMuClosedForms(page, { muS, muK, vS }) {
  const [coulomb, drake] = await datasets(page);
  const fast = (points) => fastPoints(points, vS);
  assert.ok(fast(drake.points).length > 700, `${fast(drake.points).length} points above 3 vs`);
  assert.deepEqual(
    fast(drake.points).map(([, mu]) => mu),
    fast(drake.points).map(() => muK),
  );
  assert.deepEqual(fast(coulomb.points), fast(drake.points));
  assert.ok(Math.max(...drake.points.map(([, mu]) => mu)) <= muS * (1 + 1e-12));
  assert.equal(coulomb.points.find(([v]) => v === 0)?.[1], muS);
}

/**
 * Closed form: LuGre's steady force is F_ss = Fc + (Fs − Fc) e^(−(v/vs)²) + σ2 v, so above 10 vs
 * (e^(−100)) it is μk·N + σ2·v, signed like v; Drake's above 3 vs is μk·N. Returns LuGre's σ2.
 */
async function checkForceClosedForms(page, { muK, vS, N }) {
  await redrawn(page, () => page.check('input[name="quantity"][value="force"]'));
  const [, drake, lugre] = await datasets(page);
  const sigma2 = await number(page, '#law-lugre-sigma2-number');
  const far = lugre.points.filter(([v]) => Math.abs(v) >= 10 * vS);
  assert.ok(far.length > 700);
  for (const [v, force] of far) {
    const expected = Math.sign(v) * (muK * N + sigma2 * Math.abs(v));
    assert.ok(
      Math.abs(force - expected) <= 1e-12 * muK * N,
      `LuGre F(${v}) = ${force}, F_ss = ${expected}`,
    );
  }
  for (const [v, force] of fastPoints(drake.points, vS))
    assert.ok(Math.abs(force - Math.sign(v) * muK * N) <= 1e-12, `Drake F(${v})`);
  return sigma2;
}

/** The CSV: a header block, one block per law, then v and each law's mu and force, one row per sample. */
async function checkCsv(page, { muK, N }, sigma2) {
  const [coulomb] = await datasets(page);
  const { name, text } = await download(page, '#export-csv-laws');
  assert.equal(name, 'friction-lab-laws.csv');
  const lines = text.trimEnd().split('\n');
  const header = lines.filter((line) => line.startsWith('#'));
  assert.match(header[0], /^# Friction Lab engine \d+\.\d+\.\d+$/);
  for (const line of [
    '# quantity on the chart: force [N]',
    '# scale: linear',
    '# range: -0.2 to 0.2 m/s',
    '# N, 10, N',
    '# p, 0, Pa',
    '# theta, steady state, -',
    '# common coefficients: on, mu_s 0.6, mu_k 0.4, v_s 0.001 m/s',
  ]) {
    assert.ok(header.includes(line), `${line} in the header`);
  }
  const ids = ['coulomb', 'drake-stribeck', 'lugre', 'opensees-veldepmultilinear'];
  const blocks = header.filter((line) => /^# law \d+: /.test(line));
  assert.equal(blocks.length, 4, 'one header block per law');
  ids.forEach((id, index) =>
    assert.match(blocks[index], new RegExp(`^# law ${index + 1}: ${id} \\(.+\\), origin \\S`)),
  );
  assert.ok(header.includes('# law 2 static_friction, 0.6, -, common μs'));
  assert.ok(header.includes('# law 2 stiction_tolerance, 0.001, m/s, common vs'));
  assert.ok(header.includes('# law 3 Fc, 4, N, common μk·N'));
  assert.ok(header.includes('# law 3 sigma2, 0.4, N·s/m, default'));
  assert.ok(header.includes('# law 4 vel, "[0,2,8,10]", m/s, default'));
  const data = lines.filter((line) => !line.startsWith('#'));
  const columns = data[0].split(',');
  assert.deepEqual(columns, [
    'v [m/s]',
    ...ids.flatMap((id) => [`mu ${id} [-]`, `force ${id} [N]`]),
  ]);
  const rows = data.slice(1).map((line) => line.split(','));
  assert.equal(rows.length, coulomb.points.length, 'one row per velocity sample');
  for (const row of rows) assert.equal(row.length, columns.length);
  assert.deepEqual(
    rows.map((row) => Number(row[0])),
    coulomb.points.map(([v]) => v),
  );
  const last = rows.at(-1).map(Number);
  assert.equal(last[0], 0.2);
  assert.equal(last[1], muK); // Coulomb's μ
  assert.equal(last[4], muK * N); // Drake's force
  assert.ok(Math.abs(last[6] - (muK * N + sigma2 * 0.2)) <= 1e-12); // LuGre's force
  assert.equal(rows.at(-1)[5], '', 'LuGre has no coefficient: an empty cell');
}

/**
 * The engine still checks every value: μk above μs is refused by Coulomb (and Drake), beside the μk
 * box, not on a card, and the chart keeps the last good curves.
 */
async function checkRefusedCommonValue(page) {
  await redrawn(page, () => page.fill('#ex-muK', '0.7'), { expect: 'error' });
  assert.match(
    await page.locator('#ex-muK-error').textContent(),
    /^Coulomb \(static and kinetic\), whose mu_k is μk: .*must not exceed/,
  );
  assert.equal(await page.getAttribute('#ex-muK', 'aria-invalid'), 'true');
  assert.equal(await page.locator('.law-card [role="alert"]:not(:empty)').count(), 0);
  await shot(page, 'explorer-common-refused');
  await redrawn(page, () => page.fill('#ex-muK', '0.4'));
  assert.equal(await page.locator('#ex-muK-error').textContent(), '');
}

/** A reload keeps the switch, its values and the driven cards. */
async function checkReload(page, { muS }) {
  await page.reload();
  await waitReady(page);
  await waitExplorer(page);
  assert.equal(await page.isChecked('#ex-common'), true, 'the switch survives a reload');
  assert.deepEqual(await cardParam(page, 'drake-stribeck', 'static_friction'), {
    value: muS,
    disabled: true,
    rangeDisabled: true,
    from: 'from μs',
  });
  assert.match(await page.locator('#ex-common-note').textContent(), /OpenSees VelDepMultiLinear/);
}

/** The link carries it into a fresh browser context, with nothing saved; on a phone nothing overflows sideways. */
async function checkLink(t, link) {
  assert.match(
    decodeURIComponent(link),
    /"common":\{"on":true,"muS":0\.6,"muK":0\.4,"vS":0\.001\}/,
  );
  const other = await openPage(site, t, { viewport: { width: 390, height: 844 } });
  await other.page.goto(link);
  await waitReady(other.page);
  await waitExplorer(other.page);
  assert.equal(await other.page.isChecked('#ex-common'), true, 'the switch travels in the link');
  assert.equal((await cardParam(other.page, 'lugre', 'Fc')).from, 'from μk·N');
  assert.equal(
    await other.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    true,
  );
  await other.page.locator('.ex-common').scrollIntoViewIfNeeded();
  await other.page.screenshot({
    path: new URL('../../test-results/explorer-common-390-inputs.png', import.meta.url).pathname,
  });
  await shot(other.page, 'explorer-common-390');
  assert.deepEqual(other.problems, []);
}

/** Off: each law has its own values again, nothing the user set is lost. */
async function checkSwitchedOff(page, { vS, N }) {
  await redrawn(page, () => page.uncheck('#ex-common'));
  assert.deepEqual(await cardParam(page, 'drake-stribeck', 'static_friction'), {
    value: 0.85,
    disabled: false,
    rangeDisabled: false,
    from: null,
  });
  assert.deepEqual(await cardParam(page, 'lugre', 'Fc'), {
    value: 1,
    disabled: false,
    rangeDisabled: false,
    from: null,
  });
  assert.equal(await page.locator('#ex-common-note').textContent(), '');
  const [, drake] = await datasets(page);
  const wrong = fastPoints(drake.points, vS).filter(
    ([v, force]) => Math.abs(force - Math.sign(v) * 0.5 * N) > 1e-12,
  );
  assert.deepEqual(wrong, [], 'Drake slides at its own μd = 0.5');
}

test('saved and linked common coefficients are checked field by field', () => {
  const laws = [{ id: 'coulomb', params: [{ key: 'mu_s' }, { key: 'mu_k' }] }];
  const good = loadExplorer({ common: { on: true, muS: 0.5, muK: 0.3, vS: 2e-3 } }, laws);
  assert.equal(good.dropped, false);
  assert.deepEqual(good.settings.common, { on: true, muS: 0.5, muK: 0.3, vS: 2e-3 });
  // A bad field takes its default, a good one beside it stays, and the drop is reported.
  const bad = loadExplorer(
    { common: { on: 'yes', muS: 'x', muK: 0.3, vS: Infinity, extra: 1 } },
    laws,
  );
  assert.equal(bad.dropped, true);
  assert.deepEqual(bad.settings.common, { on: false, muS: 0.6, muK: 0.3, vS: 1e-3 });
  for (const common of [null, 7, [true], 'on']) {
    const result = loadExplorer({ common }, laws);
    assert.equal(result.dropped, true);
    assert.deepEqual(result.settings.common, { on: false, muS: 0.6, muK: 0.4, vS: 1e-3 });
  }
  // Settings saved before the switch existed load with it off.
  const old = loadExplorer({ laws: ['coulomb'], N: 5 }, laws);
  assert.equal(old.dropped, false);
  assert.deepEqual(old.settings.common, { on: false, muS: 0.6, muK: 0.4, vS: 1e-3 });
  // A loaded object is the caller's own: changing it does not change the defaults.
  old.settings.common.on = true;
  assert.equal(loadExplorer({}, laws).settings.common.on, false);
});
