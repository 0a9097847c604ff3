// Browser test of the single-file build (issue 6): dist/friction-lab.html opened from a file:// URL,
// with nothing served, runs the engine in its worker and draws, as the served page does.
// Run: node --test --test-reporter=spec tests/browser/single-file.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { openPage, shot, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();
const dist = process.env.FRICTION_LAB_DIST ?? path.resolve('dist');

test(
  'friction-lab.html works from a file:// URL, alone in its folder',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    // Alone in a folder: it must not reach for any file beside it.
    const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-lab-single-'));
    t.after(() => rm(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'friction-lab.html');
    await copyFile(path.join(dist, 'friction-lab.html'), file);

    const { page, problems } = await openPage(site, t);
    const requests = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file).href);
    await waitReady(page);
    // The seed model's defaults, computed in the inlined worker: the same Resonance as served.
    assert.equal(await page.locator('#resonance').textContent(), '0.50Hz, 3.16rad/s');
    // A law run, a preset and the presliding view work too.
    await page.selectOption('#preset', 'coulomb-limit-cycle');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    assert.match(await page.locator('#period').textContent(), /^5\.0926 s/);
    await page.click('#tab-presliding');
    await page.waitForFunction(
      () => document.querySelector('#presliding-status')?.dataset.state === 'ready',
    );
    await shot(page, 'single-file-01-presliding');
    // Nothing but the page itself and blob/data URLs was loaded.
    assert.deepEqual(
      requests.filter(
        (url) =>
          !url.startsWith('blob:') && !url.startsWith('data:') && url !== pathToFileURL(file).href,
      ),
      [],
    );
    assert.deepEqual(problems, []);
  },
);
