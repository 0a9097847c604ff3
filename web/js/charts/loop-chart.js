// The presliding view's chart: the applied force against the body's displacement.

import { renderCounter } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import { lineStyle, makeScatterChart, toFinitePoints } from './common.js';
import { COLOURS } from './palette.js';

const loopRenders = renderCounter('loopRenders');

/**
 * The presliding view's chart: the applied force against the body's displacement. The loop doubles
 * back, so the points are not sorted in x: parsing stays on and there is no decimation (a run has a
 * few thousand rows).
 */
export class LoopChartView {
  #chart;
  #canvas;

  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.#canvas = canvas;
    this.#chart = makeScatterChart(canvas, {
      xTitle: 'x [m]',
      yTitle: 'Applied force [N]',
      xTicks: { callback: (value) => formatQuantity(value, '') },
      label: (item) =>
        `x = ${formatQuantity(item.parsed.x, 'm')}, F = ${formatQuantity(item.parsed.y, 'N')}`,
      counter: loopRenders,
    });
  }

  /**
   * Draws the loop of a presliding result, replacing what was shown.
   * @param {{columns: {x: Float64Array, applied: Float64Array}}} result
   * @param {string} lawName for the chart's text alternative
   */
  show(result, lawName) {
    const { x, applied } = result.columns;
    this.#chart.data.datasets = [
      {
        ...lineStyle(COLOURS.blue, []),
        label: lawName,
        showLine: true,
        data: toFinitePoints(x, applied),
      },
    ];
    let lo = Infinity;
    let hi = -Infinity;
    for (const value of x) {
      lo = Math.min(lo, value);
      hi = Math.max(hi, value);
    }
    this.#canvas.setAttribute(
      'aria-label',
      `Applied force [N] against displacement x [m] for ${lawName}: ` +
        `x from ${formatQuantity(lo, 'm')} to ${formatQuantity(hi, 'm')}, ending at ${formatQuantity(x.at(-1), 'm')}.`,
    );
    this.#chart.update('none');
  }
}
