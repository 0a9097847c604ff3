// The charts: the only module that knows Chart.js (loaded as the classic UMD script, which
// defines the global `Chart`). Charts are built once and updated in place on every result.
// ChartView draws the spring-block simulation (two charts); LawChartView the law explorer (one).

import { formatQuantity } from './format.js';

const { Chart } = globalThis;

// Okabe & Ito (2008) colour-blind-safe palette, picked for contrast on white. Line dashes add a
// second cue, so the series stay apart on a washed-out projector or a grey-scale printout.
const COLOURS = { blue: '#0072B2', vermillion: '#D55E00', green: '#009E73', orange: '#E69F00', purple: '#CC79A7' };

// What each chart plots: column keys as in engine.columns(). The relative chart names its series
// by symbol, as the seed app does (v/v0, θ, Fk/Fk0); the force chart by label.
const RELATIVE_SERIES = [
  { key: 'vOverV0', colour: COLOURS.blue, dash: [] },
  { key: 'theta', colour: COLOURS.orange, dash: [8, 4] },
  { key: 'fkOverFk0', colour: COLOURS.green, dash: [2, 3] },
];
const FORCE_SERIES = [
  { key: 'friction', colour: COLOURS.vermillion, dash: [] },
  { key: 'spring', colour: COLOURS.purple, dash: [8, 4] },
];

const TEXT_COLOUR = '#374151';
const GRID_COLOUR = '#e5e7eb';

/**
 * A Chart.js plugin counting renders in window[name]. Tests wait on these counts: they prove a chart
 * was drawn, not merely that data arrived.
 */
function renderCounter(name) {
  window[name] = 0;
  return { id: name, afterRender: () => { window[name] += 1; } };
}
const springRenders = renderCounter('__renders');

export class ChartView {
  #charts;

  /**
   * @param {{relative: HTMLCanvasElement, forces: HTMLCanvasElement}} canvases
   * @param {{key: string, symbol: string, label: string, unit: string}[]} columns engine.columns()
   */
  constructor(canvases, columns) {
    const byKey = Object.fromEntries(columns.map((column) => [column.key, column]));
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    Chart.defaults.font.size = 13;
    Chart.defaults.color = TEXT_COLOUR;
    const time = byKey.t;
    this.#charts = [
      makeChart(canvases.relative, time, 'Relative values', RELATIVE_SERIES.map((series) => ({
        ...series, column: byKey[series.key], legend: byKey[series.key].symbol,
      }))),
      makeChart(canvases.forces, time, `Force ${bracketed(byKey.friction.unit)}`, FORCE_SERIES.map((series) => ({
        ...series, column: byKey[series.key], legend: byKey[series.key].label,
      }))),
    ];
  }

  /**
   * Replaces the plotted data with a new result's columns and redraws without animation.
   * @param {{columns: Record<string, Float64Array>}} result
   */
  show({ columns }) {
    for (const chart of this.#charts) {
      for (const dataset of chart.data.datasets) {
        dataset.data = toPoints(columns.t, columns[dataset.columnKey]);
      }
      chart.update('none');
    }
  }
}

function makeChart(canvas, time, yTitle, series) {
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `${yTitle}: ${series.map((s) => s.legend).join(', ')} against ${time.label}`);
  return new Chart(canvas, {
    type: 'line',
    data: {
      datasets: series.map((s) => ({
        label: s.legend,
        columnKey: s.key,
        unit: s.column.unit,
        data: [],
        borderColor: s.colour,
        backgroundColor: s.colour,
        borderDash: s.dash,
        borderWidth: 2,
        pointRadius: 0,
        pointHitRadius: 4,
      })),
    },
    options: {
      animation: false,
      // Data arrive as sorted {x, y} points: no parsing, and Chart.js may assume sorted x.
      // Both are required for decimation, which keeps the plots fast with many thousand points.
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: {
        x: {
          type: 'linear',
          title: { display: true, text: `${time.symbol} ${bracketed(time.unit)}` },
          grid: { color: GRID_COLOUR },
        },
        y: {
          title: { display: true, text: yTitle },
          grid: { color: GRID_COLOUR },
          grace: '5%',
        },
      },
      plugins: {
        // min-max keeps each pixel column's extremes, so stick-slip peaks and force drops survive.
        decimation: { enabled: true, algorithm: 'min-max' },
        legend: { position: 'top', labels: { usePointStyle: true, pointStyle: 'line' } },
        tooltip: {
          callbacks: {
            title: (items) => `${time.symbol} = ${formatQuantity(items[0].parsed.x, time.unit)}`,
            label: (item) => `${item.dataset.label}: ${formatQuantity(item.parsed.y, item.dataset.unit)}`,
          },
        },
      },
    },
    plugins: [springRenders],
  });
}

/** Columns -> Chart.js points. Non-finite values become gaps instead of breaking the axis range. */
function toPoints(t, y) {
  const points = new Array(t.length);
  for (let i = 0; i < t.length; i++) {
    points[i] = { x: t[i], y: Number.isFinite(y[i]) ? y[i] : NaN };
  }
  return points;
}

// The law explorer: one colour and dash per slot, so each law's card can show its curve's style.
const LAW_STYLES = [
  { colour: COLOURS.blue, dash: [] },
  { colour: COLOURS.vermillion, dash: [8, 4] },
  { colour: COLOURS.green, dash: [2, 3] },
  { colour: COLOURS.purple, dash: [12, 3, 3, 3] },
];
// Units of the curves, as engine.lawCurve documents them.
const VELOCITY_UNIT = 'm/s';
const FORCE_UNIT = 'N';
const QUANTITIES = {
  mu: { axis: 'Friction coefficient μ', symbol: 'μ', unit: '', key: 'mu' },
  force: { axis: `Friction force F ${bracketed(FORCE_UNIT)}`, symbol: 'F', unit: FORCE_UNIT, key: 'force' },
};

/**
 * The colour and dash of the law in slot `index` (0-based), for a swatch beside its controls.
 * @returns {{colour: string, dash: number[]}}
 */
export function lawStyle(index) {
  return LAW_STYLES[index % LAW_STYLES.length];
}

const lawRenders = renderCounter('__lawRenders');

/** The law explorer's chart: μ(v) or F(v) of up to four laws, on a linear or logarithmic v axis. */
export class LawChartView {
  #chart;
  #canvas;

  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.#canvas = canvas;
    canvas.setAttribute('role', 'img');
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    Chart.defaults.font.size = 13;
    Chart.defaults.color = TEXT_COLOUR;
    this.#chart = new Chart(canvas, {
      type: 'line',
      data: { datasets: [] },
      options: {
        animation: false,
        // Sorted {x, y} points, as for the simulation charts. No decimation: a curve has a few
        // hundred points, and decimation would not work on a logarithmic axis anyway.
        parsing: false,
        normalized: true,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: `v ${bracketed(VELOCITY_UNIT)}` }, grid: { color: GRID_COLOUR } },
          y: { type: 'linear', title: { display: true, text: '' }, grid: { color: GRID_COLOUR }, grace: '5%' },
        },
        plugins: {
          legend: { position: 'top', labels: { usePointStyle: true, pointStyle: 'line' } },
          tooltip: {
            callbacks: {
              title: (items) => `v = ${formatQuantity(items[0].parsed.x, VELOCITY_UNIT)}`,
              label: (item) => `${item.dataset.label}: ${item.dataset.symbol} = ${formatQuantity(item.parsed.y, item.dataset.unit)}`,
            },
          },
        },
      },
      plugins: [lawRenders],
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
        label: law.name, symbol: q.symbol, unit: q.unit, data,
        borderColor: colour, backgroundColor: colour, borderDash: dash,
        borderWidth: 2, pointRadius: 0, pointHitRadius: 4,
      };
    });
    const { x, y } = this.#chart.options.scales;
    x.type = scale === 'log' ? 'logarithmic' : 'linear';
    x.min = vMin;
    x.max = vMax;
    // On a log axis Chart.js puts a tick at every 1…9 step; ticks and grid lines at powers of ten
    // only read better over six decades, and leave room to skip labels on a phone.
    x.afterBuildTicks = scale === 'log' ? (axis) => { axis.ticks = axis.ticks.filter((tick) => isPowerOfTen(tick.value)); } : undefined;
    x.ticks = scale === 'log' ? { maxRotation: 0, callback: (value) => formatQuantity(value, '') } : {};
    y.title.text = q.axis;
    this.#canvas.setAttribute('aria-label', laws.length === 0 ? 'No law selected.'
      : `${q.axis} against v ${bracketed(VELOCITY_UNIT)} on a ${scale === 'log' ? 'logarithmic' : 'linear'} axis, `
        + `from ${formatQuantity(vMin, VELOCITY_UNIT)} to ${formatQuantity(vMax, VELOCITY_UNIT)}, for ${laws.map((law) => law.name).join(', ')}.`);
    this.#chart.update('none');
    return empty;
  }
}

/** Curve arrays -> Chart.js points, leaving out points where either value is not finite. */
function toFinitePoints(v, y) {
  const points = [];
  for (let i = 0; i < v.length; i++) {
    if (Number.isFinite(v[i]) && Number.isFinite(y[i])) points.push({ x: v[i], y: y[i] });
  }
  return points;
}

function isPowerOfTen(value) {
  if (!(value > 0)) return false;
  const exponent = Math.round(Math.log10(value));
  return Math.abs(value / 10 ** exponent - 1) < 1e-9;
}

function bracketed(unit) {
  return unit ? `[${unit}]` : '';
}
