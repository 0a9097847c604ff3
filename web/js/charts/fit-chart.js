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

/** x against y as {x, y} points, in the data's order, dropping non-finite pairs (a log axis drops x ≤ 0). */
function points(x, y, log) {
  const out = [];
  for (let i = 0; i < x.length; i++) {
    if (Number.isFinite(x[i]) && Number.isFinite(y[i]) && (!log || x[i] > 0))
      out.push({ x: x[i], y: y[i] });
  }
  return out;
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
   * Draws a fit's data, model and residuals.
   * @param {{x: ArrayLike<number>, y: ArrayLike<number>, fitted: ArrayLike<number>, residuals: ArrayLike<number>}} result
   * @param {{xName: string, xUnit: string, yName: string, yUnit: string, log: boolean, lawName: string}} axes
   *   names and SI units of the columns; log: a logarithmic x axis (speeds over decades)
   */
  show(result, { xName, xUnit, yName, yUnit, log, lawName }) {
    const order = [...result.x.keys()].sort((a, b) => result.x[a] - result.x[b]);
    const sortedX = order.map((i) => result.x[i]);
    const model = points(
      sortedX,
      order.map((i) => result.fitted[i]),
      log,
    );
    // A log axis labelled at powers of ten only, as the law explorer's: a tick at every 1…9 crowded its labels.
    const logTicks = {
      afterBuildTicks: powersOfTenOnly,
      ticks: { maxRotation: 0, callback: (value) => formatQuantity(value, '') },
    };
    const xAxis = {
      type: log ? 'logarithmic' : 'linear',
      title: { display: true, text: `${xName} ${bracketed(xUnit)}` },
      grid: { color: GRID_COLOUR },
      ...(log ? logTicks : {}),
    };
    const tooltip = (unit) => ({
      callbacks: {
        label: (item) =>
          `${item.dataset.label}: ${formatQuantity(item.parsed.y, unit)} at ${formatQuantity(item.parsed.x, xUnit)}`,
      },
    });
    this.#fit.options.scales.x = xAxis;
    this.#fit.options.scales.y.title.text = `${yName} ${bracketed(yUnit)}`;
    this.#fit.options.plugins.tooltip = tooltip(yUnit);
    this.#fit.data.datasets = [
      {
        label: 'Data',
        data: points(result.x, result.y, log),
        borderColor: DATA,
        backgroundColor: DATA,
        pointRadius: 2.5,
        showLine: false,
      },
      {
        label: `Fit: ${lawName}`,
        data: model,
        borderColor: MODEL,
        backgroundColor: MODEL,
        borderWidth: 2.5,
        pointRadius: 0,
        showLine: true,
      },
    ];
    this.#fit.update('none');
    this.#residuals.options.scales.x = { ...xAxis };
    this.#residuals.options.scales.y.title.text = `Residual ${bracketed(yUnit)}`;
    this.#residuals.options.plugins.tooltip = tooltip(yUnit);
    this.#residuals.data.datasets = [
      {
        label: 'Fit − data',
        data: points(result.x, result.residuals, log),
        borderColor: RESIDUAL,
        backgroundColor: RESIDUAL,
        pointRadius: 2.5,
        showLine: false,
      },
    ];
    this.#residuals.update('none');
    // The charts' text alternatives: what they show, in words.
    const span = `${xName} from ${formatQuantity(sortedX[0], xUnit)} to ${formatQuantity(sortedX.at(-1), xUnit)}`;
    this.#fit.canvas.setAttribute(
      'aria-label',
      `${result.x.length} data points of ${yName} against ${span}, and ${lawName} fitted to them.`,
    );
    const largest = result.residuals.reduce((max, r) => Math.max(max, Math.abs(r)), 0);
    this.#residuals.canvas.setAttribute(
      'aria-label',
      `The residuals, fit minus data, against ${span}: at most ${formatQuantity(largest, yUnit)} in size.`,
    );
  }
}
