// Browser tests of the page as a teaching instrument (issue 13): the animated system in step with
// the charts, honest forces, layouts measured at laptop, projector and phone sizes, compare mode's
// colours and CSV, a damaged link and a number beyond the double range.
// Run: node --test --test-reporter=spec tests/browser/teaching.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();

const ready = (page, check, arg) => page.waitForFunction(check, arg, { timeout: 30_000 });
const upToDate = () => document.querySelector('#status').dataset.state === 'ready';

/** Moves the animation to time t with its scrubber, as a user dragging it would. */
async function scrubTo(page, t) {
  await page.evaluate((time) => {
    const scrub = document.querySelector('.sv-time');
    scrub.value = String(time);
    scrub.dispatchEvent(new Event('input', { bubbles: true }));
    scrub.dispatchEvent(new Event('change', { bubbles: true }));
  }, t);
  await page.waitForFunction((time) => Math.abs(window.__systemView.time - time) < 1e-9, t);
}

async function useCoulombC1(page) {
  await page.selectOption('#preset', 'coulomb-limit-cycle');
  await ready(
    page,
    () =>
      window.__lastSummary?.law === 'coulomb' &&
      window.__lastSummary?.system?.c === 10 &&
      document.querySelector('#status').dataset.state === 'ready',
  );
}

test(
  'the system animates while playing, stops when paused, and every chart cursor shows its time',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    // It plays on load (no reduced-motion preference here): time advances.
    await ready(page, () => window.__systemView?.playing === true);
    const t0 = await page.evaluate(() => window.__systemView.time);
    await page.waitForTimeout(400);
    const t1 = await page.evaluate(() => window.__systemView.time);
    assert.ok(t1 > t0, `the clock moved from ${t0} to ${t1} s while playing`);

    // Space on the focused view pauses it; then the clock stands still.
    await page.focus('#system-view');
    await page.keyboard.press('Space');
    await ready(page, () => window.__systemView.playing === false);
    const paused = await page.evaluate(() => window.__systemView.time);
    await page.waitForTimeout(400);
    assert.equal(await page.evaluate(() => window.__systemView.time), paused);

    // The cursors of both time charts and the phase marker stand at the view's time.
    const cursors = await page.evaluate(() => ({
      view: window.__systemView.frame,
      cursors: window.__cursors,
    }));
    assert.equal(cursors.cursors.forces, cursors.view.t);
    assert.equal(cursors.cursors.relative, cursors.view.t);
    assert.deepEqual(cursors.cursors.phase, { x: cursors.view.spring, y: cursors.view.v });
    // ... and the line is drawn there: the overlay is dark at the pixel column of that time.
    const drawn = await page.evaluate(() => {
      const chart = globalThis.Chart.getChart('chart-forces');
      const overlay = chart.canvas.parentElement.querySelector('.chart-cursor-overlay');
      const ratio = overlay.width / overlay.clientWidth;
      const x = Math.round(chart.scales.x.getPixelForValue(window.__systemView.time) * ratio);
      const y = Math.round(((chart.chartArea.top + chart.chartArea.bottom) / 2) * ratio);
      return [...overlay.getContext('2d').getImageData(x, y, 1, 1).data];
    });
    assert.ok(drawn[3] > 200 && drawn[0] < 128, `cursor pixel ${drawn}`);

    // ArrowRight steps forward by at least one output row; the text alternative follows.
    await page.keyboard.press('ArrowRight');
    await ready(page, (before) => window.__systemView.time > before, paused);
    await ready(page, () => /^t = /.test(document.querySelector('.sv-status').textContent));
    assert.deepEqual(problems, []);
  },
);

test(
  'a reader who prefers reduced motion gets a still picture at the first break-away, and can still play it',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { reducedMotion: 'reduce' });
    await loadSite(site, page);
    await page.waitForTimeout(500);
    const still = await page.evaluate(() => ({
      playing: window.__systemView.playing,
      time: window.__systemView.time,
    }));
    assert.equal(still.playing, false);
    assert.ok(still.time > 0, `shown at t = ${still.time} s`);
    await page.click('.sv-play');
    await ready(page, () => window.__systemView.playing === true);
    assert.deepEqual(problems, []);
  },
);

test(
  'while the block sticks the schematic says stuck, and friction balances the drive force on every chart',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    // The seed model: where the block rests (v = 0 on consecutive rows), the friction on it is the
    // drive force, not the seed's formula value μs·N, and it stays at or below the static limit.
    const seed = await page.evaluate(() => {
      const { t: time, v, friction, spring, staticLimit } = window.__shownRun.result.columns;
      let rows = 0,
        worst = 0,
        over = 0;
      for (let i = 1; i < time.length; i++) {
        if (v[i] !== 0 || v[i - 1] !== 0) continue;
        rows++;
        worst = Math.max(worst, Math.abs(friction[i] - spring[i]));
        if (friction[i] > staticLimit[i] + 1e-12) over++;
      }
      return { rows, worst, over };
    });
    assert.ok(seed.rows > 20, `${seed.rows} resting rows`);
    assert.equal(seed.worst, 0);
    assert.equal(seed.over, 0);

    // Coulomb C1 sticks from 0 to Fs/(c v0) = 6 s: in the middle of it the block is drawn stuck and
    // the words say so; at 6.5 s (slipping) it is not.
    await useCoulombC1(page);
    await page.click('.sv-play[aria-pressed="true"], .sv-play');
    await scrubTo(page, 3);
    assert.equal(await page.evaluate(() => window.__systemView.frame.stuck), true);
    await ready(page, () => /stuck/.test(document.querySelector('.sv-status').textContent));
    await scrubTo(page, 6.5);
    assert.equal(await page.evaluate(() => window.__systemView.frame.stuck), false);
    // The static limit line of C1 is μs·Fn, labelled as such.
    const limit = await page.evaluate(() => {
      const chart = globalThis.Chart.getChart('chart-forces');
      const dataset = chart.data.datasets.find((d) => d.label === 'Static limit');
      return {
        drawn: dataset.data[0].y,
        expected: window.__lastSummary.params.mu_s * window.__lastSummary.system.Fn,
      };
    });
    assert.ok(Math.abs(limit.drawn - limit.expected) < 1e-12, JSON.stringify(limit));
    assert.deepEqual(problems, []);
  },
);

for (const { width, height, minPlot, foldChart } of [
  { width: 1366, height: 768, minPlot: 180, foldChart: true },
  { width: 1920, height: 1080, minPlot: 300, foldChart: true },
  { width: 390, height: 844, minPlot: 100, foldChart: false },
]) {
  test(
    `at ${width}×${height}: the plot areas, no sideways scrolling, and the system and first chart in view`,
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const { page, problems } = await openPage(site, t, { viewport: { width, height } });
      await loadSite(site, page);
      const layout = await page.evaluate(() => {
        const plot = (id) => {
          const area = globalThis.Chart.getChart(id).chartArea;
          return area.bottom - area.top;
        };
        const box = (selector) => document.querySelector(selector).getBoundingClientRect();
        return {
          forces: plot('chart-forces'),
          relative: plot('chart-relative'),
          scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          system: box('#system-view').bottom,
          chart: box('#chart-forces').bottom,
        };
      });
      assert.ok(
        layout.forces >= minPlot && layout.relative >= minPlot,
        `plot areas ${layout.forces} and ${layout.relative} px`,
      );
      assert.equal(layout.scroll, 0);
      assert.ok(layout.system <= height, `the schematic ends at ${layout.system} px`);
      if (foldChart)
        assert.ok(
          layout.chart <= height,
          `the forces chart ends at ${layout.chart} px in a ${height} px window`,
        );
      if (!foldChart) {
        // On a phone the stage is pinned: scrolled down to a slider, the schematic and the chart stay in view.
        // Scrolled as a reader would, until the slider shows just below the pinned stage.
        await page.evaluate(() => {
          const stage = document.querySelector('#stage').getBoundingClientRect();
          const row = document.querySelector('#param-c').closest('.param').getBoundingClientRect();
          window.scrollBy(0, row.top - stage.height - 8);
        });
        await page.waitForTimeout(100);
        const pinned = await page.evaluate(() => ({
          stage: document.querySelector('#stage').getBoundingClientRect(),
          slider: document.querySelector('#param-c').getBoundingClientRect(),
        }));
        assert.ok(
          pinned.stage.top >= -1 && pinned.stage.bottom <= height,
          `stage at ${pinned.stage.top}…${pinned.stage.bottom}`,
        );
        assert.ok(
          pinned.slider.top >= pinned.stage.bottom - 1 && pinned.slider.bottom <= height,
          'the slider shows below the stage',
        );
      }
      await shot(page, `teaching-layout-${width}`);
      assert.deepEqual(problems, []);
    },
  );
}

test(
  "compare: four runs get four colours, none a system line's; an identical pin is refused; one CSV holds them all",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await useCoulombC1(page);
    // Pinning the live run twice is refused with a note.
    await page.click('#compare-add');
    await ready(page, () => globalThis.Chart.getChart('chart-relative').data.datasets.length === 2);
    await page.click('#compare-add');
    await ready(page, () =>
      /already in the comparison/.test(document.querySelector('#compare-note').textContent),
    );
    assert.equal(await page.locator('#compare-list li').count(), 1);
    for (const muK of ['0.3', '0.2']) {
      await page.fill('#spring-law-mu_k-number', muK);
      await ready(
        page,
        (value) =>
          window.__lastSummary?.params?.mu_k === Number(value) &&
          document.querySelector('#status').dataset.state === 'ready',
        muK,
      );
      await page.click('#compare-add');
    }
    await page.fill('#spring-law-mu_k-number', '0.1');
    await ready(
      page,
      () =>
        window.__lastSummary?.params?.mu_k === 0.1 &&
        document.querySelector('#status').dataset.state === 'ready' &&
        globalThis.Chart.getChart('chart-relative').data.datasets.length === 4,
    );

    const styles = await page.evaluate(() =>
      globalThis.Chart.getChart('chart-forces').data.datasets.map((d) => ({
        label: d.label,
        colour: d.borderColor,
      })),
    );
    const runs = styles.filter((s) => s.label.startsWith('Friction force'));
    const system = styles.filter((s) => !s.label.startsWith('Friction force'));
    assert.equal(runs.length, 4);
    assert.equal(new Set(runs.map((s) => s.colour)).size, 4, JSON.stringify(runs));
    for (const run of runs)
      assert.ok(
        !system.some((s) => s.colour === run.colour),
        `${run.label} shares a colour with a system line`,
      );

    const download = page.waitForEvent('download');
    await page.click('#export-csv');
    const file = await download;
    assert.equal(file.suggestedFilename(), 'friction-lab-comparison.csv');
    const text = (await import('node:fs')).readFileSync(await file.path(), 'utf8');
    assert.equal(text.split('\n').filter((line) => /^# run \d+: /.test(line)).length, 4);
    for (const [k, muK] of [
      [1, 0.1],
      [2, 0.4],
      [3, 0.3],
      [4, 0.2],
    ])
      assert.ok(text.includes(`# run ${k} mu_k, ${muK}, `), `run ${k}'s μk`);
    const header = text.split('\n').find((line) => line.startsWith('t [s] (run 1)'));
    assert.equal(header.split(',').filter((cell) => cell.startsWith('t [s]')).length, 4);
    await shot(page, 'teaching-compare-four');
    assert.deepEqual(problems, []);
  },
);

test(
  'a cut-short link keeps what it holds and names what it reset; 1e400 is refused and the box goes back',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    const state = {
      model: 'coulomb',
      system: { c: 20 },
      lawOverrides: { coulomb: { mu_k: 0.3 } },
      view: 'spring',
      explorer: { laws: ['coulomb'] },
      map: { subject: 'abbott-seed' },
    };
    const full = encodeURIComponent(JSON.stringify(state));
    // Cut inside the explorer entry: model, system and the law's values survive, explorer and map do not.
    const cut = full.slice(0, full.indexOf(encodeURIComponent('"explorer"')) + 12);
    await page.goto(`${site.url}#state=${cut}`);
    await waitReady(page);
    assert.equal(await page.inputValue('#model'), 'coulomb');
    assert.equal(await page.inputValue('#system-c-number'), '20');
    assert.equal(await page.inputValue('#spring-law-mu_k-number'), '0.3');
    const notice = await page.locator('#notice').textContent();
    assert.match(notice, /cut short/);
    assert.match(notice, /reset: .*map/);

    // A number beyond the double range: refused as such, and the box returns to the last valid value.
    await page.fill('#system-c-number', '1e400');
    await page.press('#system-c-number', 'Tab');
    await ready(page, () =>
      /range of a double/.test(document.querySelector('#system-c-error').textContent),
    );
    assert.equal(await page.inputValue('#system-c-number'), '20');
    await ready(page, upToDate);
    assert.equal(await page.evaluate(() => window.__lastSummary.system.c), 20);
    assert.deepEqual(problems, []);
  },
);

test(
  "each chart legend is the page's text: it names every series, keys the stuck shading, and its buttons show and hide a series",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await useCoulombC1(page);
    const legendOf = () =>
      page.evaluate(() => {
        const chart = globalThis.Chart.getChart('chart-forces');
        const list = chart.canvas.parentElement.previousElementSibling;
        return {
          items: [...list.querySelectorAll('li')].map((item) => item.textContent),
          pressed: [...list.querySelectorAll('button')].map((button) =>
            button.getAttribute('aria-pressed'),
          ),
          visible: chart.data.datasets.map((dataset, index) => chart.isDatasetVisible(index)),
          labels: chart.data.datasets.map((dataset) => dataset.label),
        };
      });
    let legend = await legendOf();
    // One button per series, in the datasets' order, then the stuck key (C1 sticks), which is no button.
    assert.deepEqual(legend.items, [...legend.labels, 'Stuck']);
    assert.deepEqual(
      legend.pressed,
      legend.labels.map(() => 'true'),
    );
    await page.getByRole('button', { name: 'Drive force (spring + dashpot)' }).first().click();
    legend = await legendOf();
    assert.deepEqual(legend.visible, [true, false, true]);
    assert.deepEqual(legend.pressed, ['true', 'false', 'true']);
    await page.getByRole('button', { name: 'Drive force (spring + dashpot)' }).first().click();
    assert.deepEqual((await legendOf()).visible, [true, true, true]);
    assert.deepEqual(problems, []);
  },
);
