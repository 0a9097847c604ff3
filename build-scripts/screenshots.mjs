// Takes the manual's screenshots (docs/screenshots/<view>-<width>.png) of the built site in
// Debian's Chromium: every view at laptop (1366×768), projector (1920×1080) and phone (390×844) size, Present
// mode, compare mode with five runs, and the stability map of a merged CSV that the native CLI
// (build/native/cpp/friction) computed in two parts. The animation is paused at the same instant in
// each, so the pictures are comparable.
// Usage, after build-scripts/build.sh: node build-scripts/screenshots.mjs

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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
const cli = fileURLToPath(new URL('../build/native/cpp/friction', import.meta.url));
const friction = (...args) => promisify(execFile)(cli, args);

// The map of the "Larger maps" screenshots: Drake's Stribeck law from steady sliding in its falling
// branch, over the spring (log) and the dashpot, at 120 × 90 cells (about 25 s in two parts here).
const CLUSTER_MAP = {
  scenario: {
    law: 'drake-stribeck',
    params: { stiction_tolerance: 0.05 },
    system: { v0: 0.1, duration: 10, start: 'steady' },
    kick: 0.05,
  },
  x: { target: 'system', key: 'c', min: 10, max: 1000, count: 120, log: true },
  y: { target: 'system', key: 'eta', min: 0, max: 80, count: 90, log: false },
};

/** The map's merged CSV: friction sweep in two parts at once, then friction merge. */
async function clusterCsv(folder) {
  await writeFile(path.join(folder, 'map.json'), JSON.stringify(CLUSTER_MAP));
  const parts = [0, 1].map((k) => path.join(folder, `part-${k}.csv`));
  await Promise.all(
    parts.map((part, k) =>
      friction('sweep', path.join(folder, 'map.json'), '--shard', `${k}/2`, '--csv', part),
    ),
  );
  await friction('merge', ...parts, '--csv', path.join(folder, 'map.csv'));
  return path.join(folder, 'map.csv');
}

/** The map view set to CLUSTER_MAP (a 12 × 9 map in the page), its Larger maps section open, the CSV opened. */
async function shootClusterMap(width, height, csv) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  await ready(page, '#status');
  await page.click('#tab-map');
  await page.selectOption('#map-subject', 'drake-stribeck');
  await page.fill('#map-param-stiction_tolerance-number', '0.05');
  await page.fill('#map-system-v0-number', '0.1');
  await page.fill('#map-system-duration-number', '10');
  await page.selectOption('#map-start', 'steady');
  await page.fill('#map-kick', '0.05');
  for (const axis of ['x', 'y']) {
    const { key, min, max, log } = CLUSTER_MAP[axis];
    await page.selectOption(`#map-${axis}-key`, `system:${key}`);
    await page.fill(`#map-${axis}-min`, String(min));
    await page.fill(`#map-${axis}-max`, String(max));
    await page.fill(`#map-${axis}-count`, axis === 'x' ? '12' : '9');
    await page.setChecked(`#map-${axis}-log`, log);
  }
  await page.click('#map-cluster summary');
  await page.setInputFiles('#map-open-csv', csv);
  await ready(page, '#map-status');
  // The section in view: on a laptop the map's panel stays beside it; a phone shows the section.
  await page.evaluate(
    (block) => document.querySelector('#map-cluster').scrollIntoView({ block }),
    width < 960 ? 'start' : 'end',
  );
  await save(page, `map-cluster-${width}`);
  await page.close();
}

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

/**
 * The teacher's page (issue 28): free vibration with friction, "Why it sticks" on the seed's defaults,
 * the Embed dialog, and Present on a phone held sideways.
 */
async function shootTeacher() {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await page.goto(url);
  await ready(page, '#status');
  await pauseAt(page, SHOWN_TIME);
  await page.click('#why-sticks');
  await page.waitForSelector('#why-body .why-set');
  await save(page, 'why-sticks-1366');
  await page.click('#embed-open');
  await page.waitForSelector('dialog.embed-dialog[open]');
  await page.check('dialog input[name="control"][value="c"]');
  await save(page, 'embed-dialog-1366');
  await page.keyboard.press('Escape');
  await page.selectOption('#preset', 'free-vibration');
  await page.waitForFunction(() => window.__lastSummary?.regime === 'at-rest');
  await dismissNotice(page);
  await ready(page, '#status');
  await pauseAt(page, 3);
  await save(page, 'free-vibration-1366');
  await page.close();
  const phone = await browser.newPage({ viewport: { width: 844, height: 390 } });
  await phone.goto(url);
  await ready(phone, '#status');
  await pauseAt(phone, SHOWN_TIME);
  await phone.click('#present');
  await phone.waitForTimeout(300);
  await save(phone, 'present-844');
  await phone.close();
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

  // The map view as a cluster's front end: a merged CSV of the CLI's parts, opened.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-screenshots-'));
  const csv = await clusterCsv(folder);
  await shootClusterMap(1366, 768, csv);
  await shootClusterMap(390, 844, csv);
  await rm(folder, { recursive: true });

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
  await page.close();
  await shootTeacher();
  console.log(`screenshots: ${out}`);
} finally {
  await browser.close();
  server.close();
}
