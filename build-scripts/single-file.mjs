// Builds dist/friction-lab.html: the whole app in one file that works opened from disk (file://),
// where a page may not fetch anything, import modules or start a worker from a file. So:
//   - the stylesheet and Chart.js are inlined;
//   - the page's ES modules (web/js) become one inline module, each wrapped in a function scope with
//     its imports and exports rewritten to a small registry;
//   - the worker (the Emscripten module, engine.mjs and sim-worker.js, bundled the same way) is
//     inlined as text and started as a classic worker from a Blob URL, with the wasm bytes inlined as
//     base64 and handed to the engine (globalThis.__frictionWasmBinary; the studies' module's,
//     globalThis.__frictionStudiesWasmBinary), so nothing is fetched;
//   - the Fit view's worker (fit-worker.js with the fits' module fit-engine.mjs and its glue) is inlined
//     as a second worker text, with the fits' wasm bytes (globalThis.__frictionFitWasmBinary).
// Run after build-scripts/build.sh: node build-scripts/single-file.mjs  (build.sh runs it).

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const read = (file) => readFile(path.join(dist, file), 'utf8');

/**
 * Rewrites one ES module into a registry entry. Handles the forms this project uses:
 * `import { a, b as c } from './x.js'`, `import x from './y.mjs'`, `import('./z.js')` (a view loaded
 * on demand: here it is in the one file already, so the promise resolves to the registry's module),
 * and `export function|class|const|async function|default`.
 */
function wrapModule(name, source, resolve) {
  const exported = [];
  let body = source.replace(/^import\s+\{([^}]*)\}\s+from\s+'([^']+)';$/gm, (_, names, from) => {
    const bindings = names
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => item.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
    return `const { ${bindings.join(', ')} } = __require(${JSON.stringify(resolve(name, from))});`;
  });
  body = body.replace(
    /\bimport\('(\.{1,2}\/[^']+)'\)/g,
    (_, from) => `Promise.resolve().then(() => __require(${JSON.stringify(resolve(name, from))}))`,
  );
  body = body.replace(
    /^import\s+(\w+)\s+from\s+'([^']+)';$/gm,
    (_, local, from) =>
      `const ${local} = __require(${JSON.stringify(resolve(name, from))}).default;`,
  );
  body = body.replace(/^export\s+default\s+(\w+);$/gm, (_, local) => {
    exported.push(`default: ${local}`);
    return '';
  });
  body = body.replace(
    /^export\s+((?:async\s+)?function|class|const|let)\s+(\w+)/gm,
    (_, kind, local) => {
      exported.push(local);
      return `${kind} ${local}`;
    },
  );
  if (/^\s*(import|export)\s/m.test(body))
    throw new Error(`${name}: an import or export form the bundler does not know`);
  return `__define(${JSON.stringify(name)}, (__require, __exports) => {\n${body}\nObject.assign(__exports, { ${exported.join(', ')} });\n});\n`;
}

// The registry: modules run once, on first require, in dependency order.
const REGISTRY = `const __factories = new Map(), __cache = new Map();
function __define(name, factory) { __factories.set(name, factory); }
function __require(name) {
  if (!__cache.has(name)) {
    const exports = {};
    __cache.set(name, exports);
    __factories.get(name)(__require, exports);
  }
  return __cache.get(name);
}
`;

const resolveFrom = (from, to) =>
  path.posix.normalize(path.posix.join(path.posix.dirname(from), to));

async function bundle(entry, files) {
  const parts = [REGISTRY];
  for (const file of files) parts.push(wrapModule(file, await read(file), resolveFrom));
  parts.push(`__require(${JSON.stringify(entry)});\n`);
  return parts.join('\n');
}

// Every module reachable from an entry, found by following its static and dynamic imports.
async function modulesFrom(entry) {
  const found = [];
  const visit = async (name) => {
    if (found.includes(name)) return;
    found.push(name);
    const source = await read(name);
    // An import's names may span lines (Prettier breaks a long list): [^;]* crosses them.
    for (const [, from] of source.matchAll(/^import\s+[^;]*?\s+from\s+'([^']+)';$/gm))
      await visit(resolveFrom(name, from));
    for (const [, from] of source.matchAll(/\bimport\('(\.{1,2}\/[^']+)'\)/g))
      await visit(resolveFrom(name, from));
  };
  await visit(entry);
  return found;
}
const pageModules = await modulesFrom('js/main.js');
const workerModules = await modulesFrom('js/engine/sim-worker.js');
const fitWorkerModules = await modulesFrom('js/engine/fit-worker.js');
const fitWasm = await readFile(path.join(dist, 'friction-fit-wasm.wasm'));

const wasm = await readFile(path.join(dist, 'friction-wasm.wasm'));
const studiesWasm = await readFile(path.join(dist, 'friction-studies-wasm.wasm'));
// A classic worker: a file:// page (an opaque origin) cannot start a module worker, even from a Blob.
// Classic scripts may not mention import.meta, and a blob: address cannot serve as a base URL; a
// fixed file: URL stands in (it is only used to locate files, and here nothing is located).
const inlineBytes = (name, bytes) =>
  `globalThis.${name} = Uint8Array.from(atob(${JSON.stringify(bytes.toString('base64'))}), (c) => c.charCodeAt(0));\n`;
const workerSource = (
  inlineBytes('__frictionWasmBinary', wasm) +
  inlineBytes('__frictionStudiesWasmBinary', studiesWasm) +
  (await bundle('js/engine/sim-worker.js', workerModules))
).replaceAll('import.meta.url', '"file:///friction-lab-worker.js"');
// The Fit view's worker (fit-client.js starts it from this text), with the fits' module and its bytes.
const fitWorkerSource = (
  inlineBytes('__frictionFitWasmBinary', fitWasm) +
  (await bundle('js/engine/fit-worker.js', fitWorkerModules))
).replaceAll('import.meta.url', '"file:///friction-lab-fit-worker.js"');
// The page starts the worker from this text (see sim-client.js). The typeset equations of the
// "How it is computed" dialog (equations.mjs) come inline too (views/equations-view.js reads them), and
// the stylesheets the views load on demand (ui/stylesheet.js).
const equations = JSON.parse(await read('equations.json'));
const pageSource =
  `globalThis.__frictionWorkerSource = ${JSON.stringify(workerSource).replaceAll('</script', '<\\/script')};\n` +
  `globalThis.__frictionFitWorkerSource = ${JSON.stringify(fitWorkerSource).replaceAll('</script', '<\\/script')};\n` +
  `globalThis.__frictionEquations = ${JSON.stringify(equations)};\n` +
  `globalThis.__frictionCss = ${JSON.stringify(
    Object.fromEntries(
      await Promise.all(
        [
          'drive.css',
          'embed.css',
          'equations.css',
          'explorer.css',
          'fit-view.css',
          'map.css',
          'present.css',
        ].map(async (name) => [name, await read(name)]),
      ),
    ),
  )};\n` +
  (await bundle('js/main.js', pageModules));

let html = await read('index.html');
const css = await read('styles.css');
const chart = await read('vendor/chart.min.js');
const swap = (find, replacement) => {
  if (!html.includes(find)) throw new Error(`index.html has no ${find}`);
  html = html.replace(find, () => replacement);
};
swap('<link rel="stylesheet" href="styles.css">', `<style>\n${css}\n</style>`);
// Every other stylesheet the page links (one per view that has its own), inlined the same way.
for (const [link, href] of [...html.matchAll(/<link rel="stylesheet" href="([\w-]+\.css)">/g)]) {
  swap(link, `<style>\n${await read(href)}\n</style>`);
}
swap(
  '<script defer src="vendor/chart.min.js"></script>',
  `<script>\n${chart.replaceAll('</script', '<\\/script')}\n</script>`,
);
swap(
  '<script type="module" src="js/main.js"></script>',
  `<script type="module">\n${pageSource.replaceAll('</script', '<\\/script')}\n</script>`,
);
await writeFile(path.join(dist, 'friction-lab.html'), html);
console.log(`single-file: dist/friction-lab.html (${(html.length / 1024).toFixed(0)} KiB)`);
