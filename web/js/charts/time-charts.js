// The spring-block view's charts: two time charts (relative values, forces) and a phase portrait,
// built once and updated in place on every result.

import { expose } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import {
  applyChartDefaults,
  bracketed,
  Chart,
  hasFinite,
  lineStyle,
  phasePoints,
  restRuns,
  toPoints,
  toRunPoints,
} from './common.js';
import { COLOURS, runStyle } from './palette.js';
import { ChartCursor, chartCursorPlugin } from './time-cursor.js';
import { makePhaseChart, makeTimeChart, setRightAxis, yAxisWidth } from './time-chart-setup.js';

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
    this.#forces.options.layout.padding.right = position ? yAxisWidth() : 0;
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
