// How the spring-block view's charts (charts/time-charts.js) are made: the two time charts with
// their stuck shading and legends, the axes added at their right, and the phase portrait.

import { renderCounter } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import {
  bracketed,
  Chart,
  compactTicks,
  ignoreRoundingNoise,
  makeScatterChart,
  sortedLineOptions,
} from './common.js';
import { GRID_COLOUR, STUCK_FILL } from './palette.js';
import { htmlLegend, legendListBefore } from './html-legend.js';

// The time charts' y axes get one fixed width, and the forces chart leaves room for the position
// axis of the relative chart, so the two time axes line up and a stick interval reads across both.
// 64 px at the charts' 13 px text, in proportion where the text grows (a projector, Present mode).
export const yAxisWidth = () => Math.round((64 * Chart.defaults.font.size) / 13);
const fixedWidth = (scale) => {
  if (scale.options.display) scale.width = yAxisWidth();
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
export function setRightAxis(chart, id, title) {
  if (!title) {
    delete chart.options.scales[id];
    return;
  }
  chart.options.scales[id] ??= rightAxis(title);
  chart.options.scales[id].title.text = title;
}

/** A chart of columns against time, with one y axis (setRightAxis adds those at the right). */
export function makeTimeChart(canvas, time, yTitle) {
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

export function makePhaseChart(canvas, v) {
  // The x title and the tooltip follow the chosen axis (see #showPhase).
  return makeScatterChart(canvas, {
    xTitle: '',
    yTitle: `${v.symbol} ${bracketed(v.unit)}`,
    label: () => '',
    counter: springRenders,
  });
}
