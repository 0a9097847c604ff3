// Browser test of sharing (issue 6): the address holds the whole state; opened in a fresh context
// (no saved settings) it gives the same run, numbers included; the link wins over saved settings;
// a corrupt link falls back with a notice. Copy link puts that address on the clipboard.
// Run: node --test --test-reporter=spec tests/browser/share.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadSite, openPage, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

const summary = (page) => page.evaluate(() => window.__lastSummary);
const lawRun = (page, law, c) =>
  page.waitForFunction(
    ({ law, c }) =>
      window.__lastSummary?.law === law &&
      window.__lastSummary?.system?.c === c &&
      document.querySelector('#status').dataset.state === 'ready',
    { law, c },
  );

test(
  'a shared link opened in a fresh context gives the same run, and wins over saved settings',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const first = await openPage(site, t);
    await loadSite(site, first.page);
    await first.page.selectOption('#model', 'ratel-threlfall');
    await first.page.fill('#system-c-number', '37');
    await lawRun(first.page, 'ratel-threlfall', 37);
    await first.page.fill('#spring-law-kinetic-number', '0.3');
    await first.page.waitForFunction(
      () =>
        window.__lastSummary?.params?.kinetic === 0.3 &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    await first.page.selectOption('#integrator', 'rk4');
    await first.page.waitForFunction(
      () =>
        window.__lastSummary?.integrator === 'rk4' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const original = await summary(first.page);
    const link = first.page.url();
    assert.match(link, /#state=/);

    // A fresh context: nothing saved, only the link.
    const second = await openPage(site, t);
    await second.page.goto(link);
    await waitReady(second.page);
    await lawRun(second.page, 'ratel-threlfall', 37);
    const shared = await summary(second.page);
    for (const key of [
      'law',
      'integrator',
      'steps',
      'period',
      'peakVelocity',
      'driveForceMax',
      'energyResidual',
      'regime',
    ])
      assert.deepEqual(shared[key], original[key], key);
    assert.deepEqual(shared.params, original.params);
    assert.deepEqual(shared.system, original.system);
    assert.equal(await second.page.inputValue('#integrator'), 'rk4');

    // Saved settings elsewhere do not override the link.
    const third = await openPage(site, t, {
      initScript: () =>
        localStorage.setItem(
          'friction-lab/settings/v1',
          JSON.stringify({ model: 'coulomb', view: 'explorer' }),
        ),
    });
    await third.page.goto(link);
    await waitReady(third.page);
    await lawRun(third.page, 'ratel-threlfall', 37);
    assert.equal(await third.page.inputValue('#model'), 'ratel-threlfall');
    assert.equal(await third.page.locator('#view-spring').isVisible(), true);
    for (const { problems } of [first, second, third]) assert.deepEqual(problems, []);
  },
);

test(
  'a corrupt link falls back with a notice; Copy link copies the address',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await page.goto(`${site.url}#state=%7Bnot-json`);
    await waitReady(page);
    assert.match(await page.locator('#notice').textContent(), /link's settings could not be read/);
    assert.equal(await page.inputValue('#model'), 'abbott-seed');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(site.url).origin,
    });
    await page.click('#copy-link');
    await page.waitForFunction(
      () => document.querySelector('#copy-link-status').textContent !== '',
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
    assert.match(copied, /#state=/);
    assert.deepEqual(problems, []);
  },
);

test(
  'a drag writes its settings to storage at most once per 250 ms, and none is lost',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    // Count the writes of the saved settings (the address is written at every change).
    const { page, problems } = await openPage(site, t, {
      initScript: () => {
        const setItem = Storage.prototype.setItem;
        window.__storageWrites = [];
        Storage.prototype.setItem = function (key, value) {
          if (key === 'friction-lab/settings/v1') window.__storageWrites.push(performance.now());
          return setItem.call(this, key, value);
        };
      },
    });
    await loadSite(site, page);
    await page.selectOption('#model', 'coulomb');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'coulomb' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    // Twelve values of c, each run drawn before the next is typed (a drag that keeps up).
    const values = Array.from({ length: 12 }, (_, i) => 20 + 3 * i);
    const start = await page.evaluate(() => performance.now());
    for (const c of values) {
      await page.fill('#system-c-number', String(c));
      await lawRun(page, 'coulomb', c);
    }
    const { writes, end } = await page.evaluate(
      (start) => ({
        writes: window.__storageWrites.filter((t) => t >= start).sort((a, b) => a - b),
        end: performance.now(),
      }),
      start,
    );
    // Throttled: consecutive writes at least 250 ms apart (a timer may fire a little early: 240 ms).
    for (let i = 1; i < writes.length; i++)
      assert.ok(writes[i] - writes[i - 1] >= 240, `writes at ${writes[i - 1]} and ${writes[i]} ms`);
    assert.ok(
      writes.length <= Math.floor((end - start) / 250) + 1,
      `${writes.length} writes in ${end - start} ms`,
    );
    // The address is current at once: a reload started now brings back the last value.
    assert.match(decodeURIComponent(page.url()), new RegExp(`"c":${values.at(-1)}[,}]`));
    await page.reload();
    await waitReady(page);
    assert.equal(
      Number(await page.inputValue('#system-c-number')),
      values.at(-1),
      'after a reload',
    );
    // Left at once for the address without its link: storage has the last value (written on pagehide
    // if its write was still waiting).
    await page.fill('#system-c-number', '17');
    await lawRun(page, 'coulomb', 17);
    await page.goto(page.url().split('#')[0]);
    await waitReady(page);
    assert.equal(
      Number(await page.inputValue('#system-c-number')),
      17,
      'reopened without the link',
    );
    assert.deepEqual(problems, []);
  },
);
