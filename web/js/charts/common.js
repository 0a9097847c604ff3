// What every Chart.js chart of the page shares: defaults that scale with the page, line styles,
// point conversion and the chart builders for sorted and unsorted {x, y} data.

import { formatQuantity } from '../ui/format.js';
import { GRID_COLOUR, TEXT_COLOUR } from './palette.js';

export const Chart = globalThis.Chart;

/**
 * Chart text follows the page's font and size, so a projector or Present mode (which enlarge the
 * root font) enlarge the axes and legends too. Called before each chart is built and on resize.
 */
export function applyChartDefaults() {
  const style = getComputedStyle(document.documentElement);
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  // 0.8125 rem: 13 px at the browser's default 16 px, more where the page's root font grows.
  Chart.defaults.font.size = Math.round(0.8125 * parseFloat(style.fontSize || '16'));
  Chart.defaults.color = TEXT_COLOUR;
}

export function lineStyle(colour, dash, width = 2) {
  return {
    borderColor: colour,
    backgroundColor: colour,
    borderDash: dash,
    borderWidth: width,
    pointRadius: 0,
    pointHitRadius: 4,
  };
}

/** Options every line chart of sorted {x, y} points shares: no animation or parsing, sized by its box. */
export function sortedLineOptions() {
  return {
    animation: false,
    parsing: false,
    normalized: true,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'nearest', axis: 'x', intersect: false },
  };
}

/**
 * A chart of {x, y} points that are not sorted in x (a phase trace or a hysteresis loop doubles
 * back). Parsing stays on: with parsing off, Chart.js takes the data as sorted and reads the x range
 * from the first and last points only. No `normalized` and no decimation, for the same reason.
 * @param {HTMLCanvasElement} canvas
 * @param {{xTitle: string, yTitle: string, xTicks?: object, label: (item: object) => string, counter: object}} axes
 *   the axis titles, x tick options, the tooltip's text and the render-counting plugin
 */
export function makeScatterChart(canvas, { xTitle, yTitle, xTicks = {}, label, counter }) {
  canvas.setAttribute('role', 'img');
  applyChartDefaults();
  return new Chart(canvas, {
    type: 'line', // parsed points, drawn in their order however unsorted: no scatter controller (chart.mjs)
    data: { datasets: [] },
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: {
          type: 'linear',
          title: { display: true, text: xTitle },
          grid: { color: GRID_COLOUR },
          grace: '5%',
          ticks: { ...compactTicks, ...xTicks },
          afterDataLimits: ignoreRoundingNoise,
        },
        y: {
          type: 'linear',
          title: { display: true, text: yTitle },
          grid: { color: GRID_COLOUR },
          grace: '5%',
          ticks: compactTicks,
          afterDataLimits: ignoreRoundingNoise,
        },
      },
      plugins: {
        tooltip: { callbacks: { label } },
      },
    },
    plugins: [counter],
  });
}

/**
 * Columns -> Chart.js points for a series that holds its value over long runs (a static limit): only
 * the first and last row of each run of equal values, which draw the same line as every row (a
 * straight segment between equal values) with a fraction of the points for the chart to update.
 */
export function toRunPoints(t, y) {
  const points = [];
  const value = (i) => (Number.isFinite(y[i]) ? y[i] : NaN);
  for (let i = 0; i < t.length; i++) {
    const here = value(i);
    const sameAsBefore = i > 0 && Object.is(value(i - 1), here);
    const sameAsAfter = i + 1 < t.length && Object.is(value(i + 1), here);
    if (!(sameAsBefore && sameAsAfter)) points.push({ x: t[i], y: here });
  }
  return points;
}

/** Columns -> Chart.js points. Non-finite values become gaps instead of breaking the axis range. */
export function toPoints(t, y) {
  const points = new Array(t.length);
  for (let i = 0; i < t.length; i++) {
    points[i] = { x: t[i], y: Number.isFinite(y[i]) ? y[i] : NaN };
  }
  return points;
}

/** Curve arrays -> Chart.js points, leaving out points where either value is not finite. */
export function toFinitePoints(v, y) {
  const points = [];
  for (let i = 0; i < v.length; i++) {
    if (Number.isFinite(v[i]) && Number.isFinite(y[i])) points.push({ x: v[i], y: y[i] });
  }
  return points;
}

export function hasFinite(values) {
  return values !== undefined && values.some(Number.isFinite);
}

export function bracketed(unit) {
  return unit ? `[${unit}]` : '';
}

/**
 * Tick labels in the page's number format ("1.42e-5", not Chart.js's "1.420000E-5") with as many
 * significant digits as the tick spacing needs to tell neighbours apart: digits = ⌈log10(|value| /
 * step)⌉ + 1, so 0.61151 and 0.61152 never both read "0.6115".
 */
export const compactTicks = {
  callback(value, index, ticks) {
    const step = ticks.length > 1 ? Math.abs(ticks[1].value - ticks[0].value) : 0;
    const largest = Math.max(...ticks.map((tick) => Math.abs(tick.value)));
    const digits = step > 0 && largest > 0 ? Math.ceil(Math.log10(largest / step)) + 1 : 3;
    return formatQuantity(value, '', Math.min(12, Math.max(2, digits)));
  },
};

/**
 * An axis whose data vary by less than 1e-7 of their size (a constant force or speed carrying the
 * solver's rounding and error control, e.g. the quasi-static slider sliding steadily) is shown over
 * ±0.05 % of its value instead: Chart.js would otherwise zoom into the noise and draw it as a signal.
 * (The regime classifier calls a run steady below 2e-6 of v0.)
 * @param {object} axis a Chart.js scale, in its afterDataLimits hook
 */
export function ignoreRoundingNoise(axis) {
  const { min, max } = axis;
  const size = Math.max(Math.abs(min), Math.abs(max));
  if (!Number.isFinite(size) || size === 0 || max - min > 1e-7 * size) return;
  const middle = 0.5 * (min + max);
  const half = 5e-4 * Math.abs(middle);
  axis.min = middle - half;
  axis.max = middle + half;
}

// A phase trace doubles back on itself, so min-max decimation (which needs increasing x) cannot
// thin it: every n-th row is kept instead, plus the rows where the block sticks or unsticks, so
// the corners stay sharp. Results have at most ~4000 rows; this keeps the chart light to redraw.
const MAX_PHASE_POINTS = 2000;

/**
 * The runs of rows where the block is at rest (v exactly 0, as the seed models keep it while stuck),
 * as [t at the run's first row, t at its last row]; runs of one row are a velocity reversal, not a stick.
 */
export function restRuns(t, v) {
  const runs = [];
  let start = -1;
  for (let i = 0; i <= v.length; i++) {
    const resting = i < v.length && v[i] === 0;
    if (resting && start < 0) start = i;
    if (!resting && start >= 0) {
      if (i - 1 > start) runs.push([t[start], t[i - 1]]);
      start = -1;
    }
  }
  return runs;
}

/**
 * Phase-portrait points (x[i], v[i]), thinned to about MAX_PHASE_POINTS: every n-th row, the last
 * row, and each row where the block comes to rest or leaves it. Non-finite rows are left out.
 */
export function phasePoints(x, v) {
  const every = Math.max(1, Math.ceil(x.length / MAX_PHASE_POINTS));
  const points = [];
  for (let i = 0; i < x.length; i++) {
    const corner = i > 0 && (v[i] === 0) !== (v[i - 1] === 0);
    const keep =
      i % every === 0 ||
      i === x.length - 1 ||
      corner ||
      (i + 1 < v.length && (v[i] === 0) !== (v[i + 1] === 0));
    if (keep && Number.isFinite(x[i]) && Number.isFinite(v[i])) points.push({ x: x[i], y: v[i] });
  }
  return points;
}

/** A log axis's afterBuildTicks: ticks and grid lines at powers of ten only (Chart.js puts one at every 1…9). */
export function powersOfTenOnly(axis) {
  axis.ticks = axis.ticks.filter(
    ({ value }) => value > 0 && Math.abs(value / 10 ** Math.round(Math.log10(value)) - 1) < 1e-9,
  );
}
