// A time cursor over a Chart.js chart, drawn on a transparent canvas laid over the chart's own.
// Playback moves it sixty times a second: redrawing the chart that often (thousands of points,
// decimation, the stick shading) would drop frames, while clearing and stroking one line on an
// overlay costs next to nothing. Positions come from the chart's own scales at every show(), so
// the cursor stays right after the chart is redrawn with new data or resized.

// Drawn in black (Okabe-Ito's) over a white halo, so it stands out on every series colour and on
// the grey stick shading alike.
const CURSOR_COLOUR = '#000000';
const HALO_COLOUR = 'rgba(255, 255, 255, 0.9)';
const LINE_WIDTH = 2;
const HALO_WIDTH = 5;
const MARKER_RADIUS = 7;

/** Every live cursor of a chart, so chartCursorPlugin can repaint them after the chart renders. */
const cursorsByChart = new WeakMap();

/**
 * A Chart.js plugin that repaints a chart's cursors after the chart itself renders (new data, a new
 * axis range). Optional: show() recomputes positions anyway; register it (Chart.register or a
 * chart's `plugins`) when a chart may rerender while playback is paused.
 */
export const chartCursorPlugin = {
  id: 'frictionLabCursor',
  afterRender(chart) {
    const cursors = cursorsByChart.get(chart);
    if (cursors) cursors.forEach((cursor) => cursor.afterChartRender());
  },
};

/** Makes the chart canvas's parent a positioning context for the overlay, if it is not one. */
function ensurePositioned(parent) {
  if (getComputedStyle(parent).position === 'static') parent.style.position = 'relative';
}

/** The overlay canvas: same place as the chart's, transparent to the pointer and to screen readers. */
function createOverlay(chartCanvas) {
  const overlay = document.createElement('canvas');
  overlay.className = 'chart-cursor-overlay';
  overlay.setAttribute('aria-hidden', 'true');
  Object.assign(overlay.style, {
    position: 'absolute',
    pointerEvents: 'none',
    left: '0',
    top: '0',
  });
  ensurePositioned(chartCanvas.parentNode);
  chartCanvas.parentNode.appendChild(overlay);
  return overlay;
}

/**
 * A cursor on one chart: a vertical line at a time over the plot area ('time'), or a filled marker
 * at a data point ({x, y}, for the phase portrait: 'point').
 */
export class ChartCursor {
  /**
   * @param {object} chart a Chart.js chart (its canvas must have a parent element of its own, as
   *   Chart.js's responsive mode already requires)
   * @param {{kind?: 'time' | 'point', xScale?: string, yScale?: string}} [options] the scale ids
   *   default to 'x' and 'y'
   */
  constructor(chart, { kind = 'time', xScale = 'x', yScale = 'y' } = {}) {
    this.chart = chart;
    this.kind = kind;
    this.xScale = xScale;
    this.yScale = yScale;
    this.value = null;
    this.overlay = createOverlay(chart.canvas);
    this.ctx = this.overlay.getContext('2d');
    this.pixelRatio = 1;
    this.measure();
    this.observer = new ResizeObserver(() => this.refresh());
    this.observer.observe(chart.canvas);
    register(chart, this);
  }

  /**
   * Shows the cursor at `value`: a time [s] for 'time', {x, y} in data units for 'point'. A value
   * outside the chart's axes hides it.
   * @param {number | {x: number, y: number}} value
   */
  show(value) {
    this.value = value;
    this.paint();
  }

  /** Hides the cursor until the next show(). */
  hide() {
    this.value = null;
    this.paint();
  }

  /**
   * After the chart has rendered: repaints, re-measuring only if the chart's size changed. Reading
   * the canvas's layout here would force the browser to lay the page out in the middle of every
   * update, after the DOM changes made with it (about 1 ms per chart while a slider is dragged).
   */
  afterChartRender() {
    if (this.chart.width !== this.chartWidth || this.chart.height !== this.chartHeight)
      this.measure();
    this.paint();
  }

  /** Re-measures the chart's canvas and repaints at the last value: after a resize. */
  refresh() {
    this.measure();
    this.paint();
  }

  /** Removes the overlay and stops following the chart. */
  destroy() {
    this.observer.disconnect();
    this.overlay.remove();
    unregister(this.chart, this);
  }

  /** Clears the overlay and draws the cursor, if it has a value the chart can place. */
  paint() {
    // A page zoom changes the pixel ratio without resizing anything: re-measure then only, since
    // reading the layout every frame would force the browser to lay the page out every frame.
    if ((window.devicePixelRatio || 1) !== this.pixelRatio) this.measure();
    const { ctx, overlay } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, overlay.width, overlay.height);
    const area = this.chart.chartArea;
    if (this.value === null || !area) return;
    ctx.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    if (this.kind === 'point') this.drawMarker(area);
    else this.drawLine(area);
  }

  /**
   * Lays the overlay exactly over the chart's canvas (its CSS box) with a backing store of device
   * pixels, so the line is as sharp as the chart's own.
   */
  measure() {
    const canvas = this.chart.canvas;
    const ratio = window.devicePixelRatio || 1;
    const width = canvas.clientWidth;
    const height = canvas.clientHeight;
    const style = this.overlay.style;
    style.left = `${canvas.offsetLeft}px`;
    style.top = `${canvas.offsetTop}px`;
    style.width = `${width}px`;
    style.height = `${height}px`;
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (this.overlay.width !== w || this.overlay.height !== h) {
      this.overlay.width = w;
      this.overlay.height = h;
    }
    this.pixelRatio = ratio;
    // The chart's own size at this measure, to compare with at its next render: Chart.js keeps it
    // fractional (782.8 px) where clientWidth rounds (783 px), so comparing those two re-measured
    // (and forced a layout) at every render.
    [this.chartWidth, this.chartHeight] = [this.chart.width, this.chart.height];
  }

  /** The vertical time line over the plot area; nothing if the time is off the axis. */
  drawLine(area) {
    const scale = this.chart.scales[this.xScale];
    if (!scale || !Number.isFinite(this.value)) return;
    const px = scale.getPixelForValue(this.value);
    if (!(px >= area.left - 0.5 && px <= area.right + 0.5)) return;
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.moveTo(px, area.top);
    ctx.lineTo(px, area.bottom);
    ctx.lineCap = 'butt';
    ctx.strokeStyle = HALO_COLOUR;
    ctx.lineWidth = HALO_WIDTH;
    ctx.stroke();
    ctx.strokeStyle = CURSOR_COLOUR;
    ctx.lineWidth = LINE_WIDTH;
    ctx.stroke();
  }

  /** The filled marker at a data point; nothing if it falls outside the plot area. */
  drawMarker(area) {
    const xs = this.chart.scales[this.xScale];
    const ys = this.chart.scales[this.yScale];
    const point = this.value;
    if (!xs || !ys || !point || !Number.isFinite(point.x) || !Number.isFinite(point.y)) return;
    const px = xs.getPixelForValue(point.x);
    const py = ys.getPixelForValue(point.y);
    const inside =
      px >= area.left - 1 && px <= area.right + 1 && py >= area.top - 1 && py <= area.bottom + 1;
    if (!inside) return;
    const ctx = this.ctx;
    ctx.beginPath();
    ctx.arc(px, py, MARKER_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = CURSOR_COLOUR;
    ctx.fill();
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = HALO_COLOUR;
    ctx.stroke();
  }
}

function register(chart, cursor) {
  const cursors = cursorsByChart.get(chart) || new Set();
  cursors.add(cursor);
  cursorsByChart.set(chart, cursors);
}

function unregister(chart, cursor) {
  const cursors = cursorsByChart.get(chart);
  if (cursors) cursors.delete(cursor);
}
