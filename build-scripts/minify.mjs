// Shrinks what the page loads from dist/, in place (issue 14, "Size of the page"):
//   - js/main.js becomes one minified ES module holding the page's module graph as it starts (esbuild
//     bundle): one file gzips far better than forty. The views main.js imports on demand (import())
//     become chunks of their own beside it, js/<view>-<hash>.js, with the modules they share, loaded
//     the first time a view is shown. A `new URL('./x', import.meta.url)` in a bundled module (the
//     worker's address in sim-client.js) is rewritten to point from js/, where bundle and chunks lie.
//   - every other JavaScript module is minified on its own, file names and imports unchanged: the
//     worker (js/engine/sim-worker.js), the engine loader engine.mjs, which finds the wasm beside
//     itself, the Emscripten glue, and the page's modules, which the bundle no longer needs but which
//     stay importable one by one (bench-map.mjs imports js/engine/map-pool.js);
//   - every stylesheet is minified (esbuild), and index.html loses its comments and indentation.
// Chart.js comes minified already. Run by build-scripts/build.sh after single-file.mjs, which
// bundles the readable sources in its own way (its bundler reads one import per line).
//
// Usage: node build-scripts/minify.mjs [dist]

import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url)));
const BUNDLE = 'js/main.js';

async function* filesIn(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesIn(file);
    else yield file;
  }
}

// utf8: μ, θ and · stay as written (escaped, each would take six bytes). The Emscripten glue's
// require() calls run under node only (engine.mjs provides require): left as they are.
const options = {
  minify: true,
  charset: 'utf8',
  legalComments: 'inline',
  logLevel: 'warning',
  logOverride: { 'unsupported-require-call': 'silent' },
};

/** esbuild plugin: `new URL('./x', import.meta.url)` in any bundled module, re-pointed from `outfile`. */
const rebaseModuleUrls = (outfile) => ({
  name: 'rebase-module-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.m?js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(
        /new URL\((['"])(\.{1,2}\/[^'"]+)\1,\s*import\.meta\.url\)/g,
        (_, quote, ref) => {
          let target = path
            .relative(path.dirname(outfile), path.resolve(path.dirname(args.path), ref))
            .split(path.sep)
            .join('/');
          if (!target.startsWith('.')) target = `./${target}`;
          return `new URL(${JSON.stringify(target)}, import.meta.url)`;
        },
      );
      return { contents, loader: 'js' };
    });
  },
});

let before = 0;
let after = 0;
const sizes = new Map();
// The sources, as they are before anything is rewritten.
for await (const file of filesIn(dist)) sizes.set(file, (await readFile(file)).length);

const bundleFile = path.join(dist, BUNDLE);
const bundled = await build({
  ...options,
  entryPoints: [bundleFile],
  bundle: true,
  format: 'esm',
  write: false,
  splitting: true,
  outdir: path.dirname(bundleFile),
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  plugins: [rebaseModuleUrls(bundleFile)],
  metafile: true,
});
const bundleText = bundled.outputFiles.find((output) => output.path === bundleFile).text;
const chunks = bundled.outputFiles.filter((output) => output.path !== bundleFile);
const inBundle = Object.keys(bundled.metafile.inputs).length;

for await (const file of filesIn(dist)) {
  const relative = path.relative(dist, file).split(path.sep).join('/');
  if (relative.startsWith('vendor/') || relative === 'friction-lab.html') continue;
  let text;
  if (relative === BUNDLE) {
    text = bundleText;
  } else if (/\.m?js$/.test(file)) {
    // format esm: each file is an ES module, so its top-level names are its own to rename.
    text = (
      await transform(await readFile(file, 'utf8'), {
        ...options,
        loader: 'js',
        format: 'esm',
        sourcefile: relative,
      })
    ).code;
  } else if (file.endsWith('.css')) {
    text = (
      await transform(await readFile(file, 'utf8'), {
        ...options,
        loader: 'css',
        sourcefile: relative,
      })
    ).code;
  } else if (file.endsWith('.html')) {
    // Comments and each line's indentation only: the page has no <pre>, <textarea> or inline script.
    text = await readFile(file, 'utf8');
    if (/<(pre|textarea|script)\b[^>]*>[^<\s]/i.test(text))
      throw new Error(`${relative}: inline text whose spaces matter`);
    text = text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/^[ \t]+/gm, '')
      .replace(/\n{2,}/g, '\n');
  } else {
    continue;
  }
  before += sizes.get(file);
  after += Buffer.byteLength(text);
  await writeFile(file, text);
}
for (const chunk of chunks) {
  if (sizes.has(chunk.path))
    throw new Error(`minify: chunk ${chunk.path} would overwrite a file of dist/`);
  await writeFile(chunk.path, chunk.text);
}
console.log(
  `minify: ${BUNDLE} bundles the page's ${inBundle} modules (${chunks.length} chunks on demand); dist/ JavaScript, CSS and HTML ` +
    `${(before / 1000).toFixed(1)} → ${(after / 1000).toFixed(1)} kB (before gzip)`,
);
