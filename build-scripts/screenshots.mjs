// Takes the README's screenshots (docs/screenshots/<view>-<width>.png) of the built site in Debian's
// Chromium: every view at laptop (1366×768), projector (1920×1080) and phone (390×844) size, Present
// mode, and compare mode with five runs. The animation is paused at the same instant in each, so the
// pictures are comparable.
// Usage, after build-scripts/build.sh: node build-scripts/screenshots.mjs

import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';

// FRICTION_LAB_DIST shoots another built copy of the site (as the browser tests allow).
const dist = process.env.FRICTION_LAB_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
await mkdir(out, { recursive: true });

const SIZES = [
  [1366, 768],
  [1920, 1080],
  [390, 844],
];
// The instant the animation is shown at: inside the seed model's second stick, when the static
// limit, the friction and the drive force are all on screen.
const SHOWN_TIME = 2.5;

const server = await serveStatic(dist);
const url = `${server.origin}/`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
});
const ready = (page, id) =>
  page.waitForFunction(
    (selector) => document.querySelector(selector)?.dataset.state === 'ready',
    id,
    { timeout: 120_000 },
  );
const save = (page, name) => page.screenshot({ path: `${out}${name}.png` });
/** Dismisses the notice a preset leaves at the foot of the window (its Undo), once it is shown. */
async function dismissNotice(page) {
  await page.waitForSelector('#undo-notice:not([hidden])');
  await page.click('#undo-notice .undo-dismiss');
}

/** Pauses the animation at `t` with its scrubber, as a reader would. */
async function pauseAt(page, t) {
  await page.evaluate((time) => {
    const scrub = document.querySelector('.sv-time');
    scrub.value = String(time);
    scrub.dispatchEvent(new Event('input', { bubbles: true }));
    scrub.dispatchEvent(new Event('change', { bubbles: true }));
    if (window.__systemView.playing) document.querySelector('.sv-play').click();
  }, t);
  await page.waitForFunction(() => !window.__systemView.playing);
}

try {
  for (const [width, height] of SIZES) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(url);
    await ready(page, '#status');
    await pauseAt(page, SHOWN_TIME);
    await save(page, `spring-${width}`);
    for (const view of ['explorer', 'presliding', 'map']) {
      await page.click(`#tab-${view}`);
      if (view === 'explorer') await ready(page, '#explorer-status');
      if (view === 'presliding') await ready(page, '#presliding-status');
      if (view === 'map') {
        await page.click('#map-run');
        await ready(page, '#map-status');
      }
      // A phone shows the view's results below its settings: shoot those.
      if (width < 960)
        await page.evaluate(
          (id) => document.getElementById(id).scrollIntoView(),
          `${view}-results`,
        );
      await save(page, `${view}-${width}`);
    }
    if (width >= 960) {
      await page.click('#tab-spring');
      await page.click('#present');
      await page.waitForTimeout(300);
      await save(page, `present-${width}`);
      await page.click('#present');
    }
    await page.close();
  }

  // Compare mode: Coulomb C1 and four more kinetic coefficients.
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(url);
  await ready(page, '#status');
  await page.selectOption('#preset', 'coulomb-limit-cycle');
  await page.waitForFunction(() => window.__lastSummary?.law === 'coulomb');
  await dismissNotice(page);
  for (const muK of ['0.35', '0.3', '0.25', '0.2']) {
    await page.click('#compare-add');
    await page.fill('#spring-law-mu_k-number', muK);
    await page.waitForFunction(
      (value) => window.__lastSummary?.params?.mu_k === Number(value),
      muK,
    );
    await ready(page, '#status');
  }
  await pauseAt(page, 8);
  await save(page, 'compare-1366');

  // Slide-hold-slide: the healing chart, then the drive editor over it.
  await page.selectOption('#preset', 'slide-hold-slide');
  await page.waitForFunction(
    () => window.__lastSummary?.holds?.length === 4 && window.__healingRenders > 0,
  );
  await dismissNotice(page);
  await ready(page, '#status');
  await page.locator('.chart-healing').scrollIntoViewIfNeeded();
  await save(page, 'healing-1366');
  await page.click('#drive-edit');
  await page.waitForSelector('#drive-dialog[open]');
  await save(page, 'drive-editor-1366');
  console.log(`screenshots: ${out}`);
} finally {
  await browser.close();
  server.close();
}
