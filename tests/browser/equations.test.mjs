// Browser test of "How it is computed" (views/equations-view.js): the dialog that shows the current
// model's or law's equations (MathML built by build-scripts/equations.mjs), its symbols, citation,
// quirks, the system it drives (for a law) and the seed's update loop (for abbott-seed), from the
// catalog and its docs (equations.json). Checked against the catalog and docs read in the page, laid
// out (each <math> has a size), closed by Esc with the focus back on its button, free of axe-core
// violations, and without sideways scroll on a phone. Also opened from the single-file build, and with
// equations.json missing.
// Run: node --test --test-reporter=spec tests/browser/equations.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { axeViolations, loadSite, openPage, useSite, waitReady } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const repo = path.resolve(import.meta.dirname, '../..');
const dist = path.resolve(process.env.FRICTION_LAB_DIST ?? path.join(repo, 'dist'));
const site = useSite();

/** The engine's catalog, read in the page from the module the worker runs. */
function catalogIn(page) {
  return page.evaluate(async () => {
    const { loadEngine } = await import(new URL('engine.mjs', document.baseURI).href);
    const engine = await loadEngine();
    return { models: engine.models(), laws: engine.laws(), system: engine.system() };
  });
}

/** Chooses a model or law in the spring-block view and waits for its run. */
async function choose(page, id) {
  await page.selectOption('#model', id);
  await page.waitForFunction(
    (chosen) =>
      (window.__lastSummary?.law ?? window.__lastSummary?.model) === chosen &&
      document.querySelector('#status').dataset.state === 'ready',
    id,
  );
}

/** Opens the dialog with its button and waits for the typeset equations. */
async function openDialog(page) {
  await page.click('#show-equations');
  await page.waitForFunction(() => {
    const dialog = document.querySelector('#equations-dialog');
    return (
      dialog.open &&
      dialog.querySelector('.eq-math math') &&
      !dialog.querySelector('.eq-status')?.textContent
    );
  });
}

/** What the open dialog shows, read from its DOM. */
function readDialog(page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('#equations-dialog');
    const inSection = (id, selector) => [
      ...dialog.querySelectorAll(`section[aria-labelledby="${id}"] ${selector}`),
    ];
    const size = (node) => node.getBoundingClientRect();
    // MathML Core's elements with a fixed number of children; any other count is an invalid layout.
    const arity = {
      msub: 2,
      msup: 2,
      mfrac: 2,
      mroot: 2,
      munder: 2,
      mover: 2,
      msubsup: 3,
      munderover: 3,
    };
    const invalid = [...dialog.querySelectorAll(Object.keys(arity).join(','))]
      .filter((node) => node.children.length !== arity[node.localName])
      .map((node) => node.outerHTML);
    const rows = (table) =>
      [...table.querySelectorAll('tbody tr')].map((row) => ({
        key: row.dataset.key,
        text: row.textContent,
        math: row.querySelector('.eq-symbol math') !== null,
        unit: row.querySelector('.eq-unit').textContent,
      }));
    return {
      title: dialog.querySelector('#equations-title').textContent,
      text: dialog.textContent,
      own: inSection('eq-own-title', '.eq-math').map((box) => box.querySelector('math') !== null),
      ownTex: inSection('eq-own-title', '.eq-tex code').map((code) => code.textContent),
      system: inSection('eq-system-title', '.eq-math math').length,
      sizes: [...dialog.querySelectorAll('math')].map((math) => [
        size(math).width,
        size(math).height,
        getComputedStyle(math).display,
      ]),
      invalid,
      tables: inSection('eq-symbols-title', 'table').map((table) => ({
        caption: table.caption.textContent,
        rows: rows(table),
      })),
      systemTable: inSection('eq-system-title', 'table').map((table) => rows(table))[0] ?? null,
      quirks: inSection('eq-quirks-title', 'li').map((item) => item.textContent),
      loop: dialog.querySelector('.eq-loop')?.textContent ?? null,
      citation: dialog.querySelector('.eq-citation cite')?.textContent,
    };
  });
}

/** Every row of a symbol table shows its symbol typeset, its label, its help and its unit. */
function assertSymbols(rows, symbols, name) {
  assert.deepEqual(
    rows.map((row) => row.key),
    symbols.map((symbol) => symbol.key),
    `${name}: one row per symbol`,
  );
  rows.forEach((row, index) => {
    const symbol = symbols[index];
    assert.ok(row.math, `${name} ${symbol.key}: its symbol is typeset`);
    assert.ok(
      row.text.includes(symbol.label) && row.text.includes(symbol.help),
      `${name} ${symbol.key}: label and help`,
    );
    assert.equal(row.unit, symbol.unit || '—no unit', `${name} ${symbol.key}: unit`);
  });
}

/** The open dialog shows `entry` (a model or law) as the catalog describes it. */
function assertShows(shown, entry, kind, catalog) {
  assert.equal(shown.title, entry.name);
  assert.equal(
    shown.own.length,
    entry.equations.length,
    'one typeset equation per catalog equation',
  );
  assert.ok(shown.own.every(Boolean), 'every equation is MathML');
  assert.deepEqual(
    shown.ownTex,
    entry.equations.map((equation) => equation.tex),
    'the TeX source of each',
  );
  for (const { note } of entry.equations)
    assert.ok(shown.text.includes(note), `note shown: ${note}`);
  assert.equal(
    shown.system,
    kind === 'law' ? catalog.system.equations.length : 0,
    "the system's equations, for a law",
  );
  for (const [width, height, display] of shown.sizes) {
    assert.ok(width > 0 && height > 0, `a <math> is laid out (${width}×${height})`);
    assert.match(display, /math/, 'the browser lays out MathML');
  }
  assert.deepEqual(shown.invalid, [], 'every MathML script and fraction has its children');
  assertSymbols(shown.tables[0].rows, entry.params, entry.id);
  if (entry.state?.length) assertSymbols(shown.tables[1].rows, entry.state, `${entry.id} state`);
  if (kind === 'law') assertSymbols(shown.systemTable, catalog.system.params, 'system');
  assert.ok(entry.quirks.length > 0);
  assert.deepEqual(shown.quirks, entry.quirks);
  assert.equal(shown.citation, entry.citation);
  if (kind === 'law') assert.ok(shown.text.includes(`Origin: ${entry.origin}`));
  if (entry.updateLoop) assert.equal(shown.loop.trimEnd(), entry.updateLoop);
  else assert.equal(shown.loop, null, 'no update loop');
}

/** axe-core's violations inside the dialog (the rest of the page is checked by a11y.test.mjs). */
async function dialogViolations(page) {
  const all = await axeViolations(page);
  return page.evaluate(
    (violations) =>
      violations.filter((violation) => {
        const target = violation.slice(violation.indexOf(': ') + 2, violation.lastIndexOf(' ('));
        try {
          return document.querySelector(target)?.closest('#equations-dialog') != null;
        } catch {
          return true; // a target that is not one selector: report it
        }
      }),
    all,
  );
}

/** Esc closes the dialog and the focus returns to its button. */
async function assertEscCloses(page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#equations-dialog').open);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'show-equations');
}

test(
  'the seed model: equations, symbols, quirks and the update loop; Esc closes; axe finds nothing',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    const catalog = await catalogIn(page);
    const seed = catalog.models.find((model) => model.id === 'abbott-seed');
    assert.ok(seed.updateLoop.includes('\n'), 'the catalog has the seed loop');
    await openDialog(page);
    assertShows(await readDialog(page), seed, 'model', catalog);
    await page.screenshot({ path: path.join(repo, 'test-results', 'equations-01-seed.png') });
    assert.deepEqual(await dialogViolations(page), []);
    await assertEscCloses(page);
    // The Close button closes it too.
    await openDialog(page);
    await page.click('#equations-dialog .eq-close');
    assert.equal(
      await page.evaluate(() => document.querySelector('#equations-dialog').open),
      false,
    );
    assert.deepEqual(problems, []);
  },
);

for (const id of ['drake-stribeck', 'lugre']) {
  test(
    `a law (${id}): its equations and the system's, its symbols (and state), no update loop`,
    { timeout: TEST_TIMEOUT_MS },
    async (t) => {
      const { page, problems } = await openPage(site, t, {
        viewport: { width: 1366, height: 768 },
      });
      await loadSite(site, page);
      const catalog = await catalogIn(page);
      await choose(page, id);
      await openDialog(page);
      const law = catalog.laws.find((candidate) => candidate.id === id);
      assertShows(await readDialog(page), law, 'law', catalog);
      // The system's Newton equation is there, as the learner needs it: m dv/dt = Fd − F.
      assert.match(catalog.system.equations[0].tex, /^m\\,\\frac\{dv\}\{dt\} = F_d - F/);
      await page.screenshot({ path: path.join(repo, 'test-results', `equations-02-${id}.png`) });
      assert.deepEqual(await dialogViolations(page), []);
      await assertEscCloses(page);
      assert.deepEqual(problems, []);
    },
  );
}

test(
  'on a 390×844 phone the dialog fits: no sideways scroll of the page or the dialog',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 390, height: 844 } });
    await loadSite(site, page);
    for (const id of ['abbott-seed', 'lugre']) {
      if (id !== 'abbott-seed') await choose(page, id);
      await openDialog(page);
      const layout = await page.evaluate(() => {
        const dialog = document.querySelector('#equations-dialog');
        const content = dialog.querySelector('.eq-content');
        const box = dialog.getBoundingClientRect();
        // Long equations scroll inside their own box, and such a box can take the keyboard focus.
        const scrolling = [...dialog.querySelectorAll('.eq-math')].filter(
          (math) => math.scrollWidth > math.clientWidth + 1,
        );
        return {
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
          content: [content.scrollWidth, content.clientWidth],
          box: [box.left, box.right, innerWidth],
          focusable: scrolling.every((math) => math.tabIndex === 0),
        };
      });
      assert.ok(
        layout.page[0] <= layout.page[1],
        `${id}: the page scrolls sideways (${layout.page})`,
      );
      assert.ok(
        layout.content[0] <= layout.content[1],
        `${id}: the dialog scrolls sideways (${layout.content})`,
      );
      assert.ok(
        layout.box[0] >= 0 && layout.box[1] <= layout.box[2],
        `${id}: the dialog overflows the screen (${layout.box})`,
      );
      assert.ok(layout.focusable, `${id}: a scrolling equation cannot take the focus`);
      await page.screenshot({
        path: path.join(repo, 'test-results', `equations-03-phone-${id}.png`),
      });
      await assertEscCloses(page);
    }
    assert.deepEqual(problems, []);
  },
);

test(
  'an equation that starts to scroll after the dialog is drawn takes the focus, and gives it up',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t, { viewport: { width: 1366, height: 768 } });
    await loadSite(site, page);
    await openDialog(page);
    // The dialog's width changes with the window alone (as a math font arriving late or a scroll bar
    // appearing would change it): each equation's box is focusable exactly when it scrolls.
    const matching = () =>
      page.waitForFunction(() =>
        [...document.querySelectorAll('#equations-dialog .eq-math')].every(
          (box) => box.scrollWidth > box.clientWidth + 1 === (box.tabIndex === 0),
        ),
      );
    const scrolling = () =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('#equations-dialog .eq-math')].filter(
            (box) => box.tabIndex === 0,
          ).length,
      );
    const widthOf = (width) =>
      page.evaluate((value) => {
        document.querySelector('#equations-dialog .eq-content').style.width = value;
      }, width);
    await widthOf('260px');
    await matching();
    assert.ok((await scrolling()) > 0, 'at 260 px some equations scroll');
    await widthOf('');
    await matching();
    await widthOf('2400px');
    await matching();
    assert.equal(await scrolling(), 0, 'at 2400 px none scrolls');
    assert.deepEqual(problems, []);
  },
);

test(
  'without equations.json the dialog says so and shows the rest: description, symbols, citation',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page } = await openPage(site, t);
    await page.route('**/equations.json', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await loadSite(site, page);
    const catalog = await catalogIn(page);
    await page.click('#show-equations');
    await page.waitForFunction(() =>
      document
        .querySelector('#equations-dialog .eq-status')
        ?.textContent.includes('could not be loaded'),
    );
    const shown = await readDialog(page);
    const seed = catalog.models[0];
    assert.equal(shown.title, seed.name);
    assert.ok(shown.text.includes(seed.description));
    assert.deepEqual(
      shown.tables[0].rows.map((row) => row.key),
      seed.params.map((param) => param.key),
    );
    assert.equal(shown.citation, seed.citation);
    assert.equal(shown.own.length, 0, 'no equations without their file');
    await assertEscCloses(page);
  },
);

test(
  'the single-file build shows the typeset equations with nothing fetched',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'friction-lab-equations-'));
    t.after(() => rm(folder, { recursive: true, force: true }));
    const file = path.join(folder, 'friction-lab.html');
    await copyFile(path.join(dist, 'friction-lab.html'), file);
    const { page, problems } = await openPage(site, t);
    await page.goto(pathToFileURL(file).href);
    await waitReady(page);
    await openDialog(page);
    const shown = await readDialog(page);
    const equations = await page.evaluate(
      () => globalThis.__frictionEquations.models['abbott-seed'].equations.length,
    );
    assert.equal(shown.own.length, equations);
    assert.ok(shown.own.every(Boolean));
    assert.deepEqual(problems, []);
  },
);
