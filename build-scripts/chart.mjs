// Builds dist/vendor/chart.min.js: Chart.js (npm chart.js, its ES module build) with only the parts
// the page's charts use, registered once, minified, as a classic script that sets the global `Chart`
// as the UMD build does. The UMD build registers every chart type, scale and plugin (71 kB gzipped);
// this one is about 55 kB (issue 14, "Size of the page").
//
// What the page uses (web/js/charts/): line charts (the line controller, the line and point elements;
// unsorted curves, a phase portrait or a loop, are line charts with parsing on, whose points Chart.js
// draws in their order, so no scatter controller), linear and logarithmic scales (every chart names its
// axes' type: none falls back on the category axis, and the law explorer's log axis), and the tooltip and
// decimation plugins (axis titles are the scales' own; no chart fills an area or has a chart title; the
// legends are the page's own HTML, web/js/charts/html-legend.js). A chart that needs anything else fails
// loudly ('"bar" is not a registered controller'), which the browser tests show.
//
// Run by build-scripts/build.sh: node build-scripts/chart.mjs

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = path.join(root, 'dist', 'vendor', 'chart.min.js');

const PARTS = [
  'LineController',
  'LineElement',
  'PointElement',
  'LinearScale',
  'LogarithmicScale',
  'Tooltip',
  'Decimation',
];
const entry = `import { Chart, ${PARTS.join(', ')} } from 'chart.js';
Chart.register(${PARTS.join(', ')});
globalThis.Chart = Chart;
`;

const { version } = JSON.parse(
  await readFile(path.join(root, 'node_modules', 'chart.js', 'package.json'), 'utf8'),
);
const result = await build({
  stdin: { contents: entry, resolveDir: root, sourcefile: 'chart-entry.js' },
  bundle: true,
  format: 'iife',
  minify: true,
  write: false,
  charset: 'utf8',
  legalComments: 'none',
  logLevel: 'warning',
  // The licence: Chart.js is MIT (vendor/chart.js-LICENSE.md beside this file) and so is its one
  // dependency, @kurkle/color.
  banner: {
    js:
      `/*! Chart.js v${version} (https://www.chartjs.org), MIT licence: chart.js-LICENSE.md; ` +
      'with @kurkle/color (MIT). Only the parts Friction Lab uses, built by build-scripts/chart.mjs. */',
  },
});
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, result.outputFiles[0].text);
console.log(
  `chart: dist/vendor/chart.min.js (${PARTS.length} parts, ${(result.outputFiles[0].contents.length / 1000).toFixed(1)} kB)`,
);
