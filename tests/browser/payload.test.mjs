// Browser test of the page's payload (issue 14): the files Chromium requests from the site to show
// the page, in the page and in its worker, are exactly those build-scripts/payload-size.mjs lists
// (so its start-up total, held to 300 kB by tests/wasm/payload-size.test.mjs, counts what is really
// loaded), and opening "How it is computed" adds only equations.json, which it lists as on demand.
// The files requested, gzipped, are within the budget too.
// Run: node --test --test-reporter=spec tests/browser/payload.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { pageFiles } from '../../build-scripts/payload-size.mjs';
import { loadSite, openPage, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const BUDGET = 300_000; // bytes, gzipped
const repo = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repo, 'dist'));
const site = useSite();

test(
  'the page requests exactly the files payload-size.mjs lists, within 300 kB gzipped',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    const requested = [];
    // The context sees the page's requests and its workers'.
    page.context().on('request', (request) => {
      const url = new URL(request.url());
      if (url.href.startsWith(site.url))
        requested.push(
          decodeURIComponent(url.pathname.slice(new URL(site.url).pathname.length)) || 'index.html',
        );
    });
    await loadSite(site, page);
    // Nothing else arrives once the first run is drawn (no lazy module, no second worker's files).
    await page.waitForLoadState('networkidle');
    const atStart = [...new Set(requested)].sort();

    const { start, onDemand } = await pageFiles(dist);
    assert.deepEqual(
      atStart,
      [...start].sort(),
      'the page loaded other files than payload-size.mjs lists',
    );

    let total = 0;
    for (const file of atStart)
      total += gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
    assert.ok(
      total <= BUDGET,
      `the page loaded ${(total / 1000).toFixed(1)} kB gzipped, over ${BUDGET / 1000} kB`,
    );

    // What loads on demand is what payload-size.mjs lists as such, and only when asked for: "How it is
    // computed" fetches its module and the typeset equations the first time it opens; each other view
    // its own module the first time it is shown (the export module waits for an export).
    const newlyRequested = (from) => [...new Set(requested.slice(from))];
    let before = requested.length;
    await page.click('#show-equations');
    await page.waitForFunction(() => {
      const dialog = document.querySelector('#equations-dialog');
      return (
        dialog.open &&
        dialog.querySelector('.eq-math math') &&
        !dialog.querySelector('.eq-status')?.textContent
      );
    });
    await page.waitForLoadState('networkidle');
    const forEquations = newlyRequested(before);
    assert.ok(
      forEquations.includes('equations.json'),
      `"How it is computed" fetched ${forEquations}`,
    );
    assert.ok(
      forEquations.every((file) => onDemand.includes(file)),
      `${forEquations} are not all listed on demand: ${onDemand}`,
    );
    await page.keyboard.press('Escape');
    for (const [tab, selector] of [
      ['#tab-explorer', '#view-explorer'],
      ['#tab-presliding', '#view-presliding'],
      ['#tab-map', '#view-map'],
    ]) {
      before = requested.length;
      await page.click(tab);
      await page.waitForSelector(`${selector}:not([hidden])`);
      await page.waitForLoadState('networkidle');
      const forView = newlyRequested(before);
      assert.ok(forView.length >= 1, `showing ${selector} loaded no module of its own`);
      assert.ok(
        forView.every((file) => onDemand.includes(file)),
        `showing ${selector} loaded ${forView}, not all listed on demand`,
      );
    }
    const atStartSet = new Set(atStart);
    const later = [...new Set(requested)].filter((file) => !atStartSet.has(file));
    assert.ok(
      later.every((file) => onDemand.includes(file)),
      `${later} are not all listed on demand: ${onDemand}`,
    );
    assert.deepEqual(problems, []);
  },
);
