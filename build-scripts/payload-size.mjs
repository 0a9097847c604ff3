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

const defaultDist = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * JavaScript source without its comments, strings kept (so `// …` inside a string survives and a
 * JSDoc `{import('…')}` does not count as an import). Knows strings, template literals (with ${}),
 * and regular expression literals by the usual rule (a `/` where an operand is expected).
 */
export function stripComments(source) {
  let out = '';
  let i = 0;
  const n = source.length;
  const braces = []; // for each open `${`: the brace depth at which its template resumes
  let depth = 0;
  let lastSignificant = '';
  const regexMayFollow = () =>
    lastSignificant === '' ||
    /[(,=:[!&|?{};+\-*%<>~^]$/.test(lastSignificant) ||
    /\b(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(
      lastSignificant,
    );
  const readTemplate = () => {
    // from just after ` (or after the } closing a ${…}); stops after ` or ${
    while (i < n) {
      const c = source[i];
      out += c;
      i++;
      if (c === '\\') {
        out += source[i] ?? '';
        i++;
        continue;
      }
      if (c === '`') return;
      if (c === '$' && source[i] === '{') {
        out += '{';
        i++;
        braces.push(depth);
        depth++;
        return;
      }
    }
  };
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = 'x';
      continue;
    }
    if (c === '`') {
      out += c;
      i++;
      readTemplate();
      lastSignificant = 'x';
      continue;
    }
    if (c === '/' && regexMayFollow()) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        if (source[j] === '\\') {
          j += 2;
          continue;
        }
        if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        else if (source[j] === '/' && !inClass) break;
        j++;
      }
      while (j + 1 < n && /[a-z]/i.test(source[j + 1])) j++;
      out += source.slice(i, j + 1);
      i = j + 1;
      lastSignificant = 'x';
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') {
      depth--;
      if (braces.length && braces[braces.length - 1] === depth) {
        braces.pop();
        out += c;
        i++;
        readTemplate();
        lastSignificant = 'x';
        continue;
      }
    }
    out += c;
    i++;
    if (!/\s/.test(c))
      lastSignificant = /[\w$]/.test(c)
        ? (/[\w$]$/.test(lastSignificant) ? lastSignificant + c : c).slice(-8)
        : c;
  }
  return out;
}

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

/** The API's modules loaded only when a caller asks for them (the fits' loader), if dist has them. */
const kApiOnDemand = ['fit-engine.mjs'];

/**
 * The files the page loads from `dist`: `start` (in the order found) at start-up, and `onDemand`,
 * fetched by a module only when asked for.
 */
export async function pageFiles(dist = defaultDist) {
  const read = (file) => readFile(path.join(dist, file), 'utf8');
  const start = [];
  const onDemand = [];
  const add = (list, file) => {
    if (!list.includes(file)) list.push(file);
    return file;
  };

  const css = async (file) => {
    if (start.includes(file)) return;
    add(start, file);
    const text = (await read(file)).replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, , ref] of text.matchAll(/(?:url\(\s*|@import\s+)(["']?)([^"')\s]+)\1/g)) {
      const target = resolve(file, ref, { bare: true });
      if (target) target.endsWith('.css') ? await css(target) : add(start, target);
    }
  };
  const visited = new Set();
  const dynamic = []; // modules imported with import(): on demand, followed once the start-up graph is known
  const module = async (file, list = start) => {
    if (visited.has(file)) return;
    visited.add(file);
    add(list, file);
    const code = stripComments(await read(file));
    const refs = [
      ...[
        ...code.matchAll(
          /(?:^|[^\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s+[\w$]+|\{[^}]*\})?\s*(?:from\s*)?(["'])([^"']+)\1/g,
        ),
      ].map((m) => m[2]),
      ...[
        ...code.matchAll(
          /(?:^|[^\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"']+)\1/g,
        ),
      ].map((m) => m[2]),
    ];
    for (const ref of refs) {
      const target = resolve(file, ref);
      if (target) await module(target, list);
    }
    for (const [, , ref] of code.matchAll(/(?:^|[^\w$.])import\s*\(\s*(["'])([^"']+)\1\s*\)/g)) {
      const target = resolve(file, ref);
      if (target) dynamic.push(target);
    }
    // Workers and assets located beside the module. The Emscripten glue names its .wasm without ./.
    for (const [, , ref] of code.matchAll(
      /new\s+URL\s*\(\s*(["'])([^"']+)\1\s*,\s*import\.meta\.url\s*\)/g,
    )) {
      const target = resolve(file, ref, { bare: true });
      if (!target || target.endsWith('/') || target === '') continue;
      if (isModule(target)) await module(target, list);
      else add(list, target);
    }
    // fetch() and new URL(…, document.baseURI) resolve against the page, not the module.
    for (const [, , ref] of code.matchAll(/(["'])([\w./-]+\.(?:json|css))\1/g)) {
      const target = resolve('index.html', ref, { bare: true });
      if (target) add(onDemand, target);
    }
  };

  add(start, 'index.html');
  const html = (await read('index.html')).replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of html.matchAll(/<(?:link|script|img|source)\b[^>]*>/gi)) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'i'))?.[2];
    const ref = attr('href') ?? attr('src');
    const target = ref && resolve('index.html', ref, { bare: true });
    if (!target) continue;
    const rel = (attr('rel') ?? '').toLowerCase();
    if (/^link/i.test(tag.slice(1)) && rel === 'stylesheet') await css(target);
    else if (/^link/i.test(tag.slice(1)) && rel === 'modulepreload') await module(target);
    else if (/^link/i.test(tag.slice(1)) && rel !== 'preload')
      continue; // icons, canonical, …
    else if (/^script/i.test(tag.slice(1)) && (attr('type') ?? '').toLowerCase() === 'module')
      await module(target);
    else add(start, target);
  }
  while (dynamic.length > 0) await module(dynamic.shift(), onDemand);
  for (const file of kApiOnDemand) {
    const present = await readFile(path.join(dist, file)).then(
      () => true,
      () => false,
    );
    if (present) await module(file, onDemand);
  }
  return { start, onDemand: onDemand.filter((file) => !start.includes(file)) };
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
