// The page's payload: every file a browser loads from dist/ to show the page, with its size as
// served (raw) and gzipped (node's zlib, level 9), and the total. The list is not kept by hand: it
// is read from the page itself, as a browser would find it:
//   - index.html: its stylesheets, scripts and module scripts (comments skipped, data: and other
//     hosts' URLs skipped);
//   - each stylesheet's url(…) and @import;
//   - each module, followed through its static imports (`import … from`, `export … from`) and every
//     `new URL('…', import.meta.url)`: the worker (sim-worker.js, itself a module) and, in the
//     Emscripten glue, the .wasm;
//   - what loads only on demand is listed apart and left out of the start-up total: the modules a
//     module imports dynamically (import('…'): a view's chunk, loaded the first time the view is
//     shown) with their own imports, and files a module fetches (a literal 'name.json' or 'name.css'
//     in a module, e.g. equations.json and equations.css when "How it is computed" first opens);
//   - the modules of the JS API that load on demand and that no page module imports (kApiOnDemand:
//     fit-engine.mjs, loadFitEngine(), with its Emscripten glue and .wasm), on demand as well.
// tests/wasm/payload-size.test.mjs holds the total to its budget, and tests/browser/payload.test.mjs
// checks this list against what Chromium actually requests.
//
// Usage: node build-scripts/payload-size.mjs [dist]   (build.sh runs it last; --json prints JSON)

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { stripComments } from './strip-comments.mjs';

// The tests read the comment stripper from here, beside the file list it serves.
export { stripComments };

const defaultDist = fileURLToPath(new URL('../dist/', import.meta.url));

const isRelative = (ref) => !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(ref) && ref !== '';
/** A reference made from `from` (a dist-relative path), as a dist-relative path; null for other hosts, data: and bare names. */
function resolve(from, ref, { bare = false } = {}) {
  const clean = ref.split(/[?#]/)[0];
  if (!isRelative(clean)) return null;
  if (!bare && !/^\.{0,2}\//.test(clean)) return null; // a bare module name: not a file of ours
  const base = new URL(from, 'http://dist.invalid/');
  const url = new URL(clean, base);
  if (url.host !== 'dist.invalid') return null;
  return decodeURIComponent(url.pathname.slice(1));
}

const isModule = (file) => /\.m?js$/.test(file);

/** The API's modules loaded only when a caller asks for them (the fits' and the studies' loaders), if dist
 * has them. */
const kApiOnDemand = ['fit-engine.mjs', 'studies-engine.mjs'];

/**
 * The files the page loads from `dist`: `start` (in the order found) at start-up, and `onDemand`,
 * fetched by a module only when asked for.
 */
export async function pageFiles(dist = defaultDist) {
  const graph = new PageGraph(dist);
  await graph.followPage();
  // Modules imported with import(): on demand, followed once the start-up graph is known.
  await graph.followDynamicImports();
  for (const file of kApiOnDemand) {
    const present = await readFile(path.join(dist, file)).then(
      () => true,
      () => false,
    );
    if (present) await graph.module(file, graph.onDemand);
  }
  const { start, onDemand } = graph;
  return { start, onDemand: onDemand.filter((file) => !start.includes(file)) };
}

// A static import (`import … from '…'`, `import '…'`) and a re-export (`export … from '…'`).
const STATIC_IMPORT =
  /(?:^|[^\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?\s*(?:from\s*)?(["'])([^"']+)\1/g;
const RE_EXPORT =
  /(?:^|[^\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"']+)\1/g;
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*(["'])([^"']+)\1\s*\)/g;
const MODULE_URL = /new\s+URL\s*\(\s*(["'])([^"']+)\1\s*,\s*import\.meta\.url\s*\)/g;
// A literal file name a module fetches (or resolves against the page).
const FETCHED_FILE = /(["'])([\w./-]+\.(?:json|css))\1/g;

/** The page's files, found as a browser finds them: index.html, then what each file names. */
class PageGraph {
  start = [];
  onDemand = [];
  #dist;
  #visited = new Set();
  #dynamic = [];

  constructor(dist) {
    this.#dist = dist;
  }

  #read(file) {
    return readFile(path.join(this.#dist, file), 'utf8');
  }

  #add(list, file) {
    if (!list.includes(file)) list.push(file);
    return file;
  }

  /** index.html and what its tags load: stylesheets, module scripts, scripts, images. */
  async followPage() {
    this.#add(this.start, 'index.html');
    const html = (await this.#read('index.html')).replace(/<!--[\s\S]*?-->/g, '');
    for (const [tag] of html.matchAll(/<(?:link|script|img|source)\b[^>]*>/gi)) {
      const { target, as } = tagReference(tag);
      if (as === 'stylesheet') await this.#css(target);
      else if (as === 'module') await this.module(target);
      else if (as === 'file') this.#add(this.start, target);
    }
  }

  async followDynamicImports() {
    while (this.#dynamic.length > 0) await this.module(this.#dynamic.shift(), this.onDemand);
  }

  /** A stylesheet and what it names: url(…) and @import. */
  async #css(file) {
    if (this.start.includes(file)) return;
    this.#add(this.start, file);
    const text = (await this.#read(file)).replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, , ref] of text.matchAll(/(?:url\(\s*|@import\s+)(["']?)([^"')\s]+)\1/g)) {
      const target = resolve(file, ref, { bare: true });
      if (!target) continue;
      if (target.endsWith('.css')) await this.#css(target);
      else this.#add(this.start, target);
    }
  }

  /** A module (in `list`) and what it loads: its static imports in the same list, the rest apart. */
  async module(file, list = this.start) {
    if (this.#visited.has(file)) return;
    this.#visited.add(file);
    this.#add(list, file);
    const code = stripComments(await this.#read(file));
    const refs = [...code.matchAll(STATIC_IMPORT), ...code.matchAll(RE_EXPORT)].map((m) => m[2]);
    for (const ref of refs) {
      const target = resolve(file, ref);
      if (target) await this.module(target, list);
    }
    for (const [, , ref] of code.matchAll(DYNAMIC_IMPORT)) {
      const target = resolve(file, ref);
      if (target) this.#dynamic.push(target);
    }
    await this.#moduleUrls(file, code, list);
    // fetch() and new URL(…, document.baseURI) resolve against the page, not the module.
    for (const [, , ref] of code.matchAll(FETCHED_FILE)) {
      const target = resolve('index.html', ref, { bare: true });
      if (target) this.#add(this.onDemand, target);
    }
  }

  /** Workers and assets located beside the module. The Emscripten glue names its .wasm without ./. */
  async #moduleUrls(file, code, list) {
    for (const [, , ref] of code.matchAll(MODULE_URL)) {
      const target = resolve(file, ref, { bare: true });
      if (!target || target.endsWith('/') || target === '') continue;
      if (isModule(target)) await this.module(target, list);
      else this.#add(list, target);
    }
  }
}

/**
 * What a tag of index.html loads: {target, as}, `as` one of 'stylesheet', 'module', 'file' (loaded
 * at start-up as it is), or null (nothing the page loads: icons, canonical, other hosts…).
 */
function tagReference(tag) {
  const attr = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'i'))?.[2];
  const ref = attr('href') ?? attr('src');
  const target = ref && resolve('index.html', ref, { bare: true });
  if (!target) return { target, as: null };
  const rel = (attr('rel') ?? '').toLowerCase();
  if (/^link/i.test(tag.slice(1))) {
    if (rel === 'stylesheet') return { target, as: 'stylesheet' };
    if (rel === 'modulepreload') return { target, as: 'module' };
    return { target, as: rel === 'preload' ? 'file' : null };
  }
  const isModuleScript =
    /^script/i.test(tag.slice(1)) && (attr('type') ?? '').toLowerCase() === 'module';
  return { target, as: isModuleScript ? 'module' : 'file' };
}

/** Raw and gzip -9 sizes of each file the page loads, and the totals (start-up only). */
export async function payloadSizes(dist = defaultDist) {
  const { start, onDemand } = await pageFiles(dist);
  const measure = async (file, when) => {
    const bytes = await readFile(path.join(dist, file));
    return { file, when, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const files = [
    ...(await Promise.all(start.map((file) => measure(file, 'start')))),
    ...(await Promise.all(onDemand.map((file) => measure(file, 'on demand')))),
  ];
  const atStart = files.filter((row) => row.when === 'start');
  return {
    files,
    total: {
      raw: atStart.reduce((sum, row) => sum + row.raw, 0),
      gzip: atStart.reduce((sum, row) => sum + row.gzip, 0),
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const dist = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? defaultDist);
  const sizes = await payloadSizes(dist);
  if (args.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    const kB = (bytes) => (bytes / 1000).toFixed(1);
    const width = Math.max(...sizes.files.map((row) => row.file.length), 24);
    const line = (name, raw, gzip) =>
      `${name.padEnd(width)} ${String(raw).padStart(10)} ${String(gzip).padStart(10)}`;
    console.log(
      `payload: the files the page loads from ${path.relative(process.cwd(), dist) || '.'}/ (bytes; gzip -9)`,
    );
    console.log(line('file', 'raw', 'gzip'));
    for (const row of sizes.files.filter((r) => r.when === 'start'))
      console.log(line(row.file, row.raw, row.gzip));
    console.log(
      line(
        `total at start-up (${sizes.files.filter((r) => r.when === 'start').length} files)`,
        sizes.total.raw,
        sizes.total.gzip,
      ) + `   = ${kB(sizes.total.raw)} kB raw, ${kB(sizes.total.gzip)} kB gzipped`,
    );
    for (const row of sizes.files.filter((r) => r.when !== 'start'))
      console.log(line(`${row.file} (on demand)`, row.raw, row.gzip));
  }
}
