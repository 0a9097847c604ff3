// The page's payload (issue 14, "Size of the page"): what a browser loads from dist/ to show the page,
// gzipped (zlib level 9), must stay within 300 kB (300 000 bytes). The files are found from the page
// itself by build-scripts/payload-size.mjs (index.html's stylesheets and scripts, then the module
// graph: static imports, the worker started with new URL(…, import.meta.url), the engine loader, the
// Emscripten glue and the .wasm it locates). This test checks that list against index.html and
// against the files it must hold, then sizes the files itself. tests/browser/payload.test.mjs checks
// the same list against what Chromium requests.
// Run: node --test tests/wasm/payload-size.test.mjs   (after build-scripts/build.sh)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { repoRoot } from './support.mjs';
import { pageFiles, stripComments } from '../../build-scripts/payload-size.mjs';

const BUDGET = 300_000; // bytes, gzipped
const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));

test('the files the page loads at start-up, gzipped, total at most 300 kB', async () => {
  assert.ok(
    existsSync(path.join(dist, 'index.html')),
    `no built site in ${dist}: run build-scripts/build.sh first`,
  );
  const { start, onDemand } = await pageFiles(dist);

  // What index.html names (comments left out) is loaded...
  const html = (await readFile(path.join(dist, 'index.html'), 'utf8')).replace(
    /<!--[\s\S]*?-->/g,
    '',
  );
  const named = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="stylesheet"[^>]*\shref)="([^"]+)"/g),
  ].map((m) => m[1]);
  assert.ok(named.length >= 3, `index.html names its stylesheets and scripts: ${named}`);
  for (const file of named)
    assert.ok(start.includes(file), `${file}, named by index.html, is missing from the list`);
  // ...and so are the worker, the engine loader, the Emscripten glue and the module, which no HTML names.
  for (const file of [
    'js/engine/sim-worker.js',
    'engine.mjs',
    'friction-wasm.mjs',
    'friction-wasm.wasm',
  ]) {
    assert.ok(start.includes(file), `${file} is missing from the list: ${start.join(', ')}`);
  }
  assert.ok(
    onDemand.includes('equations.json'),
    'equations.json is fetched when "How it is computed" opens',
  );
  // The views not shown at start-up, and the equations dialog, are modules loaded when first shown.
  for (const view of ['explorer-view', 'presliding-view', 'map-view', 'equations-view']) {
    assert.ok(
      onDemand.some((file) => file.startsWith(`js/${view}`)),
      `${view} is not loaded on demand: ${onDemand}`,
    );
    assert.ok(
      !start.some((file) => file.startsWith(`js/${view}`)),
      `${view} is loaded at start-up`,
    );
  }
  // Every file listed exists, and no module of the list imports a page file left out of it.
  for (const file of start) {
    assert.ok(existsSync(path.join(dist, file)), `${file} is listed but not in dist/`);
    if (!/\.m?js$/.test(file)) continue;
    const code = stripComments(await readFile(path.join(dist, file), 'utf8'));
    for (const [, ref] of code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref));
      assert.ok(start.includes(target), `${file} imports ${target}, which the list leaves out`);
    }
  }

  let total = 0;
  const rows = [];
  for (const file of start) {
    const gzip = gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
    rows.push(`${file} ${gzip}`);
    total += gzip;
  }
  assert.ok(
    total <= BUDGET,
    `the page loads ${(total / 1000).toFixed(1)} kB gzipped, over the ${BUDGET / 1000} kB budget:\n${rows.join('\n')}`,
  );
});
