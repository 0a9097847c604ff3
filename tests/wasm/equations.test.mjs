// The catalog's TeX, typeset by KaTeX as build-scripts/equations.mjs does for the page's "How it is
// computed" dialog: every equation and every symbol of every model, law, the spring-block system and
// the presliding protocol must be TeX that KaTeX accepts in strict mode, so a bad equation fails
// here even before the build step; and dist/equations.json must be what the built engine's catalog
// gives. (The dialog itself is tested in tests/browser/equations.test.mjs.)

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { before, test } from 'node:test';
import katex from 'katex';

import { texToMathml, typesetCatalog } from '../../build-scripts/equations.mjs';
import { loadBuiltEngine, repoRoot } from './support.mjs';

let engine;
before(async () => {
  engine = await loadBuiltEngine();
});

/** Every entry of the catalog that carries equations, with a name for messages. */
function entries() {
  return [
    ...engine.models().map((model) => [`model ${model.id}`, model]),
    ...engine.laws().map((law) => [`law ${law.id}`, law]),
    ['system', engine.system()],
    ['presliding', engine.presliding()],
  ];
}

test('KaTeX (strict) accepts every equation and every symbol of the catalog', () => {
  const options = { output: 'mathml', throwOnError: true, strict: 'error' };
  let count = 0;
  for (const [name, entry] of entries()) {
    assert.ok(entry.equations.length > 0, `${name} has no equations`);
    for (const { tex } of entry.equations) {
      assert.doesNotThrow(
        () => katex.renderToString(tex, { ...options, displayMode: true }),
        `${name}: ${tex}`,
      );
      count++;
    }
    for (const symbol of [...entry.params, ...(entry.state ?? [])]) {
      assert.equal(typeof symbol.texSymbol, 'string', `${name} ${symbol.key}: texSymbol`);
      assert.doesNotThrow(
        () => katex.renderToString(symbol.texSymbol, { ...options, displayMode: false }),
        `${name} ${symbol.key}: ${symbol.texSymbol}`,
      );
    }
  }
  assert.ok(count > 50, `only ${count} equations`);
});

test('a TeX string KaTeX refuses fails with the entry and the string', () => {
  assert.throws(
    () => texToMathml('\\frac{1}', true, 'laws demo equation 2'),
    (error) => error.message.startsWith('laws demo equation 2: KaTeX refuses "\\\\frac{1}"'),
  );
  // Strict mode: what KaTeX would only warn about (Unicode text in math mode) is an error too.
  assert.throws(
    () => texToMathml('v = é', true, 'models demo equation 1'),
    /^Error: models demo equation 1: .*strict mode/,
  );
});

test('the MathML is laid out by MathML Core: no bold mathvariant, no third child in a script', () => {
  const typeset = typesetCatalog(engine);
  const entries = [
    ...Object.values(typeset.models),
    ...Object.values(typeset.laws),
    typeset.system,
    typeset.presliding,
  ];
  const all = [
    ...entries.flatMap((entry) => entry.equations.map((equation) => equation.mathml)),
    ...Object.values(typeset.symbols),
  ];
  for (const math of all) {
    assert.match(
      math,
      /^<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"[^>]*>[\s\S]*<\/math>$/,
    );
    assert.doesNotMatch(math, /mathvariant="bold"/);
    assert.doesNotMatch(math, /<mo>\u2061<\/mo><\//);
  }
  // \mathbf{v}_t is a bold letter, t_{\max} a two-child <msub>, sgn v has TeX's thin space.
  assert.match(texToMathml('\\mathbf{v}_t', false, 'x'), /<mi>𝐯<\/mi>/);
  assert.match(texToMathml('t_{\\max}', false, 'x'), /<msub><mi>t<\/mi><mi>max<\/mi><\/msub>/);
  assert.match(
    texToMathml('g\\operatorname{sgn} v', true, 'x'),
    /<mspace width="0.1667em"><\/mspace><mi mathvariant="normal">sgn<\/mi><mo rspace="0.1667em">/,
  );
});

test('dist/equations.json: the docs, a MathML per catalog equation in order, every symbol', async (t) => {
  const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist'));
  const file = path.join(dist, 'equations.json');
  if (!existsSync(file)) return t.skip('no dist/equations.json: run build-scripts/build.sh');
  const built = JSON.parse(await readFile(file, 'utf8'));
  assert.deepEqual(built, typesetCatalog(engine));
  for (const model of engine.models())
    assert.equal(built.models[model.id].equations.length, model.equations.length, model.id);
  for (const law of engine.laws())
    assert.equal(built.laws[law.id].equations.length, law.equations.length, law.id);
  assert.equal(built.system.equations.length, engine.system().equations.length);
  assert.deepEqual(built.models['abbott-seed'].quirks, engine.models()[0].quirks);
  assert.equal(built.models['abbott-seed'].updateLoop, engine.models()[0].updateLoop);
  for (const [name, entry] of entries()) {
    for (const symbol of [...entry.params, ...(entry.state ?? [])]) {
      assert.ok(
        built.symbols[symbol.texSymbol],
        `${name} ${symbol.key}: ${symbol.texSymbol} not typeset`,
      );
    }
  }
});

test('no docs at start-up: loadEngine adds them once the studies module is loaded', async () => {
  const { loadEngine } = await import(
    path.join(
      path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repoRoot, 'dist')),
      'engine.mjs',
    )
  );
  const lean = await loadEngine({ studies: false });
  const seed = () => lean.models().find((model) => model.id === 'abbott-seed');
  assert.equal(seed().equations, undefined);
  assert.equal(lean.laws()[0].quirks, undefined);
  assert.equal(lean.system().equations, undefined);
  const studies = await lean.studies();
  const documented = engine.models().find((model) => model.id === 'abbott-seed');
  assert.deepEqual(seed().equations, documented.equations);
  assert.equal(seed().updateLoop, documented.updateLoop);
  assert.deepEqual(lean.laws()[0].quirks, studies.docs().laws[lean.laws()[0].id].quirks);
  assert.ok(!('updateLoop' in lean.laws()[0]), 'a law has no update loop');
  assert.deepEqual(lean.presliding().equations, engine.presliding().equations);
});
