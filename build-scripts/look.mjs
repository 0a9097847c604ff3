import { chromium } from 'playwright-core';
import { serveStatic } from './static-server.mjs';
const server = await serveStatic(new URL('../dist/', import.meta.url).pathname);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const [view, w, h] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
try {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => document.querySelector('#status').dataset.state === 'ready');
  if (view !== 'spring') { await page.click(`#tab-${view}`); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/shots/${view}-${w}.png` });
} finally { await browser.close(); server.close(); }
