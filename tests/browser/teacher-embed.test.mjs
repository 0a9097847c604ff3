// Browser tests of embedding (issue 28, "Embed anywhere"): an embedded page fills frames of 640×480,
// 560×420 and 358×560 with nothing scrolling inside, the drawing and a forces plot of at least 150 px
// in view, with and without controls; the Embed dialog gives the code (loaded only when pressed), its
// responsive frame takes the height the page tells it through the dialog's own parent script, and the
// <friction-lab> element shows the run from one script tag.
// Run: node --test --test-reporter=spec tests/browser/teacher-embed.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, loadSite, openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 180_000;
const site = useSite();

// Case C1 (docs/validation.md), as the page's settings carry a scenario.
const SCENARIO = {
  law: 'coulomb',
  params: { mu_s: 0.6, mu_k: 0.4 },
  system: { m: 1, c: 10, v0: 0.1, Fn: 10, eta: 0, duration: 30 },
};
const STATE = encodeURIComponent(
  JSON.stringify({ version: 2, view: 'spring', spring: { scenario: SCENARIO } }),
);
const embedUrl = (query) => `${site.url}?embed=1${query}#state=${STATE}`;
const MIN_PLOT = 150;

/** A host page holding `html`, at the site's origin (as a lesson page beside it would be). */
async function hostPage(page, html) {
  await page.goto(site.url);
  await waitReady(page);
  await page.setContent(
    `<!doctype html><html lang="en"><title>Lesson</title><link rel="icon" href="data:,"><body>${html}</body></html>`,
  );
}

/** The embedded page's fit, measured inside its frame. */
function measureFit() {
  const root = document.documentElement;
  const box = (selector) => document.querySelector(selector)?.getBoundingClientRect();
  const area = globalThis.Chart.getChart('chart-forces').chartArea;
  const rows = [...document.querySelectorAll('#view-spring .param')].filter((row) => !row.hidden);
  return {
    width: root.clientWidth,
    height: root.clientHeight,
    scrollX: root.scrollWidth - root.clientWidth,
    scrollY: root.scrollHeight - root.clientHeight,
    drawing: box('.sv-stage'),
    chart: box('#chart-forces'),
    plot: area.bottom - area.top,
    controls: rows.map((row) => row.getBoundingClientRect().bottom),
  };
}

/** Waits until the frame's page has run and drawn its chart. */
async function frameReady(page, selector) {
  await page.waitForFunction(
    (frame) => {
      const win = document.querySelector(frame)?.contentWindow;
      return (
        win?.document.querySelector('#status')?.dataset.state === 'ready' && win.__renders >= 1
      );
    },
    selector,
    { timeout: 60_000 },
  );
  // The layout (embed.css) and the chart's resize settle.
  await page.waitForTimeout(400);
}

for (const { width, height } of [
  { width: 640, height: 480 },
  { width: 560, height: 420 },
  { width: 358, height: 560 },
]) {
  test(
    `embedded in a ${width}×${height} frame: nothing scrolls, the drawing and a ${MIN_PLOT} px plot show, with and without controls`,
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const { page, problems } = await openPage(site, t, {
        viewport: { width: 1000, height: 800 },
      });
      await hostPage(
        page,
        ['', '&controls=c,mu_k']
          .map(
            (controls, k) =>
              `<iframe id="f${k}" src="${embedUrl(controls)}" title="Friction Lab" width="${width}" height="${height}" style="border: 0"></iframe>`,
          )
          .join(''),
      );
      for (const [k, controls] of [
        [0, 0],
        [1, 2],
      ]) {
        await frameReady(page, `#f${k}`);
        const frame = page.frame({ url: (url) => url.href.includes(k ? 'controls=' : 'embed=1#') });
        const fit = await frame.evaluate(measureFit);
        const what = `${width}×${height}, ${controls} controls: ${JSON.stringify(fit)}`;
        assert.equal(fit.scrollX, 0, what);
        assert.equal(fit.scrollY, 0, what);
        assert.ok(fit.drawing.top >= 0 && fit.drawing.bottom <= fit.height, `drawing: ${what}`);
        assert.ok(fit.drawing.height >= 100, `drawing height: ${what}`);
        assert.ok(fit.chart.bottom <= fit.height + 0.5, `chart: ${what}`);
        assert.ok(fit.plot >= MIN_PLOT, `plot ${fit.plot} px: ${what}`);
        assert.equal(fit.controls.length, controls, what);
        for (const bottom of fit.controls) assert.ok(bottom <= fit.height, `a control: ${what}`);
      }
      await page.screenshot({ path: `test-results/embed-frame-${width}x${height}.png` });
      assert.deepEqual(problems, []);
    },
  );
}

test(
  'Embed… opens a dialog loaded on use whose code embeds the run as chosen; axe finds nothing',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    const requested = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await loadSite(site, page);
    const onUse = (path) => /embed-dialog|friction-lab-element/.test(path);
    assert.deepEqual(requested.filter(onUse), [], 'nothing of the dialog at start-up');
    await page.click('#embed-open');
    await page.waitForSelector('dialog.embed-dialog[open]');
    assert.ok(requested.some((path) => /embed-dialog.*\.js$/.test(path)));
    assert.ok(requested.some((path) => path.endsWith('embed-dialog.css')));
    assert.deepEqual(await axeViolations(page), []);
    // Relative values too, the spring as a control, paused, in a loop, a fixed 560 × 420 frame.
    await page.check('dialog input[name="part"][value="relative"]');
    await page.check('dialog input[name="control"][value="c"]');
    await page.check('dialog input[name="play"][value="paused"]');
    await page.check('dialog input[name="loop"]');
    await page.check('dialog input[name="size"][value="fixed"]');
    await page.fill('dialog input[name="width"]', '560');
    await page.fill('dialog input[name="height"]', '420');
    const frameCode = await page.inputValue('#embed-frame-code');
    const src = new URL(frameCode.match(/src="([^"]+)"/)[1].replaceAll('&amp;', '&'));
    assert.equal(src.searchParams.get('embed'), '1');
    assert.equal(src.searchParams.get('show'), 'system,forces,relative');
    assert.equal(src.searchParams.get('controls'), 'c');
    assert.equal(src.searchParams.get('play'), 'paused');
    assert.equal(src.searchParams.get('loop'), '1');
    assert.match(frameCode, /width="560" height="420"/);
    assert.equal(await page.locator('#embed-script-code').isVisible(), false);
    const element = await page.inputValue('#embed-element-code');
    assert.match(
      element,
      /<script type="module" src="[^"]+\/js\/friction-lab-element\.js"><\/script>/,
    );
    assert.match(element, /<friction-lab scenario='\{"model":"abbott-seed"/);
    assert.match(element, /controls="c" play="paused" loop height="420"/);
    // Responsive: the ten-line parent script appears, reading the page's own height message.
    await page.check('dialog input[name="size"][value="responsive"]');
    const script = await page.inputValue('#embed-script-code');
    assert.ok(script.split('\n').length <= 10, script);
    assert.match(script, /friction-lab:height/);
    assert.ok(script.includes(new URL(site.url).origin));
    await shot(page, 'teacher-embed-dialog');
    await page.click('dialog .embed-close');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'embed-open');
    assert.deepEqual(problems, []);
  },
);

test(
  "a responsive frame with the dialog's script takes the page's height; <friction-lab> shows the run paused and looping",
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 390, height: 844 } });
    await loadSite(site, page);
    await page.click('#embed-open');
    await page.waitForSelector('dialog.embed-dialog[open]');
    await page.check('dialog input[name="play"][value="paused"]');
    await page.check('dialog input[name="loop"]');
    const frameCode = await page.inputValue('#embed-frame-code');
    const script = await page.inputValue('#embed-script-code');
    const element = await page.inputValue('#embed-element-code');
    await hostPage(page, `<h1>Stick-slip</h1>${frameCode}${script}`);
    await frameReady(page, 'iframe[data-friction-lab]');
    await page.waitForFunction(() => {
      const frame = document.querySelector('iframe[data-friction-lab]');
      const inner = frame.contentDocument.documentElement;
      return Math.abs(frame.getBoundingClientRect().height - inner.scrollHeight) <= 1;
    });
    const inner = await page.evaluate(() => {
      const frame = document.querySelector('iframe[data-friction-lab]');
      const doc = frame.contentDocument.documentElement;
      return {
        frame: frame.getBoundingClientRect().height,
        scroll: doc.scrollHeight - doc.clientHeight,
      };
    });
    assert.ok(inner.frame > 300, JSON.stringify(inner));
    assert.equal(inner.scroll, 0);

    // The element, from its one script tag: an iframe of the embed, paused at the first break-away.
    await hostPage(page, `<h1>Stick-slip</h1>${element}`);
    await page.waitForFunction(
      () =>
        document.querySelector('friction-lab')?.shadowRoot?.querySelector('iframe')?.contentWindow
          ?.__renders >= 1,
      null,
      { timeout: 60_000 },
    );
    const shown = await page.evaluate(() => {
      const frame = document.querySelector('friction-lab').shadowRoot.querySelector('iframe');
      const view = frame.contentWindow.__systemView;
      return {
        playing: view.playing,
        loop: view.loop,
        height: frame.getBoundingClientRect().height,
        title: frame.title,
      };
    });
    assert.equal(shown.playing, false);
    assert.equal(shown.loop, true);
    assert.ok(shown.height > 300, JSON.stringify(shown));
    assert.match(shown.title, /Friction Lab/);
    await shot(page, 'teacher-embed-element');
    assert.deepEqual(problems, []);
  },
);

test(
  'an embedded page is axe-clean, with controls, and with a value refused',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 640, height: 480 } });
    await page.goto(embedUrl('&controls=c,mu_k'));
    await waitReady(page);
    assert.deepEqual(await axeViolations(page), []);
    await page.fill('#system-c-number', '-5');
    await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'error');
    assert.deepEqual(await axeViolations(page), [], 'refused');
    assert.deepEqual(problems, []);
  },
);
