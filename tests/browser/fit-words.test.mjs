// Browser tests of the Fit view in the page's words (issue 27, item 3) and of instrument files on the
// page (item 2): a new law ticks its coefficients; refusals name the page's controls; a refused fit dims
// the last result; the data's name follows the data; the axes carry the unit of what they draw; the
// Export dialog starts at the data's speed range, shuts the units menu for SI-only solvers and names
// the solvers as their users do; a European-locale file with metadata is read, said, and re-read when
// its format is set; a file too long for the box is shown by its first lines, fitted whole and drawn
// thinned. The data are made here from OpenSees VelDependent's closed form with seeded noise.
// Run: node --test --test-reporter=spec tests/browser/fit-words.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normals } from '../support/seeded-normals.mjs';
import { dropFile, fitAndWait, openFit, paste, readAs } from './fit-support.mjs';
import { openPage, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 120_000;
const site = useSite();
// OpenSees VelDependent (Constantinou et al. 1990): μ(v) = μfast − (μfast − μslow)·e^(−a|v|).
const TRUTH = { muSlow: 0.45, muFast: 0.25, transRate: 40 };

/** [v in m/s, μ] at `count` speeds log-spaced over 1e-3 … 1 m/s, noise σ = 0.003. */
function curve(count = 120, seed = 7) {
  const normal = normals(seed);
  return Array.from({ length: count }, (_, i) => {
    const v = 1e-3 * 10 ** ((3 * i) / (count - 1));
    const mu =
      TRUTH.muFast -
      (TRUTH.muFast - TRUTH.muSlow) * Math.exp(-TRUTH.transRate * v) +
      0.003 * normal();
    return [v, mu];
  });
}

const csvInMm = (points) =>
  ['speed_mm_s,mu', ...points.map(([v, mu]) => `${1e3 * v},${mu}`)].join('\n');

const ticked = (page) =>
  page.$$eval('#fit-params tbody input[type=checkbox]', (boxes) =>
    boxes.filter((box) => box.checked).map((box) => box.id.replace('fit-free-', '')),
  );

test(
  'a new law ticks its coefficients; refusals name the page’s controls; a refused fit dims the last result',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    await dropFile(page, csvInMm(curve()), 'tribometer.csv');
    await readAs(page, 'speed_mm_s');
    await page.selectOption('#fit-x-unit', 'mm/s');
    // LuGre's steady curve reads Fc, Fs, vs and σ2, not the bristles' σ0 and σ1.
    await page.selectOption('#fit-law', 'lugre');
    assert.deepEqual((await ticked(page)).sort(), ['Fc', 'Fs', 'sigma2', 'vs']);
    await page.selectOption('#fit-law', 'opensees-veldependent');
    assert.deepEqual((await ticked(page)).sort(), ['muFast', 'muSlow', 'transRate']);
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    assert.equal(await page.locator('#fit-results').getAttribute('data-stale'), null);

    // Nothing ticked: the page says which control to use, in its words.
    for (const key of ['muSlow', 'muFast', 'transRate']) await page.uncheck(`#fit-free-${key}`);
    assert.equal(await fitAndWait(page), 'error');
    const message = await page.locator('#fit-error').textContent();
    assert.match(
      message,
      /^Law and free parameters: tick at least one parameter of .*VelDependent/,
    );
    assert.doesNotMatch(message, /free must|\["mu_k"\]/);
    // The last result is dimmed and said not to be these settings' answer.
    const stale = await page.evaluate(() => ({
      flag: document.querySelector('#fit-results').dataset.stale,
      opacity: getComputedStyle(document.querySelector('#fit-verdict')).opacity,
      note: document.querySelector('#fit-stale').textContent,
    }));
    assert.equal(stale.flag, 'true');
    assert.equal(Number(stale.opacity), 0.45);
    assert.match(stale.note, /not one of these settings/);

    // A fixed value out of its range: named by the parameters table's row.
    await page.check('#fit-free-muSlow');
    await page.fill('#fit-value-transRate', '-5');
    await page.dispatchEvent('#fit-value-transRate', 'change');
    assert.equal(await fitAndWait(page), 'error');
    assert.match(
      await page.locator('#fit-error').textContent(),
      /^Value of [^:]+: .*transRate.*-5/,
    );
    // A good fit lights the result again.
    await page.fill('#fit-value-transRate', '40');
    await page.dispatchEvent('#fit-value-transRate', 'change');
    assert.equal(await fitAndWait(page), 'ready');
    assert.equal(await page.locator('#fit-results').getAttribute('data-stale'), null);
    assert.deepEqual(problems, []);
  },
);

test(
  'the data’s name follows the data, and the axes carry the units of what they draw',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    await dropFile(page, csvInMm(curve()), 'tribometer.csv');
    await readAs(page, 'speed_mm_s');
    // Read as m/s, the top speeds are beyond a friction test's: the refusal names the page's menus.
    assert.equal(await fitAndWait(page), 'error');
    const unitRefusal = await page.locator('#fit-error').textContent();
    assert.match(unitRefusal, /^x unit and y unit: tribometer\.csv row \d+, column "speed_mm_s"/);
    assert.match(unitRefusal, /Choose its unit in “x unit” or “y unit”/);
    assert.doesNotMatch(unitRefusal, /"units"/);
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(await fitAndWait(page), 'ready');
    // Drawn in mm/s, as the column was given: 1 mm/s to 1000 mm/s, and said so on the axis.
    const axes = await page.evaluate(() => {
      const chart = globalThis.Chart.getChart('chart-fit');
      const data = chart.data.datasets[0].data;
      return {
        x: chart.options.scales.x.title.text,
        y: chart.options.scales.y.title.text,
        first: data[0].x,
        last: data.at(-1).x,
      };
    });
    assert.equal(axes.x, 'speed_mm_s [mm/s]');
    assert.equal(axes.y, 'mu');
    assert.ok(
      Math.abs(axes.first - 1) < 1e-9 && Math.abs(axes.last - 1000) < 1e-6,
      JSON.stringify(axes),
    );

    // Typed over: the data are no longer the file's, and messages say so.
    const edited = csvInMm(curve(20)).replace(/\n([^\n]*),([^\n]*)\n/, '\n$1,abc\n');
    await paste(page, edited);
    assert.match(await page.locator('#fit-data-note').textContent(), /^pasted data/);
    assert.equal(await fitAndWait(page), 'error', await page.locator('#fit-status').textContent());
    assert.match(await page.locator('#fit-error').textContent(), /^pasted data row 2, column "mu"/);
    assert.deepEqual(problems, []);
  },
);

test(
  'Export starts at the data’s speeds, shuts the units for SI-only solvers and names the solvers',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    await dropFile(page, csvInMm(curve()), 'tribometer.csv');
    await readAs(page, 'speed_mm_s');
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(await fitAndWait(page), 'ready');
    await page.click('#fit-export-open');
    await page.waitForFunction(
      () => document.querySelector('#fit-export-text').textContent.length > 0,
    );
    // The data run from 1 mm/s to 1 m/s: so does the range an approximate mapping is fitted over.
    assert.equal(Number(await page.inputValue('#fit-export-vmin')), 1e-3);
    assert.equal(Number(await page.inputValue('#fit-export-vmax')), 1);
    const labels = await page.$$eval('#fit-export-target option', (options) =>
      options.map((option) => option.textContent),
    );
    for (const name of ['OpenSees (Tcl)', 'OpenSees (Python)', 'Abaqus', 'LS-DYNA', 'Modelica'])
      assert.ok(labels.includes(name), `${name} in ${labels}`);
    assert.ok(!labels.includes('opensees-tcl'), 'no ids in the menu');
    // Modelica takes SI only: the units menu is set to SI and shut, and the text is written.
    await page.selectOption('#fit-export-units', 'mm-N-s');
    await page.selectOption('#fit-export-target', 'modelica');
    await page.waitForFunction(() =>
      document.querySelector('#fit-export-text').textContent.includes('MassWithStopAndFriction'),
    );
    assert.equal(await page.inputValue('#fit-export-units'), 'SI');
    assert.equal(await page.locator('#fit-export-units').isDisabled(), true);
    assert.doesNotMatch(await page.locator('#fit-export-note').textContent(), /Not written/);
    // A range upside down is refused naming the dialog's own control.
    await page.fill('#fit-export-vmin', '2');
    await page.dispatchEvent('#fit-export-vmin', 'change');
    await page.waitForFunction(() =>
      document.querySelector('#fit-export-note').textContent.startsWith('Not written'),
    );
    assert.match(
      await page.locator('#fit-export-note').textContent(),
      /^Not written: Speed range to: /,
    );
    await page.fill('#fit-export-vmin', '0.001');
    await page.dispatchEvent('#fit-export-vmin', 'change');
    await page.selectOption('#fit-export-target', 'ls-dyna');
    await page.waitForFunction(() => !document.querySelector('#fit-export-units').disabled);
    assert.deepEqual(problems, []);
  },
);

test(
  'a European instrument file with metadata is read and said; its format can be set; a long file is fitted whole',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    // Excel in a German locale: a byte-order mark, two lines of metadata, semicolons, decimal commas, CRLF.
    const european = [
      'Gerät;TRB3',
      'Datum;2024-03-01',
      'v_mm_s;mu',
      ...curve().map(
        ([v, mu]) => `${String(1e3 * v).replace('.', ',')};${String(mu).replace('.', ',')}`,
      ),
    ].join('\r\n');
    await dropFile(page, `\uFEFF${european}`, 'messung.csv');
    await readAs(page, 'v_mm_s');
    const note = await page.locator('#fit-format-note').textContent();
    assert.match(note, /semicolons/);
    assert.match(note, /decimal comma/);
    assert.match(note, /header on line 3/);
    assert.match(note, /120 rows/);
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    const values = await page.evaluate(() => window.__fitView.result.values);
    assert.ok(Math.abs(values.transRate - TRUTH.transRate) < 5, JSON.stringify(values));
    // Told to cut at commas instead, the engine says it cannot read the file so, and why.
    await page.selectOption('#fit-delimiter', ',');
    await page.waitForFunction(
      () => document.querySelector('#fit-format-note').dataset.state === 'error',
    );
    assert.match(await page.locator('#fit-format-note').textContent(), /commas/);
    await page.selectOption('#fit-delimiter', 'auto');
    await readAs(page, 'v_mm_s');

    // 60,000 rows (1.3 MB): the box shows the first lines, read-only; the whole file is fitted and
    // drawn thinned to at most 4000 points a series.
    const normal = normals(9);
    const rows = ['v,mu'];
    for (let i = 0; i < 60_000; i++) {
      const v = 1e-3 * 10 ** ((3 * i) / 59_999);
      rows.push(
        `${v},${TRUTH.muFast - (TRUTH.muFast - TRUTH.muSlow) * Math.exp(-TRUTH.transRate * v) + 0.003 * normal()}`,
      );
    }
    await dropFile(page, rows.join('\n'), 'long.csv');
    await readAs(page, 'v');
    assert.equal(await page.locator('#fit-csv').getAttribute('readonly'), '');
    assert.ok((await page.inputValue('#fit-csv')).split('\n').length <= 201);
    await page.selectOption('#fit-x-unit', 'm/s');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    const drawn = await page.evaluate(() => ({
      points: window.__fitView.result.points,
      data: globalThis.Chart.getChart('chart-fit').data.datasets[0].data.length,
      label: globalThis.Chart.getChart('chart-fit').data.datasets[0].label,
    }));
    assert.equal(drawn.points, 60_000);
    assert.ok(drawn.data <= 4000 && drawn.data >= 3000, `${drawn.data} points drawn`);
    assert.match(drawn.label, /every 15th of 60,000/);
    assert.deepEqual(problems, []);
  },
);

test(
  'a σ column chosen on the page weighs each point by 1/σ: outliers with a large σ hardly move the fit',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await openFit(site, page);
    // Every tenth point off by 0.05 with σ = 1; the others σ = 0.003 (the noise's).
    const rows = ['speed_mm_s,mu,sd'];
    curve().forEach(([v, mu], i) => {
      const outlier = i % 10 === 3;
      rows.push(`${1e3 * v},${mu + (outlier ? 0.05 : 0)},${outlier ? 1 : 0.003}`);
    });
    await dropFile(page, rows.join('\n'), 'weighted.csv');
    await readAs(page, 'sd');
    await page.selectOption('#fit-x-unit', 'mm/s');
    assert.equal(
      await page.inputValue('#fit-sigma'),
      '',
      'equal weights unless a column is chosen',
    );
    await page.selectOption('#fit-sigma', 'sd');
    assert.equal(await fitAndWait(page), 'ready', await page.locator('#fit-error').textContent());
    const result = await page.evaluate(() => window.__fitView.result);
    assert.ok(Number.isFinite(result.chiSquare), 'a weighted fit reports its χ²');
    for (const [key, truth] of Object.entries(TRUTH))
      assert.ok(
        Math.abs(result.values[key] - truth) < 3 * result.standardErrors[key],
        `${key} = ${result.values[key]} ± ${result.standardErrors[key]}, truth ${truth}`,
      );
    assert.deepEqual(problems, []);
  },
);
