// The Fit view's two charts: the data with the fitted model over them, and the residuals below on
// the same x axis (a pattern in the residuals says the law misses a feature of the data).

import { renderCounter } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import {
  applyChartDefaults,
  bracketed,
  Chart,
  powersOfTenOnly,
  sortedLineOptions,
} from './common.js';
import { GRID_COLOUR } from './palette.js';
import { htmlLegend, legendListBefore } from './html-legend.js';

// Okabe-Ito: the data as blue-grey points, the model as a vermillion line, residuals as points.
const [DATA, MODEL, RESIDUAL] = ['#52606D', '#D55E00', '#0072B2'];
const fitRenders = renderCounter('fitRenders');

/** At most this many points of each series are drawn: more would take seconds and show nothing more. */
export const DRAWN_POINTS = 4000;

/**
 * The indices drawn: every `stride`-th point (all of them up to DRAWN_POINTS), in increasing x (the
 * model is a line through them). Sorted only where the data are not already in order.
 */
function drawnOrder(x) {
  const stride = Math.max(1, Math.ceil(x.length / DRAWN_POINTS));
  const order = [];
  for (let i = 0; i < x.length; i += stride) order.push(i);
  let sorted = true;
  for (let k = 1; k < order.length && sorted; k++) sorted = x[order[k - 1]] <= x[order[k]];
  if (!sorted) order.sort((a, b) => x[a] - x[b]);
  return { order, stride };
}

/** The drawn points of a series as {x, y} in the drawn units, dropping non-finite pairs (and x ≤ 0 on a log axis). */
function points(order, x, y, { xFactor, yFactor, log }) {
  const out = [];
  for (const i of order) {
    const px = x[i] / xFactor,
      py = y[i] / yFactor;
    if (Number.isFinite(px) && Number.isFinite(py) && (!log || px > 0)) out.push({ x: px, y: py });
  }
  return out;
}

/** The least and largest of a long array (no spread: a million arguments overflow the stack). */
function extent(values) {
  let [low, high] = [Infinity, -Infinity];
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return [low, high];
}

/** `name`: what the chart's legend is named for screen readers. */
function makeChart(canvas, yTitle, name) {
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'No fit yet.');
  applyChartDefaults();
  return new Chart(canvas, {
    type: 'line', // parsed points, drawn in their order however unsorted: no scatter controller (chart.mjs)
    data: { datasets: [] },
    options: {
      ...sortedLineOptions(),
      parsing: true, // the data need not be sorted in x (a record's time is; a curve's speeds may not be)
      normalized: false,
      scales: {
        x: { type: 'linear', title: { display: true, text: '' }, grid: { color: GRID_COLOUR } },
        y: {
          type: 'linear',
          title: { display: true, text: yTitle },
          grid: { color: GRID_COLOUR },
          grace: '5%',
        },
      },
    },
    plugins: [htmlLegend(legendListBefore(canvas.parentElement, `Legend: ${name}`)), fitRenders],
  });
}

export class FitCharts {
  #fit;
  #residuals;

  /** @param {HTMLCanvasElement} fitCanvas @param {HTMLCanvasElement} residualCanvas */
  constructor(fitCanvas, residualCanvas) {
    this.#fit = makeChart(fitCanvas, '', 'the data and the fit');
    this.#residuals = makeChart(residualCanvas, '', 'the residuals');
  }

  /**
   * Draws a fit's data, model and residuals, in the units the columns were given in.
   * @param {{x: ArrayLike<number>, y: ArrayLike<number>, fitted: ArrayLike<number>, residuals: ArrayLike<number>}} result
   *   in SI, as the engine returns it
   * @param {{xName: string, xUnit: string, xFactor: number, yName: string, yUnit: string, yFactor: number,
   *   curve: boolean, lawName: string}} axes the columns' names, units and units' factors to SI; curve:
   *   a speed axis, logarithmic where the speeds span two decades or more
   */
  show(result, { xName, xUnit, xFactor, yName, yUnit, yFactor, curve, lawName }) {
    const [low, high] = extent(result.x);
    const log = curve && low > 0 && high / low >= 100;
    const { order, stride } = drawnOrder(result.x);
    const scale = { xFactor, yFactor, log };
    // A log axis labelled at powers of ten only, as the law explorer's: a tick at every 1…9 crowded its labels.
    const logTicks = {
      afterBuildTicks: powersOfTenOnly,
      ticks: { maxRotation: 0, callback: (value) => formatQuantity(value, '') },
    };
    const xAxis = {
      type: log ? 'logarithmic' : 'linear',
      title: { display: true, text: `${xName} ${bracketed(xUnit)}`.trim() },
      grid: { color: GRID_COLOUR },
      ...(log ? logTicks : {}),
    };
    const tooltip = (unit) => ({
      callbacks: {
        label: (item) =>
          `${item.dataset.label}: ${formatQuantity(item.parsed.y, unit)} at ${formatQuantity(item.parsed.x, xUnit)}`,
      },
    });
    const every =
      stride > 1 ? ` (every ${stride}th of ${result.x.length.toLocaleString('en')})` : '';
    this.#fit.options.scales.x = xAxis;
    this.#fit.options.scales.y.title.text = `${yName} ${bracketed(yUnit)}`.trim();
    this.#fit.options.plugins.tooltip = tooltip(yUnit);
    this.#fit.data.datasets = [
      {
        label: `Data${every}`,
        data: points(order, result.x, result.y, scale),
        borderColor: DATA,
        backgroundColor: DATA,
        pointRadius: 2.5,
        showLine: false,
      },
      {
        label: `Fit: ${lawName}`,
        data: points(order, result.x, result.fitted, scale),
        borderColor: MODEL,
        backgroundColor: MODEL,
        borderWidth: 2.5,
        pointRadius: 0,
        showLine: true,
      },
    ];
    this.#fit.update('none');
    this.#residuals.options.scales.x = { ...xAxis };
    this.#residuals.options.scales.y.title.text = `Residual ${bracketed(yUnit)}`.trim();
    this.#residuals.options.plugins.tooltip = tooltip(yUnit);
    this.#residuals.data.datasets = [
      {
        label: `Fit − data${every}`,
        data: points(order, result.x, result.residuals, scale),
        borderColor: RESIDUAL,
        backgroundColor: RESIDUAL,
        pointRadius: 2.5,
        showLine: false,
      },
    ];
    this.#residuals.update('none');
    this.#describe(result, {
      xName,
      xUnit,
      xFactor,
      yName,
      yUnit,
      yFactor,
      lawName,
      low,
      high,
      every,
    });
  }

  /** The charts' text alternatives: what they show, in words. */
  #describe(result, { xName, xUnit, xFactor, yName, yUnit, yFactor, lawName, low, high, every }) {
    const span = `${xName} from ${formatQuantity(low / xFactor, xUnit)} to ${formatQuantity(high / xFactor, xUnit)}`;
    this.#fit.canvas.setAttribute(
      'aria-label',
      `${result.x.length} data points of ${yName} against ${span}${every ? `, every ${every.match(/\d+/)[0]}th drawn` : ''}, and ${lawName} fitted to them.`,
    );
    const [rLow, rHigh] = extent(result.residuals);
    const largest = Math.max(Math.abs(rLow), Math.abs(rHigh)) / yFactor;
    this.#residuals.canvas.setAttribute(
      'aria-label',
      `The residuals, fit minus data, against ${span}: at most ${formatQuantity(largest, yUnit)} in size.`,
    );
  }
}
