// The law explorer's chart: μ(v) or F(v) of up to four laws, on a linear or logarithmic v axis.

import { renderCounter } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import {
  applyChartDefaults,
  bracketed,
  Chart,
  powersOfTenOnly,
  sortedLineOptions,
  toFinitePoints,
} from './common.js';
import { GRID_COLOUR, lawStyle } from './palette.js';
import { htmlLegend, legendListBefore } from './html-legend.js';

// Units of the curves, as engine.lawCurve documents them.
const VELOCITY_UNIT = 'm/s';
const FORCE_UNIT = 'N';
const QUANTITIES = {
  mu: { axis: 'Friction coefficient μ', symbol: 'μ', unit: '', key: 'mu' },
  force: {
    axis: `Friction force F ${bracketed(FORCE_UNIT)}`,
    symbol: 'F',
    unit: FORCE_UNIT,
    key: 'force',
  },
};

const lawRenders = renderCounter('lawRenders');

/** The law explorer's chart: μ(v) or F(v) of up to four laws, on a linear or logarithmic v axis. */
export class LawChartView {
  #chart;
  #canvas;

  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.#canvas = canvas;
    canvas.setAttribute('role', 'img');
    applyChartDefaults();
    this.#chart = new Chart(canvas, {
      type: 'line',
      data: { datasets: [] },
      options: {
        // Sorted {x, y} points, as for the simulation charts. No decimation: a curve has a few
        // hundred points, and decimation would not work on a logarithmic axis anyway.
        ...sortedLineOptions(),
        scales: {
          x: {
            type: 'linear',
            title: { display: true, text: `v ${bracketed(VELOCITY_UNIT)}` },
            grid: { color: GRID_COLOUR },
          },
          y: {
            type: 'linear',
            title: { display: true, text: '' },
            grid: { color: GRID_COLOUR },
            grace: '5%',
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => `v = ${formatQuantity(items[0].parsed.x, VELOCITY_UNIT)}`,
              label: (item) =>
                `${item.dataset.label}: ${item.dataset.symbol} = ${formatQuantity(item.parsed.y, item.dataset.unit)}`,
            },
          },
        },
      },
      plugins: [htmlLegend(legendListBefore(canvas.parentElement, 'Legend: the laws')), lawRenders],
    });
  }

  /**
   * Draws one curve per law, replacing what was shown.
   * @param {{laws: {name: string}[], curves: {v: Float64Array, mu: Float64Array, force: Float64Array}[],
   *   quantity: 'mu' | 'force', scale: 'linear' | 'log', vMin: number, vMax: number}} plot
   * @returns {number[]} the indices of the laws with no finite point to draw (e.g. μ of a law without one)
   */
  show({ laws, curves, quantity, scale, vMin, vMax }) {
    const q = QUANTITIES[quantity];
    const empty = [];
    this.#chart.data.datasets = laws.map((law, index) => {
      const { colour, dash } = lawStyle(index);
      const data = toFinitePoints(curves[index].v, curves[index][q.key]);
      if (data.length === 0) empty.push(index);
      return {
        label: law.name,
        symbol: q.symbol,
        unit: q.unit,
        data,
        borderColor: colour,
        backgroundColor: colour,
        borderDash: dash,
        borderWidth: 2,
        pointRadius: 0,
        pointHitRadius: 4,
      };
    });
    const { x, y } = this.#chart.options.scales;
    x.type = scale === 'log' ? 'logarithmic' : 'linear';
    x.min = vMin;
    x.max = vMax;
    // On a log axis Chart.js puts a tick at every 1…9 step; ticks and grid lines at powers of ten
    // only read better over six decades, and leave room to skip labels on a phone.
    x.afterBuildTicks = scale === 'log' ? powersOfTenOnly : undefined;
    x.ticks =
      scale === 'log' ? { maxRotation: 0, callback: (value) => formatQuantity(value, '') } : {};
    y.title.text = q.axis;
    this.#canvas.setAttribute(
      'aria-label',
      laws.length === 0
        ? 'No law selected.'
        : `${q.axis} against v ${bracketed(VELOCITY_UNIT)} on a ${scale === 'log' ? 'logarithmic' : 'linear'} axis, ` +
            `from ${formatQuantity(vMin, VELOCITY_UNIT)} to ${formatQuantity(vMax, VELOCITY_UNIT)}, for ${laws.map((law) => law.name).join(', ')}.`,
    );
    this.#chart.update('none');
    return empty;
  }
}
