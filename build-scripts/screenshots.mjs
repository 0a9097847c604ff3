// Takes the README's screenshots (docs/screenshots/*.jpg) of the built site in Debian's Chromium.
// Usage, after build-scripts/build.sh: node build-scripts/screenshots.mjs

import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';

// FRICTION_LAB_DIST shoots another built copy of the site (as the browser tests allow).
const dist = process.env.FRICTION_LAB_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const out = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
await mkdir(out, { recursive: true });

const server = await serveStatic(dist);
const url = `${server.origin}/`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const ready = (page) => page.waitForFunction(() => ['#status', '#presliding-status', '#explorer-status']
  .every((id) => ['ready', null, undefined].includes(document.querySelector(id)?.dataset.state)
    || document.querySelector(id)?.offsetParent === null));
const save = (page, name) => page.screenshot({ path: `${out}${name}.jpg`, type: 'jpeg', quality: 80 });

try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(url);
  await ready(page);
  await page.selectOption('#preset', 'coulomb-limit-cycle');
  await page.waitForFunction(() => window.__lastSummary?.law === 'coulomb');
  await ready(page);
  await save(page, 'spring-block-coulomb');

  for (const muK of [0.3, 0.2]) {
    await page.click('#compare-add');
    await page.fill('#spring-law-mu_k-number', String(muK));
    await page.waitForFunction((value) => window.__lastSummary?.params?.mu_k === value, muK);
    await ready(page);
  }
  await page.evaluate(() => document.querySelector('#results').scrollIntoView());
  await save(page, 'compare');

  await page.selectOption('#preset', 'lugre-presliding');
  await page.waitForFunction(() => window.__lastPresliding?.summary.law === 'lugre');
  await ready(page);
  await save(page, 'presliding');

  await page.click('#tab-explorer');
  await page.waitForFunction(() => window.__lawRenders >= 1);
  await save(page, 'explorer');

  // The stability map with its defaults: the seed model's c–η plane against its critical damping.
  await page.click('#tab-map');
  await page.click('#map-run');
  await page.waitForFunction(() => document.querySelector('#map-status').dataset.state === 'ready', null, { timeout: 120_000 });
  await page.evaluate(() => document.querySelector('#map-results').scrollIntoView());
  await save(page, 'stability-map');

  const phone = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await phone.goto(url);
  await ready(phone);
  await save(phone, 'phone');
  console.log(`screenshots: ${out}`);
} finally {
  await browser.close();
  server.close();
}
