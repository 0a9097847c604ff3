// The catalog's docs for the page's "How it is computed" dialog, its equations typeset:
// dist/equations.json. The page's start-up module carries no docs (the studies' module has them), so
// the dialog reads them all from here: each entry's equations with their notes, its quirks and the
// seed's update loop.
//
// Every TeX string of the catalog (each model's, law's, the spring-block system's and the presliding
// protocol's `equations`, and every parameter's and state variable's `texSymbol`) is rendered to
// MathML with KaTeX, here at build time. Every current browser lays out MathML Core natively, so the
// page needs neither KaTeX's script (~270 KB) nor its CSS or fonts: it only inserts this MathML,
// fetched lazily the first time the dialog opens (single-file.mjs inlines it for the offline page).
// A TeX string KaTeX refuses fails the build, naming the entry and the string.
//
// Output: { models: {id: docs}, laws: {id: docs}, system: docs, presliding: docs,
//           symbols: {"<texSymbol>": mathml} }, docs = { equations: [{ tex, note, mathml }], quirks,
// updateLoop }, in catalog order.
// Run after dist/engine.mjs exists: node build-scripts/equations.mjs  (build.sh runs it).

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import katex from 'katex';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** KaTeX's Unicode stand-ins for bold Latin letters and digits (MathML Core has no mathvariant="bold"). */
const BOLD_OFFSETS = [
  ['A', 'Z', 0x1d400],
  ['a', 'z', 0x1d41a],
  ['0', '9', 0x1d7ce],
];
function toBold(text) {
  return [...text]
    .map((char) => {
      const range = BOLD_OFFSETS.find(([first, last]) => char >= first && char <= last);
      return range
        ? String.fromCodePoint(range[2] + char.charCodeAt(0) - range[0].charCodeAt(0))
        : char;
    })
    .join('');
}

const FUNCTION = '<mo>\u2061</mo>'; // KaTeX's invisible function application after \max, \operatorname…
const THIN = '0.1667em';

/**
 * KaTeX's MathML made to lay out in MathML Core (Chromium, Firefox, Safari) as KaTeX's HTML does:
 * - mathvariant="bold" (\mathbf), which MathML Core ignores, becomes Unicode bold letters;
 * - a function application that ends a script (t_{\max}: KaTeX puts it in the <msub> as a third
 *   child, which makes the <msub> invalid) is dropped;
 * - an operator name gets TeX's thin spaces: after an ordinary (Δμ tanh) and before an ordinary
 *   argument (sgn v), none before a parenthesis (max(…));
 * - the norm bars \lVert, \rVert and \left| \right| are delimiters, not the relation spacing MathML
 *   Core's operator dictionary gives ∥ and ∣.
 */
function forMathmlCore(math) {
  return math
    .replace(
      /<(mi|mn) mathvariant="bold">([^<]*)<\/\1>/g,
      (_, tag, text) => `<${tag}>${toBold(text)}</${tag}>`,
    )
    .replaceAll(new RegExp(`${FUNCTION}(?=</)`, 'g'), '')
    .replace(
      new RegExp(
        `(</(?:mi|mn|msub|msup|mfrac|mstyle|msqrt)>|[)∣]</mo>)(<mi(?: mathvariant="normal")?>[^<]{2,}</mi>${FUNCTION})`,
        'g',
      ),
      `$1<mspace width="${THIN}"></mspace>$2`,
    )
    .replace(
      new RegExp(`${FUNCTION}(?=<(?:mi|mn|msub|msup|mfrac|mstyle|msqrt)[ >]|<mrow><mi)`, 'g'),
      `<mo rspace="${THIN}">\u2061</mo>`,
    )
    .replace(
      /<mo (stretchy="false"|fence="true")>([∥∣])<\/mo>/g,
      '<mo $1 lspace="0" rspace="0">$2</mo>',
    );
}

/**
 * One TeX string as a <math> element, laid out by MathML Core (forMathmlCore). KaTeX wraps it in
 * <span class="katex">, which the page does not need.
 * @param {string} tex
 * @param {boolean} displayMode  true for an equation, false for a symbol in running text
 * @param {string} where  the entry it belongs to, for the error message
 */
export function texToMathml(tex, displayMode, where) {
  let html;
  try {
    html = katex.renderToString(tex, {
      output: 'mathml',
      displayMode,
      throwOnError: true,
      strict: 'error',
    });
  } catch (error) {
    throw new Error(`${where}: KaTeX refuses ${JSON.stringify(tex)}: ${error.message}`, {
      cause: error,
    });
  }
  const math = html.match(/<math[\s\S]*<\/math>/)?.[0];
  if (!math) throw new Error(`${where}: KaTeX returned no <math> for ${JSON.stringify(tex)}`);
  return forMathmlCore(math);
}

/** Every entry with equations, as [group, id, entry]: group is a key of equations.json. */
function entriesOf(engine) {
  return [
    ...engine.models().map((model) => ['models', model.id, model]),
    ...engine.laws().map((law) => ['laws', law.id, law]),
    ['system', null, engine.system()],
    ['presliding', null, engine.presliding()],
  ];
}

/**
 * Builds the equations.json object from a loaded engine (with its studies' module, which has the docs):
 * per entry its docs, { equations: [{ tex, note, mathml }], quirks, updateLoop }, and every symbol.
 */
export function typesetCatalog(engine) {
  const out = { models: {}, laws: {}, system: null, presliding: null, symbols: {} };
  for (const [group, id, entry] of entriesOf(engine)) {
    const where = `${group}${id ? ` ${id}` : ''}`;
    if (!entry.equations) throw new Error(`${where}: no docs (load the engine with its studies)`);
    const docs = {
      equations: entry.equations.map(({ tex, note }, index) => ({
        tex,
        note,
        mathml: texToMathml(tex, true, `${where} equation ${index + 1}`),
      })),
      quirks: entry.quirks,
      updateLoop: entry.updateLoop ?? '',
    };
    if (id) out[group][id] = docs;
    else out[group] = docs;
    for (const symbol of [...entry.params, ...(entry.state ?? [])]) {
      out.symbols[symbol.texSymbol] ??= texToMathml(
        symbol.texSymbol,
        false,
        `${where} parameter ${symbol.key}`,
      );
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { loadEngine } = await import(pathToFileURL(path.join(dist, 'engine.mjs')).href);
  const json = JSON.stringify(typesetCatalog(await loadEngine()));
  await writeFile(path.join(dist, 'equations.json'), json);
  console.log(`equations: dist/equations.json (${(json.length / 1024).toFixed(0)} KiB)`);
}
