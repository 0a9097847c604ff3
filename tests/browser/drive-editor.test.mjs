// Browser test of the drive editor and the healing chart (issue 15): a slide-hold-slide run charts each
// hold's healing against log hold time with the aging law's rate; the editor runs the user's own holds,
// shows the engine's refusal beside the field its path names while the last good drive keeps running,
// refuses typed text that is not a number beside its field, and the drive survives a reload. Speeds
// are shown in the unit they were typed in (a preset's in the one that suits them: µm/s), and a
// slide-hold-slide slides at the drive's own speed (issue 26).
// Run: node --test --test-reporter=spec tests/browser/drive-editor.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, textMatching, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();

const ready = (page) =>
  page.waitForFunction(() => document.querySelector('#status').dataset.state === 'ready');
/** The healing chart's points, as {x: hold time, y: Δμ}. */
const healingPoints = (page) =>
  page.evaluate(() => globalThis.Chart.getChart('chart-healing').data.datasets[0].data);

test(
  "slide-hold-slide: the healing chart, the editor's holds, a refusal beside its field, and a reload",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'slide-hold-slide');
    await page.waitForFunction(
      () => window.__lastSummary?.holds?.length === 4 && window.__healingRenders > 0,
    );
    await ready(page);

    // Each hold of 1, 10, 100, 1000 s is a point at its hold time. For holds ≫ Dc/V = 1 s the aging law
    // heals by b ln 10 per decade (Dieterich 1979); the spring (1e4 N/m) lets the slider creep, so to 5 %.
    const points = await healingPoints(page);
    assert.deepEqual(
      points.map((point) => point.x),
      [1, 10, 100, 1000],
    );
    const { b1 } = await page.evaluate(() => window.__lastSummary.params);
    for (const k of [2, 3]) {
      const perDecade = points[k].y - points[k - 1].y;
      assert.ok(
        Math.abs(perDecade / (b1 * Math.LN10) - 1) < 0.05,
        `decade ${k}: ${perDecade} vs ${b1 * Math.LN10}`,
      );
    }
    assert.match(
      await page.locator('#healing-note').textContent(),
      /^Healing rate β = dΔμ\/d log₁₀ t_h = 0\.0\d+ per decade/,
    );
    // The holds are the protocol's, not stick-slip: judged after the last reload, the slider slides steadily.
    assert.equal(await page.locator('#regime').textContent(), 'Steady sliding');
    await page.locator('.chart-healing').scrollIntoViewIfNeeded();
    await shot(page, 'drive-01-healing');

    // A hold that ends after the run: the engine's refusal beside the holds, naming protocol.holds[3];
    // the preset's drive runs again, so the charts stay up to date.
    await page.click('#drive-edit');
    await page.waitForSelector('#drive-dialog[open]');
    assert.equal(await page.inputValue('#drive-kind'), 'holds');
    assert.equal(await page.inputValue('#drive-holds'), '1, 10, 100, 1000');
    await page.fill('#drive-holds', '1, 10, 100, 2000');
    await page.click('#drive-apply');
    await page.waitForFunction(
      () => document.querySelector('#drive-holds-error').textContent !== '',
    );
    const refusal = await page.locator('#drive-holds-error').textContent();
    assert.match(
      refusal,
      /Hold 3 \(2000 s\) ends at t = 2311 s, not before the run's end \(system\.duration = 1361 s\)/,
    );
    assert.equal(await page.getAttribute('#drive-holds', 'aria-invalid'), 'true');
    assert.equal(await page.locator('#drive-dialog').isVisible(), true);
    await ready(page);
    assert.deepEqual(
      await page.evaluate(() => window.__lastSummary.holds.map((hold) => hold.duration)),
      [1, 10, 100, 1000],
    );
    await shot(page, 'drive-02-refused');

    // Text that is not a number is refused beside its field before anything runs.
    await page.fill('#drive-holds', '3, 30, lots');
    await page.click('#drive-apply');
    assert.match(
      await page.locator('#drive-holds-error').textContent(),
      /protocol\.holds\[2\]: 'lots' is not a number \(s\)/,
    );

    // The user's holds run: the dialog closes, the chart and the note follow.
    await page.fill('#drive-holds', '3, 30, 300');
    await page.click('#drive-apply');
    await page.waitForFunction(() => window.__lastSummary?.holds?.length === 3);
    await ready(page);
    assert.equal(await page.locator('#drive-dialog').isVisible(), false);
    assert.deepEqual(
      (await healingPoints(page)).map((point) => point.x),
      [3, 30, 300],
    );
    const holdsWords = /holds of 3, 30, 300 s/;
    assert.match(await textMatching(page, '#drive-text', holdsWords), holdsWords);

    // Saved with the settings: after a reload the same drive runs.
    await page.reload();
    await page.waitForFunction(() => window.__lastSummary?.holds?.length === 3);
    assert.match(await textMatching(page, '#drive-text', holdsWords), holdsWords);
    assert.deepEqual(problems, []);
  },
);

test(
  'velocity steps from the editor: a typed refusal, then the step runs to its new steady state',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'rsf-velocity-step');
    await page.waitForFunction(() => Array.isArray(window.__lastSummary?.system?.v0));
    await ready(page);
    await page.click('#drive-clear');
    await page.waitForFunction(() => typeof window.__lastSummary?.system?.v0 === 'number');
    await ready(page);

    await page.click('#drive-edit');
    await page.waitForSelector('#drive-dialog[open]');
    await page.selectOption('#drive-kind', 'steps');
    assert.equal(await page.locator('#drive-holds').isVisible(), false);
    await page.fill('#drive-steps', '0, 1e-6\n10 fast');
    await page.click('#drive-apply');
    assert.match(
      await page.locator('#drive-steps-error').textContent(),
      /system\.v0\[1\]\[1\]: 'fast' is not a number/,
    );

    // A step to 10 µm/s at 1 s: 39 s later (39 Dc of slip) the friction is at the new steady state
    // μ0 + (a − b) ln(V/V*).
    await page.fill('#drive-steps', '0, 1e-6\n1, 1e-5');
    await page.check('#drive-steady');
    await page.click('#drive-apply');
    await page.waitForFunction(() => window.__lastSummary?.system?.v0?.[1]?.[0] === 1);
    await ready(page);
    const summary = await page.evaluate(() => window.__lastSummary);
    const { mu0, a, b1, Vstar } = summary.params;
    const friction = await page.evaluate(() => window.__shownRun.result.columns.friction.at(-1));
    const steady = mu0 + (a - b1) * Math.log(1e-5 / Vstar);
    assert.ok(
      Math.abs(friction / summary.system.Fn - steady) < 1e-6,
      `final μ ${friction / summary.system.Fn}, steady state ${steady}`,
    );
    assert.match(
      await page.locator('#drive-text').textContent(),
      /velocity steps 1e-6 m\/s from 0 s, 1e-5 m\/s from 1 s/,
    );

    // A displacement table whose times go back: refused beside the table at protocol.table.t[2]. Then a
    // table with a normal-force step in its hold runs: the load point follows the table, x_lp = 1e-4 m at the end.
    await page.click('#drive-edit');
    await page.selectOption('#drive-kind', 'table');
    await page.fill('#drive-table', '0, 0\n10, 1e-4\n5, 1e-4');
    await page.click('#drive-apply');
    await page.waitForFunction(
      () => document.querySelector('#drive-table-error').textContent !== '',
    );
    assert.match(
      await page.locator('#drive-table-error').textContent(),
      /t\[2\] = 5 s follows 10 s/,
    );
    await ready(page);
    await page.fill('#drive-table', '0, 0\n10, 1e-4\n20, 1e-4');
    await page.fill('#drive-normal', '0, 1\n15, 2');
    await page.click('#drive-apply');
    await page.waitForFunction(() => window.__shownRun?.request?.protocol?.table !== undefined);
    await ready(page);
    const drivePosition = await page.evaluate(() =>
      window.__shownRun.result.columns.drivePosition.at(-1),
    );
    assert.ok(Math.abs(drivePosition - 1e-4) < 1e-12, `x_lp at the end ${drivePosition}`);
    assert.match(
      await page.locator('#drive-text').textContent(),
      /a load-point displacement table of 3 points; normal force 1 N from 0 s, 2 N from 15 s/,
    );
    assert.deepEqual(problems, []);
  },
);

test(
  'speeds in the unit typed, and slide-hold-slide at the drive’s own speed (after the velocity-step preset: 1 µm/s)',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#preset', 'rsf-velocity-step');
    await page.waitForFunction(() => Array.isArray(window.__lastSummary?.system?.v0));
    await ready(page);
    // The preset's speeds read in µm/s, beside the system and in the editor.
    await page.waitForFunction(() =>
      document
        .querySelector('#drive-text')
        .textContent.includes('velocity steps 1 µm/s from 0 s, 10 µm/s from 10 s'),
    );
    await page.click('#drive-edit');
    await page.waitForSelector('#drive-dialog[open]');
    assert.equal(await page.inputValue('#drive-unit'), 'µm/s');
    assert.equal(await page.inputValue('#drive-steps'), '0, 1\n10, 10');

    // Slide-hold-slide: the slides go at the drive's own speed, 1 µm/s, not the v0 box's 0.1 m/s.
    await page.selectOption('#drive-kind', 'holds');
    assert.equal(await page.inputValue('#drive-speed'), '1');
    await page.fill('#drive-slide', '5');
    await page.fill('#drive-holds', '10');
    await page.click('#drive-apply');
    await page.waitForFunction(() => window.__lastSummary?.holds?.length === 1);
    await ready(page);
    const { v0, duration } = await page.evaluate(() => window.__lastSummary.system);
    assert.equal(v0, 1e-6);
    // The load point slides at v0 but for the hold: x_lp(end) = v0 (duration − hold).
    const end = await page.evaluate(() => window.__shownRun.result.columns.drivePosition.at(-1));
    const expected = 1e-6 * (duration - 10);
    assert.ok(Math.abs(end - expected) < 1e-12, `x_lp at the end ${end} m, expected ${expected} m`);
    assert.match(
      await page.locator('#drive-text').textContent(),
      /slides of 5 s at 1 µm\/s and holds of 10 s/,
    );

    // µm/s stays µm/s; typed in nm/s, the steps are shown in nm/s, and stay so after a reload.
    await page.click('#drive-edit');
    assert.equal(await page.inputValue('#drive-unit'), 'µm/s');
    assert.equal(await page.inputValue('#drive-speed'), '1');
    await page.selectOption('#drive-unit', 'nm/s');
    assert.equal(await page.inputValue('#drive-speed'), '1000', 'the speed shown in the new unit');
    await page.selectOption('#drive-kind', 'steps');
    assert.equal(
      await page.locator('label[for="drive-steps"]').textContent(),
      'Velocity steps: t [s], v [nm/s]',
    );
    await page.fill('#drive-steps', '0, 500\n20, 5000');
    await page.click('#drive-apply');
    await page.waitForFunction(() => window.__lastSummary?.system?.v0?.[1]?.[1] === 5e-6);
    await ready(page);
    assert.deepEqual(await page.evaluate(() => window.__lastSummary.system.v0), [
      [0, 5e-7],
      [20, 5e-6],
    ]);
    const words = /velocity steps 500 nm\/s from 0 s, 5000 nm\/s from 20 s/;
    assert.match(await page.locator('#drive-text').textContent(), words);
    await page.waitForTimeout(400); // settings are written at most every 250 ms
    await page.reload();
    await page.waitForFunction(() => Array.isArray(window.__lastSummary?.system?.v0));
    await page.waitForFunction(
      (source) => new RegExp(source).test(document.querySelector('#drive-text').textContent),
      words.source,
    );
    await page.click('#drive-edit');
    assert.equal(await page.inputValue('#drive-unit'), 'nm/s');
    assert.equal(await page.inputValue('#drive-steps'), '0, 500\n20, 5000');
    await shot(page, 'drive-03-units');
    assert.deepEqual(problems, []);
  },
);
