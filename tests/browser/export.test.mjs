// Browser test of export (issue 6): the CSV downloads and parses, with every parameter, unit, the
// engine version and the integrator in its header; each chart's PNG is a valid image, at twice the pixels, of the chart's
// own pixel size, on white.
// Run: node --test --test-reporter=spec tests/browser/export.test.mjs   (after build-scripts/build.sh)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { loadSite, openPage, useSite } from './harness.mjs';

const TEST_TIMEOUT_MS = 90_000;
const site = useSite();

async function download(page, selector) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test(
  'the CSV holds every parameter, unit, engine version and integrator, and the plotted columns',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.selectOption('#model', 'lugre');
    await page.waitForFunction(
      () =>
        window.__lastSummary?.law === 'lugre' &&
        document.querySelector('#status').dataset.state === 'ready',
    );
    const summary = await page.evaluate(() => window.__lastSummary);
    const { name, bytes } = await download(page, '#export-csv');
    assert.equal(name, 'friction-lab-lugre.csv');
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    const header = lines.filter((line) => line.startsWith('#'));
    assert.match(header[0], /^# Friction Lab engine \d+\.\d+\.\d+$/);
    assert.ok(header.includes('# law: lugre (LuGre)'));
    assert.ok(header.includes(`# integrator: ${summary.integrator}`));
    // Every law and system parameter with its value and unit.
    for (const [key, value] of Object.entries({ ...summary.params, ...summary.system })) {
      if (key === 'start') continue;
      assert.ok(
        header.some((line) => line.startsWith(`# ${key}, ${value}, `)),
        `${key} = ${value} in the header`,
      );
    }
    assert.ok(header.includes('# sigma0, 100000, N/m'));
    // The data: a column row, then one row per sample with as many cells.
    const data = lines.filter((line) => !line.startsWith('#'));
    const columns = data[0].split(',');
    assert.ok(
      columns.includes('t [s]') && columns.includes('v [m/s]') && columns.includes('state.z [m]'),
      data[0],
    );
    const rows = data.slice(1).map((line) => line.split(','));
    const samples = await page.evaluate(
      () => globalThis.Chart.getChart('chart-forces').data.datasets[0].data.length,
    );
    assert.equal(rows.length, samples);
    for (const row of rows) assert.equal(row.length, columns.length);
    assert.ok(rows.every((row) => Number.isFinite(Number(row[0]))));
    assert.deepEqual(problems, []);
  },
);

test(
  'each chart downloads as a PNG at twice its on-screen pixel size (sharp on a slide), on white',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    for (const chart of ['relative', 'forces', 'phase']) {
      const { name, bytes } = await download(page, `#export-png-${chart}`);
      assert.equal(name, `friction-lab-${chart}.png`);
      // PNG signature, then the IHDR chunk: width and height, big-endian.
      assert.deepEqual([...bytes.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
      assert.equal(bytes.subarray(12, 16).toString('ascii'), 'IHDR');
      const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
      const canvas = await page.evaluate((id) => {
        const element = document.getElementById(id);
        return { width: 2 * element.width, height: 2 * element.height };
      }, `chart-${chart}`);
      // Rounding of the doubled CSS box may add a pixel. Above the chart, its legend (the page shows it
      // as HTML beside the canvas): whole rows of 22 CSS px at twice the pixels, none for the phase
      // portrait, which has no legend.
      const legend = size.height - canvas.height;
      assert.ok(
        Math.abs(size.width - canvas.width) <= 1,
        `${chart}: ${JSON.stringify(size)} against twice the canvas ${JSON.stringify(canvas)}`,
      );
      const rows = legend / 44;
      assert.ok(
        Math.abs(rows - Math.round(rows)) * 44 <= 1 &&
          Math.round(rows) === (chart === 'phase' ? 0 : 1),
        `${chart}: ${JSON.stringify(size)} against twice the canvas ${JSON.stringify(canvas)}`,
      );
    }
    // White background: the downloaded image's top-left pixel (outside the plot area) is opaque white.
    const { bytes } = await download(page, '#export-png-forces');
    const corner = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data];
    }, bytes.toString('base64'));
    assert.deepEqual(corner, [255, 255, 255, 255]);
    assert.deepEqual(problems, []);
  },
);

test(
  'the presliding view exports its run as CSV and its loop as PNG; the explorer its curves',
  { timeout: TEST_TIMEOUT_MS },
  async (t) => {
    const { page, problems } = await openPage(site, t);
    await loadSite(site, page);
    await page.click('#tab-presliding');
    await page.waitForFunction(
      () =>
        window.__lastPresliding?.summary.law === 'lugre' &&
        document.querySelector('#presliding-status')?.dataset.state === 'ready',
    );
    const { name, bytes } = await download(page, '#export-csv-presliding');
    assert.equal(name, 'friction-lab-presliding-lugre.csv');
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    assert.ok(
      lines.includes('# amplitude, 1.425, N') && lines.includes('# sigma0, 100000, N/m'),
      lines.slice(0, 16).join('\n'),
    );
    const data = lines.filter((line) => !line.startsWith('#'));
    assert.equal(data[0], 't [s],x [m],v [m/s],applied [N],friction [N],state.z [m]');
    const rows = await page.evaluate(() => window.__lastPresliding.columns.t.length);
    assert.equal(data.length - 1, rows);
    // The last row's displacement is the loop's end, as the page computed it.
    const end = await page.evaluate(() => window.__lastPresliding.columns.x.at(-1));
    assert.equal(Number(data.at(-1).split(',')[1]), end);
    for (const [button, canvas] of [['#export-png-loop', 'chart-loop']]) {
      const png = await download(page, button);
      const twice = await page.evaluate((id) => 2 * document.getElementById(id).width, canvas);
      assert.ok(Math.abs(png.bytes.readUInt32BE(16) - twice) <= 1);
    }
    await page.click('#tab-explorer');
    await page.waitForFunction(() => window.__lawRenders >= 1);
    const curves = await download(page, '#export-png-laws');
    assert.equal(curves.name, 'friction-lab-laws.png');
    assert.deepEqual([...curves.bytes.subarray(0, 4)], [137, 80, 78, 71]);
    assert.deepEqual(problems, []);
  },
);
