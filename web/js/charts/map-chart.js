// The stability map's chart: a Chart.js scatter chart whose axes are the two swept parameters
// (linear or logarithmic), with the map's cells painted beneath the datasets by a plugin, and the
// closed-form boundary drawn over them as a black line (the zero contour of the engine's margin).
// Hover or the arrow keys pick a cell; a click or Enter opens it.

import { renderCounter } from '../test-hooks.js';
import { CellGrid } from './map-grid.js';
import { COLOURS } from './palette.js';

const { Chart } = globalThis;

// Regime colours: Okabe & Ito's palette (colour-blind safe), plus grey for no motion. A cell's
// shade says how strong its regime is: |growth rate| or stick-slip amplitude against the map's
// largest of that regime.
export const REGIME_COLOURS = {
  steady: COLOURS.green,
  decaying: COLOURS.skyBlue,
  oscillation: COLOURS.purple,
  growing: COLOURS.orange,
  'stick-slip': COLOURS.vermillion,
  stuck: '#9CA3AF',
  // On their way: settling (pale green, towards steady), not yet settled (blue: too soon to tell).
  settling: '#8FD3BF',
  'not-settled': COLOURS.blue,
  // The drive at rest (a free vibration ended by friction): a darker grey than never moving.
  'at-rest': '#6B7280',
  // A run its work budget (or a blow-up) stopped before its end: light, so it reads as "no result".
  stopped: '#D1D5DB',
  error: '#111827',
};

/** The colour key of a cell: its regime, or 'stopped' / 'error' for a run that did not end. */
export function cellKey(cell) {
  if (cell.stopped || cell.regime === 'stopped') return 'stopped';
  return cell.error ? 'error' : cell.regime;
}
const BOUNDARY_COLOUR = COLOURS.black;
const FOCUS_COLOUR = '#111827';

/** Counts renders in window.__mapRenders (tests wait on it). */
const mapRenders = renderCounter('mapRenders');

/** One axis's cell geometry: value at index i, the index under a value, and the cell's edges. */
export function axisGeometry({ min, max, count, log }) {
  const step = log ? Math.log(max / min) / (count - 1) : (max - min) / (count - 1);
  const at = (i) => (log ? min * Math.exp(step * i) : min + step * i);
  return {
    at,
    indexOf: (value) => Math.round(log ? Math.log(value / min) / step : (value - min) / step),
    // A cell spans halfway to its neighbours (in log space on a log axis).
    edges: (i) =>
      log
        ? [at(i) * Math.exp(-step / 2), at(i) * Math.exp(step / 2)]
        : [at(i) - step / 2, at(i) + step / 2],
  };
}

/**
 * The zero contour of a margin sampled on a grid (marching squares, linear interpolation along each
 * grid edge, in log space on a log axis): a list of points with NaN gaps between segments, as a
 * Chart.js line dataset draws them. Infinite values count by their sign (the crossing goes mid-edge).
 * @param {{xs: Float64Array, ys: Float64Array, values: Float64Array}} grid values[j·nx + i]
 * @param {{logX: boolean, logY: boolean}} scales
 */
export function zeroContour({ xs, ys, values }, { logX, logY }) {
  const nx = xs.length;
  const ny = ys.length;
  const points = [];
  const lerp = (a, b, t, log) => (log ? a * (b / a) ** t : a + (b - a) * t);
  const crossing = (fa, fb) => (Number.isFinite(fa) && Number.isFinite(fb) ? fa / (fa - fb) : 0.5);
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const f = [
        values[j * nx + i],
        values[j * nx + i + 1],
        values[(j + 1) * nx + i + 1],
        values[(j + 1) * nx + i],
      ];
      if (f.some(Number.isNaN)) continue;
      const corners = [
        [xs[i], ys[j]],
        [xs[i + 1], ys[j]],
        [xs[i + 1], ys[j + 1]],
        [xs[i], ys[j + 1]],
      ];
      const hits = [];
      for (let k = 0; k < 4; k++) {
        const a = f[k];
        const b = f[(k + 1) % 4];
        if (a > 0 === b > 0) continue;
        const t = crossing(a, b);
        const [x0, y0] = corners[k];
        const [x1, y1] = corners[(k + 1) % 4];
        hits.push({ x: lerp(x0, x1, t, logX), y: lerp(y0, y1, t, logY) });
      }
      // Two crossings: one segment; four (a saddle): two, paired around the square.
      for (let h = 0; h + 1 < hits.length; h += 2)
        points.push(hits[h], hits[h + 1], { x: NaN, y: NaN });
    }
  }
  return points;
}

/** Paints the map's cells under the datasets, and outlines the focused cell. */
const mapCells = {
  id: 'mapCells',
  beforeDatasetsDraw(chart, args, options) {
    const map = options.map;
    if (!map) return;
    const {
      ctx,
      chartArea: area,
      scales: { x, y },
    } = chart;
    const gx = axisGeometry(map.x);
    const gy = axisGeometry(map.y);
    ctx.save();
    ctx.beginPath();
    ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
    ctx.clip();
    if (map.grid) drawGrid(ctx, map, gx, gy, { x, y });
    for (const cell of map.cells.values()) {
      const [x0, x1] = gx.edges(cell.i);
      const [y0, y1] = gy.edges(cell.j);
      const left = x.getPixelForValue(x0);
      const right = x.getPixelForValue(x1);
      const top = y.getPixelForValue(y1);
      const bottom = y.getPixelForValue(y0);
      ctx.globalAlpha = shade(cell, map.strongest);
      ctx.fillStyle = REGIME_COLOURS[cellKey(cell)] ?? REGIME_COLOURS.error;
      // Half a pixel of overlap, so no hairline gaps show between cells.
      ctx.fillRect(left, top, right - left + 0.5, bottom - top + 0.5);
    }
    ctx.globalAlpha = 1;
    if (map.focus) {
      const [x0, x1] = gx.edges(map.focus.i);
      const [y0, y1] = gy.edges(map.focus.j);
      ctx.strokeStyle = FOCUS_COLOUR;
      ctx.lineWidth = 2;
      ctx.strokeRect(
        x.getPixelForValue(x0),
        y.getPixelForValue(y1),
        x.getPixelForValue(x1) - x.getPixelForValue(x0),
        y.getPixelForValue(y0) - y.getPixelForValue(y1),
      );
    }
    ctx.restore();
  },
  afterRender: mapRenders.afterRender,
};

/** A whole map given at once (showGrid): its image, a pixel a cell, over the cells' span. */
function drawGrid(ctx, map, gx, gy, scales) {
  const image = map.grid.image((cell) => ({
    colour: REGIME_COLOURS[cellKey(cell)] ?? REGIME_COLOURS.error,
    alpha: shade(cell, map.strongest),
  }));
  const left = scales.x.getPixelForValue(gx.edges(0)[0]);
  const right = scales.x.getPixelForValue(gx.edges(map.x.count - 1)[1]);
  const top = scales.y.getPixelForValue(gy.edges(map.y.count - 1)[1]);
  const bottom = scales.y.getPixelForValue(gy.edges(0)[0]);
  // Each cell a sharp block however many pixels it spans, as the cells drawn one by one are.
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, left, top, right - left, bottom - top);
}

/** A cell's opacity: 0.35 … 1 with the strength of its regime; steady and stuck cells are solid. */
function shade(cell, strongest) {
  const top = strongest[cell.regime];
  if (cell.error || !top || !Number.isFinite(cell.value)) return 0.85;
  return 0.35 + 0.65 * Math.min(1, Math.abs(cell.value) / top);
}

export class MapChart {
  #chart;
  #canvas;
  /** {x, y: axes; cells: Map<index, cell>; strongest: {regime: max |value|}; focus: {i, j} | null} */
  #map = null;
  #onPick;
  #onOpen;

  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onPick: (cell: object | null) => void, onOpen: (cell: object) => void}} handlers
   *   onPick: the cell under the pointer or the keyboard focus (null when none); onOpen: a click or Enter
   */
  constructor(canvas, { onPick, onOpen }) {
    this.#canvas = canvas;
    this.#onPick = onPick;
    this.#onOpen = onOpen;
    canvas.setAttribute('role', 'img');
    canvas.tabIndex = 0;
    this.#chart = new Chart(canvas, {
      type: 'line', // parsed points, drawn in their order however unsorted: no scatter controller (chart.mjs)
      data: {
        datasets: [
          {
            label: 'Closed-form boundary',
            data: [],
            showLine: true,
            borderColor: BOUNDARY_COLOUR,
            borderWidth: 2,
            pointRadius: 0,
            spanGaps: false,
            fill: false,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        events: [], // the map handles its own pointer events: one cell readout, no tooltips
        scales: {
          x: { type: 'linear', title: { display: true } },
          y: { type: 'linear', title: { display: true } },
        },
        plugins: { tooltip: { enabled: false }, mapCells: {} },
      },
      plugins: [mapCells],
    });
    canvas.addEventListener('mousemove', (event) => this.#pick(this.#cellAt(event)));
    canvas.addEventListener('mouseleave', () => this.#pick(null));
    canvas.addEventListener('click', (event) => {
      const cell = this.#cellAt(event);
      if (cell) this.#onOpen(cell);
    });
    canvas.addEventListener('keydown', (event) => this.#key(event));
  }

  /** The canvas (for PNG export). */
  get canvas() {
    return this.#canvas;
  }

  /**
   * Starts a new, empty map over these axes.
   * @param {{x: {key, min, max, count, log, title}, y: {key, min, max, count, log, title}}} axes
   */
  reset({ x, y }) {
    this.#map = { x, y, cells: new Map(), strongest: {}, focus: null };
    const scales = this.#chart.options.scales;
    for (const [name, axis] of [
      ['x', x],
      ['y', y],
    ]) {
      const geometry = axisGeometry(axis);
      scales[name].type = axis.log ? 'logarithmic' : 'linear';
      [scales[name].min, scales[name].max] = [
        geometry.edges(0)[0],
        geometry.edges(axis.count - 1)[1],
      ];
      scales[name].title.text = axis.title;
    }
    this.#chart.options.plugins.mapCells.map = this.#map;
    this.#chart.data.datasets[0].data = [];
    this.#chart.update('none');
  }

  /** Adds finished cells and redraws. */
  addCells(cells) {
    const map = this.#map;
    if (!map) return;
    for (const cell of cells) {
      map.cells.set(cell.j * map.x.count + cell.i, cell);
      if (!cell.error && Number.isFinite(cell.value) && cell.value !== 0)
        map.strongest[cell.regime] = Math.max(
          map.strongest[cell.regime] ?? 0,
          Math.abs(cell.value),
        );
    }
    this.#chart.update('none');
  }

  /**
   * Shows a whole map given at once (a merged CSV of friction sweep) over these axes: its cells in
   * typed arrays, drawn as one image (charts/map-grid.js), read and opened as the cells of a map
   * filled in here are.
   * @param {{x: object, y: object}} axes as reset() takes them
   * @param {{nx, ny, regimes: Uint8Array, values: Float64Array, errors: Map<number, string>,
   *   names: string[]}} grid names: the regimes' names, by their codes in grid.regimes
   */
  showGrid(axes, grid) {
    this.reset(axes);
    this.#map.grid = new CellGrid(grid, grid.names);
    this.#map.strongest = this.#map.grid.strongest();
    this.#chart.update('none');
  }

  /** Draws the boundary (engine.sweepBoundary's grid), or removes it (null). */
  setBoundary(grid) {
    const map = this.#map;
    this.#chart.data.datasets[0].data =
      grid?.known && map ? zeroContour(grid, { logX: map.x.log, logY: map.y.log }) : [];
    this.#chart.update('none');
  }

  /** Every finished cell, row by row. */
  cells() {
    const map = this.#map;
    if (map?.grid) return map.grid.cells(this.#at());
    return map ? [...map.cells.values()].sort((a, b) => a.j - b.j || a.i - b.i) : [];
  }

  /** The axes' values at an index, as {x: (i) => …, y: (j) => …}. */
  #at() {
    return { x: axisGeometry(this.#map.x).at, y: axisGeometry(this.#map.y).at };
  }

  #cellAt(event) {
    const map = this.#map;
    if (!map) return null;
    const rect = this.#canvas.getBoundingClientRect();
    const { x, y } = this.#chart.scales;
    const area = this.#chart.chartArea;
    const px = event.clientX - rect.left;
    const py = event.clientY - rect.top;
    if (px < area.left || px > area.right || py < area.top || py > area.bottom) return null;
    const i = axisGeometry(map.x).indexOf(x.getValueForPixel(px));
    const j = axisGeometry(map.y).indexOf(y.getValueForPixel(py));
    return this.#cell(i, j);
  }

  /** The cell (i, j): its result if finished, else its coordinates alone. */
  #cell(i, j) {
    const map = this.#map;
    if (!(i >= 0 && i < map.x.count && j >= 0 && j < map.y.count)) return null;
    if (map.grid) return map.grid.cell(i, j, this.#at());
    return (
      map.cells.get(j * map.x.count + i) ?? {
        i,
        j,
        x: axisGeometry(map.x).at(i),
        y: axisGeometry(map.y).at(j),
      }
    );
  }

  #pick(cell) {
    const map = this.#map;
    if (!map) return;
    const before = map.focus;
    map.focus = cell ? { i: cell.i, j: cell.j } : null;
    if (before?.i !== map.focus?.i || before?.j !== map.focus?.j) this.#chart.update('none');
    this.#onPick(cell);
  }

  // Arrow keys move the focused cell; Enter or Space opens it.
  #key(event) {
    const map = this.#map;
    if (!map) return;
    const focus = map.focus ?? { i: 0, j: 0 };
    const moves = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (event.key in moves) {
      event.preventDefault();
      const [di, dj] = moves[event.key];
      const i = Math.min(map.x.count - 1, Math.max(0, focus.i + (map.focus ? di : 0)));
      const j = Math.min(map.y.count - 1, Math.max(0, focus.j + (map.focus ? dj : 0)));
      this.#pick(this.#cell(i, j));
    } else if ((event.key === 'Enter' || event.key === ' ') && map.focus) {
      event.preventDefault();
      this.#onOpen(this.#cell(map.focus.i, map.focus.j));
    }
  }
}
