// Shared harness of the browser tests (page, explorer and law-sim .test.mjs): serves the built site
// (dist/) under a sub-path with python3's http.server, drives Debian's Chromium with playwright-core,
// and records every console error, page error and HTTP error of a page.
//
// The site is served under a sub-path, as a static host may do, so any absolute URL in the page
// shows up as a 404. Screenshots go to test-results/ (git-ignored), for a person to look at.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../build-scripts/static-server.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
// FRICTION_LAB_DIST tests another built copy of the site; the default is the repo's dist/.
const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repo, 'dist'));
const screenshots = path.join(repo, 'test-results');
const SUB_PATH = '/sub/friction-lab/';

/**
 * Registers before/after hooks that start the server and the browser for this test file.
 * @returns {{url: string, browser: import('playwright-core').Browser}} filled in once `before` has run
 */
export function useSite() {
  const site = { url: '', browser: null };
  let server;
  let servedRoot;

  before(async () => {
    assert.ok(
      existsSync(path.join(dist, 'index.html')),
      `no built site in ${dist}: run build-scripts/build.sh first`,
    );
    servedRoot = await mkdtemp(path.join(os.tmpdir(), 'friction-lab-site-'));
    await mkdir(path.join(servedRoot, 'sub'));
    await symlink(dist, path.join(servedRoot, 'sub', 'friction-lab'));

    server = await serveStatic(servedRoot);
    site.url = `${server.origin}${SUB_PATH}`;

    site.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    await mkdir(screenshots, { recursive: true });
  });

  after(async () => {
    await site.browser?.close();
    server?.close();
    if (servedRoot) await rm(servedRoot, { recursive: true, force: true });
  });

  return site;
}

/** A page in a fresh context (empty localStorage), recording every console error, page error and HTTP error. */
export async function openPage(
  site,
  t,
  { viewport = { width: 1280, height: 900 }, initScript, reducedMotion } = {},
) {
  const context = await site.browser.newContext({
    viewport,
    ...(reducedMotion ? { reducedMotion } : {}),
  });
  t.after(() => context.close());
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  return { page, problems };
}

/** Waits until the spring-block view has drawn a chart and has no computation outstanding; fails at once on an error. */
export async function waitReady(page) {
  await page.waitForFunction(() => {
    const state = document.querySelector('#status')?.dataset.state;
    return state === 'error' || (state === 'ready' && window.__renders >= 1);
  });
  const state = await page.locator('#status').getAttribute('data-state');
  assert.equal(
    state,
    'ready',
    `the page reports an error: ${await page.locator('#form-error').textContent()}`,
  );
}

/**
 * The text of `selector` once it matches `pattern`, or as it is after `timeout` ms: a page sets some
 * words after the result it waits for (a view's drive words, an embed's notice), so a text read at
 * once can still be empty on a busy machine. The caller asserts on what this returns.
 */
export async function textMatching(page, selector, pattern, timeout = 15_000) {
  await page
    .waitForFunction(
      ([target, source, flags]) =>
        new RegExp(source, flags).test(document.querySelector(target)?.textContent ?? ''),
      [selector, pattern.source, pattern.flags],
      { timeout },
    )
    .catch(() => {});
  return page.locator(selector).textContent();
}

/** Loads the site and waits for the first plotted result; checks that the wasm arrives as application/wasm. */
export async function loadSite(site, page) {
  const wasmResponse = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('.wasm'),
  );
  await page.goto(site.url);
  const wasm = await wasmResponse;
  assert.equal(wasm.status(), 200);
  assert.equal(wasm.headers()['content-type'], 'application/wasm');
  await waitReady(page);
}

/** A full-page screenshot in test-results/<name>.png, taken from the top. */
export async function shot(page, name) {
  // From the top, so the sticky results panel is drawn where a reader expects it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

export async function pressKeys(page, selector, key, times) {
  await page.focus(selector);
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/**
 * Runs axe-core (npm axe-core, Deque's accessibility engine) in the page at WCAG 2.0 and 2.1 A and
 * AA, plus its best-practice landmark rules; returns each violation as "rule: target (summary)".
 * Only what is on screen is checked: hidden views are not in the accessibility tree.
 */
export async function axeViolations(page) {
  await page.addScriptTag({ path: path.join(repo, 'node_modules', 'axe-core', 'axe.min.js') });
  const violations = await page.evaluate(async () => {
    const result = await globalThis.axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations
      .map((v) =>
        v.nodes.map(
          (node) =>
            `${v.id}: ${node.target.join(' ')} (${node.failureSummary.split('\n')[1]?.trim() ?? v.help})`,
        ),
      )
      .flat();
  });
  return violations;
}

/** Waits until the explorer has drawn its chart and has no computation outstanding; `expect` 'error' waits for a refusal. */
export async function waitExplorer(page, { after = 0, expect = 'ready' } = {}) {
  await page.waitForFunction((count) => {
    const state = document.querySelector('#explorer-status')?.dataset.state;
    return state === 'error' || (state === 'ready' && window.__lawRenders > count);
  }, after);
  const state = await page.locator('#explorer-status').getAttribute('data-state');
  if (state !== expect) {
    const messages = await page.locator('#view-explorer [role="alert"]').allTextContents();
    assert.fail(
      `the explorer is ${state}, expected ${expect}: ${messages.filter(Boolean).join(' | ')}`,
    );
  }
}
