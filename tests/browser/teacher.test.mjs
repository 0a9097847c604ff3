// Browser tests of the teacher's page, second pass (issue 28): Present for a hall, an animation that
// never dead-ends, free vibration with friction, "Why it sticks", and the phone and polish points
// (four pinned runs, labels that never overlap or get cut, the speed menu, "Renewal law" once, the
// preset's note on its own view), with axe-core after a reset and while a run is refused.
// Run: node --test --test-reporter=spec tests/browser/teacher.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, loadSite, openPage, shot, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 180_000;
const site = useSite();

const ready = (page, check, arg) => page.waitForFunction(check, arg, { timeout: 60_000 });
const upToDate = () => document.querySelector('#status').dataset.state === 'ready';
const forcesPlot = () => {
  const area = globalThis.Chart.getChart('chart-forces').chartArea;
  return area.bottom - area.top;
};

/** Moves the animation to time t with its scrubber, as a user dragging it would. */
async function scrubTo(page, t) {
  await page.evaluate((time) => {
    const scrub = document.querySelector('.sv-time');
    scrub.value = String(time);
    scrub.dispatchEvent(new Event('input', { bubbles: true }));
  }, t);
}

async function usePreset(page, id, check) {
  await page.selectOption('#preset', id);
  await ready(page, check);
  await ready(page, upToDate);
}

test(
  'Present fills a hall’s screen: the forces plot over 55 % of the height, 28 px text at 1920, on a phone held sideways too',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    for (const { width, height } of [
      { width: 1920, height: 1080 },
      { width: 1366, height: 768 },
      { width: 844, height: 390 },
    ]) {
      const { page, problems } = await openPage(site, t, { viewport: { width, height } });
      await loadSite(site, page);
      assert.equal(await page.locator('#present').isVisible(), true, `Present at ${width}`);
      await page.click('#present');
      await ready(page, () => document.body.classList.contains('present'));
      await page.waitForTimeout(500);
      const shown = await page.evaluate(() => {
        const size = (selector) =>
          parseFloat(getComputedStyle(document.querySelector(selector)).fontSize);
        const box = (selector) => document.querySelector(selector).getBoundingClientRect();
        const area = globalThis.Chart.getChart('chart-forces').chartArea;
        return {
          plot: area.bottom - area.top,
          root: size('html'),
          regime: size('#regime'),
          label: size('#view-spring .param:not([hidden]) .param-label'),
          drawing: box('.sv-stage'),
          chart: box('#chart-forces'),
          scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        };
      });
      const what = `${width}×${height}: ${JSON.stringify(shown)}`;
      assert.ok(shown.plot >= 0.55 * height, `plot ${shown.plot} px: ${what}`);
      assert.ok(shown.drawing.top >= 0 && shown.drawing.bottom <= height, `drawing: ${what}`);
      assert.ok(shown.chart.bottom <= height, `chart: ${what}`);
      assert.equal(shown.scroll, 0, what);
      if (width === 1920)
        for (const key of ['root', 'regime', 'label'])
          assert.ok(shown[key] >= 28, `${key} text ${shown[key]} px: ${what}`);
      assert.deepEqual(await axeViolations(page), [], `Present at ${width}`);
      await shot(page, `teacher-present-${width}`);
      assert.deepEqual(problems, []);
    }
  },
);

test(
  'after the end a change plays the new run from its start, and Loop plays on',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await usePreset(page, 'coulomb-limit-cycle', () => window.__lastSummary?.law === 'coulomb');
    await page.selectOption('.sv-speed', '10');
    await ready(page, () => window.__systemView.playing);
    await scrubTo(page, 29.9);
    await ready(page, () => window.__systemView.ended);
    // A change after the end: the new run plays from its start, not at "Replay".
    await page.fill('#system-c-number', '12');
    await ready(page, () => window.__lastSummary?.system?.c === 12);
    await ready(page, () => window.__systemView.playing && window.__systemView.time < 5);
    assert.equal(await page.locator('.sv-play .sv-button-text').textContent(), 'Pause');
    // Loop: at the end it starts again and goes on playing.
    await page.click('.sv-loop');
    assert.equal(await page.getAttribute('.sv-loop', 'aria-pressed'), 'true');
    await scrubTo(page, 29.95);
    await ready(page, () => window.__systemView.time < 2 && window.__systemView.playing);
    assert.equal(await page.evaluate(() => window.__systemView.ended), false);
    assert.deepEqual(problems, []);
  },
);

test(
  'free vibration with friction: the preset releases the block with the drive at rest and it comes to rest where the closed form says',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await usePreset(page, 'free-vibration', () => window.__lastSummary?.regime === 'at-rest');
    assert.equal(await page.inputValue('#system-x0-number'), '-0.95');
    assert.equal(await page.inputValue('#system-v0-number'), '0');
    assert.match(await page.locator('#regime').textContent(), /^At rest/);
    assert.equal(
      await page.locator('#drive-text').textContent(),
      'Drive: none; the load point is held still (v0 = 0).',
    );
    // Rests after five half cycles π/√10 s each (Den Hartog's Coulomb damping), beside its closed form.
    const restsAt = (5 * Math.PI) / Math.sqrt(10);
    const period = await page.locator('#period').textContent();
    assert.match(period, new RegExp(`at rest from ${restsAt.toFixed(3)}`));
    assert.match(period, new RegExp(`closed form ${restsAt.toFixed(3)}`));
    const end = await page.evaluate(() => window.__shownRun.result.columns.x.at(-1));
    assert.ok(Math.abs(end + 0.05) < 1e-9, `rests at ${end} m`);
    await scrubTo(page, 7);
    const labels = await page.evaluate(() =>
      window.__systemView.labels.boxes.map((box) => box.text),
    );
    assert.ok(labels.includes('drive (at rest)'), labels.join(' | '));
    assert.equal(await page.locator('#why-sticks').isVisible(), true);
    await page.click('#why-sticks');
    await ready(page, () =>
      /within the static/.test(document.querySelector('#why-body').textContent),
    );
    assert.deepEqual(await axeViolations(page), []);
    await shot(page, 'teacher-free-vibration');
    assert.deepEqual(problems, []);
  },
);

test(
  'why it sticks: the engine says what removes stick-slip on the seed model, and its button sets that value and the run slides steadily',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    assert.equal(await page.locator('#regime').getAttribute('data-regime'), 'stick-slip');
    await page.click('#why-sticks');
    await ready(page, () => document.querySelectorAll('#why-body .why-set').length > 0);
    const body = await page.locator('#why-body').textContent();
    assert.match(body, /damping above the critical value/);
    assert.deepEqual(await axeViolations(page), [], 'the panel open');
    const button = page.locator('#why-body .why-set').first();
    const [, symbol, value] = (await button.textContent()).match(/^Set (\S+) = ([\d.e+-]+)/);
    assert.equal(symbol, 'η');
    await button.click();
    await ready(page, (eta) => window.__lastSummary?.params?.eta === eta, Number(value));
    await ready(page, upToDate);
    assert.equal(await page.inputValue('#param-eta-number'), value);
    const regime = await page.locator('#regime').getAttribute('data-regime');
    assert.ok(['steady', 'decaying', 'settling'].includes(regime), regime);
    assert.equal(await page.locator('#why-panel').isVisible(), false);
    assert.deepEqual(problems, []);
  },
);

/** Every pair of the drawing's labels, and each against the canvas's edges and its shapes. */
function labelClashes() {
  const { boxes, obstacles, width, height } = window.__systemView.labels;
  const overlap = (a, b) =>
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  const clashes = [];
  for (const [i, a] of boxes.entries()) {
    if (a.x < 0 || a.y < 0 || a.x + a.w > width + 0.5 || a.y + a.h > height + 0.5)
      clashes.push(`"${a.text}" cut by the edge`);
    for (const b of boxes.slice(i + 1))
      if (overlap(a, b)) clashes.push(`"${a.text}" on "${b.text}"`);
    for (const shape of obstacles) if (overlap(a, shape)) clashes.push(`"${a.text}" on a shape`);
  }
  return { clashes, count: boxes.length };
}

for (const { width, height } of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
]) {
  test(
    `at ${width}×${height} the drawing's labels never overlap or get cut, and the speed menu shows its words whole`,
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const { page, problems } = await openPage(site, t, { viewport: { width, height } });
      await loadSite(site, page);
      for (const [preset, check] of [
        [null, null],
        ['coulomb-limit-cycle', () => window.__lastSummary?.law === 'coulomb'],
        ['free-vibration', () => window.__lastSummary?.regime === 'at-rest'],
        ['stick-slip', () => window.__lastSummary?.model === 'state-variable'],
      ]) {
        if (preset) await usePreset(page, preset, check);
        const end = await page.evaluate(() => window.__shownRun.result.columns.t.at(-1));
        for (let k = 0; k <= 12; k++) {
          await scrubTo(page, (k / 12) * end);
          const { clashes, count } = await page.evaluate(labelClashes);
          assert.deepEqual(clashes, [], `${preset ?? 'seed'} at t = ${(k / 12) * end}`);
          assert.ok(count >= 4);
        }
      }
      // The speed menu's text fits its box, whichever speed is chosen.
      for (const speed of ['1', 'fit', '0.25']) {
        await page.selectOption('.sv-speed', speed);
        const fit = await page.evaluate(() => {
          const select = document.querySelector('.sv-speed');
          const style = getComputedStyle(select);
          const ctx = document.createElement('canvas').getContext('2d');
          ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = select.options[select.selectedIndex].text;
          const inner =
            select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return { text, need: ctx.measureText(text).width, inner };
        });
        // The menu's arrow takes about 1em of the inner box.
        assert.ok(fit.need <= fit.inner - 12, JSON.stringify(fit));
      }
      await shot(page, `teacher-labels-${width}`);
      assert.deepEqual(problems, []);
    },
  );
}

test(
  'on a phone four pinned runs leave the forces plot 120 px; "Renewal law" reads once; a preset’s note only on its view',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 390, height: 844 } });
    await loadSite(site, page);
    await usePreset(page, 'coulomb-limit-cycle', () => window.__lastSummary?.law === 'coulomb');
    // The preset's note shows on its own view only.
    assert.equal(await page.locator('#preset-note').isVisible(), true);
    await page.click('#tab-explorer');
    await ready(page, () => window.__lawRenders >= 1);
    assert.equal(await page.locator('#preset-note').isVisible(), false);
    await page.click('#tab-spring');
    assert.equal(await page.locator('#preset-note').isVisible(), true);
    const stageHeight = () => document.querySelector('#stage').getBoundingClientRect().height;
    const before = {
      plot: await page.evaluate(forcesPlot),
      stage: await page.evaluate(stageHeight),
    };
    for (const muK of ['0.3', '0.2', '0.1', '0.5']) {
      await page.click('#compare-add');
      await page.fill('#spring-law-mu_k-number', muK);
      await ready(page, (value) => window.__lastSummary?.params?.mu_k === Number(value), muK);
      await ready(page, upToDate);
    }
    await ready(page, () => document.querySelectorAll('#compare-list li').length === 4);
    await page.waitForTimeout(300);
    const after = {
      plot: await page.evaluate(forcesPlot),
      stage: await page.evaluate(stageHeight),
    };
    const what = `four pinned runs: ${JSON.stringify(after)}; none: ${JSON.stringify(before)}`;
    assert.ok(after.plot >= 120, `the forces plot: ${what}`);
    // The pinned stage does not grow with the pins (the sliders below keep their room).
    assert.ok(after.stage <= before.stage + 1, `the pinned stage: ${what}`);
    await shot(page, 'teacher-phone-compare');

    // "Renewal law" once, not "Renewal law law".
    await page.selectOption('#model', 'state-variable');
    await ready(page, upToDate);
    const label = await page
      .locator('#view-spring .param[data-key="renewal"] .param-label')
      .textContent();
    assert.equal(label.match(/law/g).length, 1, label);
    assert.deepEqual(problems, []);
  },
);

test(
  'axe-core finds nothing after a reset, after Reset all, and while a run is refused',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    await usePreset(page, 'free-vibration', () => window.__lastSummary?.regime === 'at-rest');
    await page.click('#reset');
    await ready(page, () => window.__lastSummary?.system?.x0 === 0);
    await ready(page, upToDate);
    assert.deepEqual(await axeViolations(page), [], 'after a reset');
    // Refused: the drive at rest with nothing displaced moves nothing; the engine says so at v0.
    await page.fill('#system-v0-number', '0');
    await ready(page, () => document.querySelector('#status').dataset.state === 'error');
    assert.match(await page.locator('#system-v0-error').textContent(), /nothing moves/);
    assert.deepEqual(await axeViolations(page), [], 'while refused');
    await page.click('#reset-all');
    await ready(page, () => window.__lastSummary?.model === 'abbott-seed');
    await ready(page, upToDate);
    assert.deepEqual(await axeViolations(page), [], 'after Reset all');
    assert.deepEqual(problems, []);
  },
);
