// The two charts: the only module that knows Chart.js (loaded as the classic UMD script, which
// defines the global `Chart`). Charts are built once and updated in place on every result.

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

// Tests wait on this count: it proves a chart was drawn, not merely that data arrived.
window.__renders = 0;
const renderCounter = {
  id: 'renderCounter',
  afterRender: () => {
    window.__renders += 1;
  },
};

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
    plugins: [renderCounter],
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

function bracketed(unit) {
  return unit ? `[${unit}]` : '';
}
