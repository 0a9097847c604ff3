// The spring-block view's charts: two time charts (relative values, forces) and a phase portrait,
// built once and updated in place on every result.

import { expose, renderCounter } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import {
  applyChartDefaults,
  bracketed,
  Chart,
  compactTicks,
  hasFinite,
  ignoreRoundingNoise,
  lineStyle,
  makeScatterChart,
  phasePoints,
  restRuns,
  sortedLineOptions,
  toPoints,
  toRunPoints,
} from './common.js';
import { COLOURS, GRID_COLOUR, runStyle, STUCK_FILL } from './palette.js';
import { ChartCursor, chartCursorPlugin } from './time-cursor.js';
import { htmlLegend, legendListBefore } from './html-legend.js';

// Cursors repaint after their chart renders (new data while playback is paused).
Chart.register(chartCursorPlugin);

// What each chart plots: column keys as in engine.columns(). The relative chart names its series
// by symbol, as the seed app does (v/v0, θ, Fk/Fk0); the force chart by label. A series with no
// finite value (θ and Fk/Fk0 of a law run) is left out, legend and all.
const RELATIVE_SERIES = [
  { key: 'vOverV0', colour: COLOURS.blue, dash: [] },
  { key: 'theta', colour: COLOURS.orange, dash: [8, 4] },
  { key: 'fkOverFk0', colour: COLOURS.green, dash: [2, 3] },
];
// The block position, on its own axis at the right of the relative chart, when the user asks for it.
const POSITION_SERIES = { key: 'x', colour: COLOURS.black, dash: [12, 3, 3, 3], axis: 'y2' };
// A dynamic law's state variable (LuGre's z, rate-and-state's θ), on a third axis at the right.
const STATE_STYLE = { colour: COLOURS.orange, dash: [8, 4], axis: 'y3' };
// The static limit is its own thin dashed line, named for what it is: a true static limit (the
// block holds while the drive force stays below it) or, for a law without a true stick state, the
// peak of its steady friction that the block must pass to break away.
const FORCE_SERIES = [
  { key: 'friction', colour: COLOURS.vermillion, dash: [] },
  { key: 'spring', colour: COLOURS.purple, dash: [8, 4] },
  { key: 'staticLimit', colour: COLOURS.black, dash: [3, 4], width: 1.5, runs: true },
];
const STATIC_LIMIT_LABELS = { stick: 'Static limit', peak: 'Break-away peak (no true stick)' };
// The phase portrait: block velocity (y) against one of these (x).
const PHASE_AXES = ['spring', 'x'];

// The time charts' y axes get one fixed width, and the forces chart leaves room for the position
// axis of the relative chart, so the two time axes line up and a stick interval reads across both.
const Y_AXIS_WIDTH = 64;
const fixedWidth = (scale) => {
  if (scale.options.display) scale.width = Y_AXIS_WIDTH;
};

const springRenders = renderCounter('renders');

/**
 * Shades the x ranges in `options.plugins.stuckShading.intervals` ([[t0, t1], …], in x-axis units)
 * over the full height of the plot area, beneath the datasets.
 */
const stuckShading = {
  id: 'stuckShading',
  beforeDatasetsDraw(chart, args, options) {
    const intervals = options.intervals ?? [];
    if (intervals.length === 0) return;
    const {
      ctx,
      chartArea: area,
      scales: { x },
    } = chart;
    ctx.save();
    ctx.fillStyle = STUCK_FILL;
    for (const [start, end] of intervals) {
      const left = Math.max(area.left, x.getPixelForValue(start));
      const right = Math.min(area.right, x.getPixelForValue(end));
      // At least one pixel, so a short stick is still seen.
      if (right >= left)
        ctx.fillRect(left, area.top, Math.max(right - left, 1), area.bottom - area.top);
    }
    ctx.restore();
  },
};

export class TimeCharts {
  #byKey;
  #relative;
  #forces;
  #phase;
  /** The last result shown, redrawn when an option changes. */
  #result = null;
  #options = { position: false, phaseX: 'spring' };
  #stateVariables = [];
  #positionTitle = '';
  #overlays = [];
  #liveLabel = null;
  #cursors;
  /** Charts out of view, and those holding data they have not drawn yet. */
  #hidden = new Set();
  #stale = new Set();

  /**
   * @param {{relative: HTMLCanvasElement, forces: HTMLCanvasElement, phase: HTMLCanvasElement}} canvases
   * @param {{key: string, symbol: string, label: string, unit: string}[]} columns engine.columns()
   * @param {{position?: boolean, phaseX?: 'spring' | 'x'}} [options] see setOptions
   */
  constructor(canvases, columns, options = {}) {
    this.#byKey = Object.fromEntries(columns.map((column) => [column.key, column]));
    applyChartDefaults();
    const { t, x, friction } = this.#byKey;
    this.#relative = makeTimeChart(canvases.relative, t, 'Relative values');
    this.#positionTitle = `${x.symbol} ${bracketed(x.unit)}`;
    this.#forces = makeTimeChart(canvases.forces, t, `Force ${bracketed(friction.unit)}`);
    this.#phase = makePhaseChart(canvases.phase, this.#byKey.v);
    this.#cursors = {
      relative: new ChartCursor(this.#relative),
      forces: new ChartCursor(this.#forces),
      phase: new ChartCursor(this.#phase, { kind: 'point' }),
    };
    this.#options = { ...this.#options, ...options };
    this.#watchVisibility();
  }

  /** The time charts' width [CSS px], as Chart.js last sized them: reading it forces no layout. */
  get width() {
    return this.#forces.width;
  }

  /**
   * Charts off screen (below the fold, or a Present mode that hides them) take their new data at
   * once but draw it only when they come into view: while a slider is dragged, drawing what nobody
   * sees would take main-thread time from the charts and the animation that are seen. Until the
   * observer's first report every chart counts as visible.
   */
  #watchVisibility() {
    if (typeof IntersectionObserver !== 'function') return;
    const charts = [this.#relative, this.#forces, this.#phase];
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const chart = charts.find((candidate) => candidate.canvas === entry.target);
        if (entry.isIntersecting) this.#hidden.delete(chart);
        else this.#hidden.add(chart);
        if (entry.isIntersecting && this.#stale.delete(chart)) chart.update('none');
      }
    });
    for (const chart of charts) observer.observe(chart.canvas);
  }

  /** Draws a chart now if it is in view, else when it comes into view. */
  #render(chart) {
    if (this.#hidden.has(chart)) this.#stale.add(chart);
    else chart.update('none');
  }

  /**
   * Replaces the plotted data with a new result's columns and redraws without animation.
   * Stick intervals come from the summary (law runs); for results without them (the seed models),
   * the runs of rows where the block is at rest (v = 0 exactly) are shaded instead.
   * @param {{columns: Record<string, Float64Array>, summary: {stickIntervals?: number[][]}}} result
   * @param {{key: string, symbol: string, unit: string, label: string}[]} [stateVariables] the law's
   *   state variables (engine.laws()[…].state), drawn from columns.state on an axis of their own
   */
  show(result, stateVariables = [], overlays = { live: this.#liveLabel, runs: this.#overlays }) {
    this.#result = result;
    this.#stateVariables = stateVariables;
    this.#overlays = overlays.runs;
    this.#liveLabel = overlays.live;
    this.#draw();
  }

  /**
   * Overlays compared runs on the time charts (their v/v0 and friction), redrawing at once.
   * @param {{live: string | null, runs: {label: string, columns: Record<string, Float64Array>}[]}} overlays
   *   live: the live run's label, added to its own series' names while runs are compared
   */
  setOverlays(overlays) {
    this.#overlays = overlays.runs;
    this.#liveLabel = overlays.live;
    if (this.#result) this.#draw();
  }

  /**
   * Moves the time cursor of both time charts to `frame.t` and the phase portrait's marker to the
   * frame's (drive force or position, velocity): the animation's instant on every chart.
   * @param {{t: number, v: number, x: number, spring: number} | null} frame from the animated schematic
   */
  setTime(frame) {
    if (!frame) return;
    this.#cursors.relative.show(frame.t);
    this.#cursors.forces.show(frame.t);
    const xKey = PHASE_AXES.includes(this.#options.phaseX) ? this.#options.phaseX : PHASE_AXES[0];
    this.#cursors.phase.show({ x: frame[xKey], y: frame.v });
    expose('cursors', {
      relative: frame.t,
      forces: frame.t,
      phase: { x: frame[xKey], y: frame.v },
    });
  }

  /**
   * @param {{position?: boolean, phaseX?: 'spring' | 'x'}} options position: plot x on the relative
   *   chart; phaseX: the phase portrait's horizontal axis (drive force or position)
   */
  setOptions(options) {
    this.#options = { ...this.#options, ...options };
    if (this.#result) this.#draw();
  }

  #draw() {
    const { columns, summary } = this.#result;
    // A law whose static limit is 0 breaks away at once: its first "stick" has no length.
    const stuck = (summary?.stickIntervals ?? restRuns(columns.t, columns.v)).filter(
      ([start, end]) => end > start,
    );
    // While runs are compared, each run is one colour on both charts, so the relative chart shows only
    // each run's v/v0 (θ, Fk/Fk0 and a state variable would need colours of their own).
    const comparing = this.#overlays.length > 0;
    const relative = comparing
      ? [{ ...RELATIVE_SERIES[0], ...runStyle(0) }]
      : RELATIVE_SERIES.filter((series) => hasFinite(columns[series.key]));
    if (this.#options.position && columns.x) relative.push(POSITION_SERIES);
    // The first state variable of a dynamic law, described by the catalog entry passed to show().
    const state = comparing
      ? undefined
      : this.#stateVariables.find((variable) => hasFinite(columns.state?.[variable.key]));
    if (state) relative.push({ ...STATE_STYLE, state });
    this.#showTimeSeries(this.#relative, relative, columns, stuck, (column) => column.symbol);
    const position = relative.includes(POSITION_SERIES);
    setRightAxis(this.#relative, 'y2', position && this.#positionTitle);
    setRightAxis(this.#relative, 'y3', state && `${state.symbol} ${bracketed(state.unit)}`);
    this.#forces.options.layout.padding.right = position ? Y_AXIS_WIDTH : 0;
    const limitLabel = STATIC_LIMIT_LABELS[summary?.staticLimitKind];
    this.#showTimeSeries(
      this.#forces,
      FORCE_SERIES.filter((series) => hasFinite(columns[series.key])),
      columns,
      stuck,
      (column) => (column.key === 'staticLimit' && limitLabel ? limitLabel : column.label),
    );
    this.#addOverlays();
    // Min-max decimation only where it thins anything: with fewer points than two per pixel column
    // it costs a third of an update for nothing (the seed model's 200 points).
    for (const chart of [this.#relative, this.#forces]) {
      const points = Math.max(0, ...chart.data.datasets.map((dataset) => dataset.data.length));
      chart.options.plugins.decimation.enabled = points > 2 * chart.width;
    }
    this.#render(this.#relative);
    this.#render(this.#forces);
    this.#showPhase(columns);
  }

  /** The compared runs' v/v0 (relative chart) and friction (forces chart), named by their labels. */
  #addOverlays() {
    // While runs are compared, the live run's v/v0 and friction say which run they are too.
    if (this.#liveLabel && this.#overlays.length > 0) {
      for (const chart of [this.#relative, this.#forces])
        chart.data.datasets[0].label += ` · ${this.#liveLabel}`;
    }
    this.#overlays.forEach((run, index) => {
      const { colour, dash } = runStyle(index + 1);
      for (const [chart, key] of [
        [this.#relative, 'vOverV0'],
        [this.#forces, 'friction'],
      ]) {
        const column = this.#byKey[key];
        chart.data.datasets.push({
          ...lineStyle(colour, dash),
          label: `${key === 'vOverV0' ? column.symbol : column.label} · ${run.label}`,
          unit: column.unit,
          yAxisID: 'y',
          data: toPoints(run.columns.t, run.columns[key]),
        });
      }
    });
  }

  #showTimeSeries(chart, series, columns, stuck, legendOf) {
    const time = this.#byKey.t;
    const fresh = series.map((s) => ({
      ...lineStyle(s.colour, s.dash, s.width),
      label: s.state ? s.state.symbol : legendOf(this.#byKey[s.key]),
      unit: s.state ? s.state.unit : this.#byKey[s.key].unit,
      yAxisID: s.axis ?? 'y',
      // A series that holds its value (runs: the static limit) keeps only the ends of each run.
      data: (s.runs ? toRunPoints : toPoints)(
        columns.t,
        s.state ? columns.state[s.state.key] : columns[s.key],
      ),
    }));
    // In place where the series are the same as before (only the data changed): Chart.js then keeps
    // each dataset's controller and resolved options instead of building them again.
    const old = chart.data.datasets;
    const same =
      old.length === fresh.length &&
      fresh.every(
        (dataset, i) => dataset.label === old[i].label && dataset.yAxisID === old[i].yAxisID,
      );
    if (same)
      fresh.forEach((dataset, i) => {
        old[i].data = dataset.data;
      });
    else chart.data.datasets = fresh;
    chart.options.plugins.stuckShading.intervals = stuck;
    const yTitle = chart.options.scales.y.title.text;
    chart.canvas.setAttribute(
      'aria-label',
      `${yTitle}: ${chart.data.datasets.map((d) => d.label).join(', ')} against ${time.label}` +
        (stuck.length > 0
          ? `; ${stuck.length} stick interval${stuck.length === 1 ? '' : 's'} shaded`
          : ''),
    );
  }

  #showPhase(columns) {
    const xKey = PHASE_AXES.includes(this.#options.phaseX) ? this.#options.phaseX : PHASE_AXES[0];
    const xColumn = this.#byKey[xKey];
    const v = this.#byKey.v;
    const chart = this.#phase;
    chart.data.datasets = [
      {
        ...lineStyle(COLOURS.blue, []),
        label: `${v.symbol} against ${xColumn.symbol}`,
        showLine: true,
        data: phasePoints(columns[xKey], columns.v),
      },
    ];
    // Symbol and unit only: the phase chart is narrow, and the select above it names the quantity.
    chart.options.scales.x.title.text = `${xColumn.symbol} ${bracketed(xColumn.unit)}`;
    chart.options.plugins.tooltip.callbacks.label = (item) =>
      `${xColumn.symbol} = ${formatQuantity(item.parsed.x, xColumn.unit)}, ` +
      `${v.symbol} = ${formatQuantity(item.parsed.y, v.unit)}`;
    chart.canvas.setAttribute(
      'aria-label',
      `Phase portrait: ${v.label} ${bracketed(v.unit)} against ${xColumn.label} ${bracketed(xColumn.unit)}`,
    );
    this.#render(chart);
  }
}

/** An axis at the right of a time chart (see setRightAxis). */
function rightAxis(title) {
  return {
    type: 'linear',
    position: 'right',
    display: true,
    title: { display: true, text: title },
    grid: { drawOnChartArea: false },
    grace: '5%',
    afterFit: fixedWidth,
    ticks: compactTicks,
    afterDataLimits: ignoreRoundingNoise,
  };
}

/**
 * Puts an axis at the right of a time chart (`title` given) or takes it away (falsy): a chart holds
 * only the axes it draws, since Chart.js resolves the options of every axis it holds at each update
 * (about 0.5 ms an axis here, per result while a slider is dragged). y2: the block position on the
 * relative chart; y3: a dynamic law's state variable.
 */
function setRightAxis(chart, id, title) {
  if (!title) {
    delete chart.options.scales[id];
    return;
  }
  chart.options.scales[id] ??= rightAxis(title);
  chart.options.scales[id].title.text = title;
}

/** A chart of columns against time, with one y axis (setRightAxis adds those at the right). */
function makeTimeChart(canvas, time, yTitle) {
  canvas.setAttribute('role', 'img');
  return new Chart(canvas, {
    type: 'line',
    data: { datasets: [] },
    options: {
      // Data arrive as sorted {x, y} points: no parsing, and Chart.js may assume sorted x.
      // Both are required for decimation, which keeps the plots fast with many thousand points.
      ...sortedLineOptions(),
      layout: { padding: { right: 0 } },
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
          afterFit: fixedWidth,
          ticks: compactTicks,
          afterDataLimits: ignoreRoundingNoise,
        },
      },
      plugins: {
        // min-max keeps each pixel column's extremes, so stick-slip peaks and force drops survive.
        decimation: { enabled: true, algorithm: 'min-max' },
        stuckShading: { intervals: [] },
        tooltip: {
          callbacks: {
            title: (items) => `${time.symbol} = ${formatQuantity(items[0].parsed.x, time.unit)}`,
            label: (item) =>
              `${item.dataset.label}: ${formatQuantity(item.parsed.y, item.dataset.unit)}`,
          },
        },
      },
    },
    // The legend beside the canvas (html-legend.js), with a key for the stuck shading.
    plugins: [
      stuckShading,
      htmlLegend(legendListBefore(canvas.parentElement, `Legend: ${yTitle}`), stuckKey),
      springRenders,
    ],
  });
}

/** A grey box keyed "Stuck" where any interval is shaded (not a dataset: it toggles nothing). */
function stuckKey(chart) {
  return (chart.options.plugins.stuckShading.intervals ?? []).length === 0
    ? []
    : [{ text: 'Stuck', colour: STUCK_FILL, fill: true }];
}

function makePhaseChart(canvas, v) {
  // The x title and the tooltip follow the chosen axis (see #showPhase).
  return makeScatterChart(canvas, {
    xTitle: '',
    yTitle: `${v.symbol} ${bracketed(v.unit)}`,
    label: () => '',
    counter: springRenders,
  });
}
