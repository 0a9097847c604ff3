// The healing chart of a slide-hold-slide run (issue 15): for each hold, the healing Δμ = μ_peak − μ_ss
// and the relaxation Δμ_c = μ_ss − μ at the hold's end against the hold time on a log axis, as friction
// labs plot them (Marone 1998, Annu. Rev. Earth Planet. Sci. 26:643, Fig. 5), with the healing rate
// β = dΔμ/d log10 t_h fitted by least squares. The engine measures each hold (summary.holds); this
// module only draws. Loaded on demand, the first time a run has holds.

import { renderCounter } from '../test-hooks.js';
import { el } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';
import { applyChartDefaults, Chart, compactTicks, powersOfTenOnly } from './common.js';
import { COLOURS, GRID_COLOUR } from './palette.js';
import { htmlLegend, legendListBefore } from './html-legend.js';

const healingRenders = renderCounter('healingRenders');

/**
 * The least-squares slope of y against log10 x: β = Σ(u − ū)(y − ȳ) / Σ(u − ū)², u = log10 x; NaN
 * for fewer than two distinct x.
 */
export function perDecadeSlope(x, y) {
  const u = x.map(Math.log10),
    n = u.length;
  const uMean = u.reduce((sum, value) => sum + value, 0) / n,
    yMean = y.reduce((sum, value) => sum + value, 0) / n;
  let cross = 0,
    square = 0;
  u.forEach((value, k) => {
    cross += (value - uMean) * (y[k] - yMean);
    square += (value - uMean) ** 2;
  });
  return square > 0 ? cross / square : NaN;
}

export class HealingChart {
  #figure;
  #chart;
  #note;

  /** @param {HTMLElement} after the figure the chart's own figure follows (the phase portrait) */
  constructor(after) {
    const canvas = el('canvas', { id: 'chart-healing' });
    this.#note = el('p', { id: 'healing-note', className: 'run-info' });
    this.#figure = el(
      'figure',
      { className: 'chart chart-healing' },
      el('figcaption', {}, el('span', { textContent: 'Healing in the holds' })),
      el('div', { className: 'chart-box chart-box-healing' }, canvas),
      this.#note,
    );
    after.after(this.#figure);
    canvas.setAttribute('role', 'img');
    applyChartDefaults();
    const point = (colour, style) => ({
      borderColor: colour,
      backgroundColor: colour,
      pointStyle: style,
      pointRadius: 5,
      showLine: true,
      borderWidth: 2,
    });
    this.#chart = new Chart(canvas, {
      type: 'line', // parsed points, drawn in their order however unsorted: no scatter controller (chart.mjs)
      data: {
        datasets: [
          { ...point(COLOURS.blue, 'circle'), label: 'Healing Δμ = μ_peak − μ_ss', data: [] },
          {
            ...point(COLOURS.vermillion, 'triangle'),
            borderDash: [6, 4],
            label: 'Relaxation Δμ_c = μ_ss − μ(end of hold)',
            data: [],
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: {
            type: 'logarithmic',
            title: { display: true, text: 'Hold time t_h [s]' },
            grid: { color: GRID_COLOUR },
            afterBuildTicks: powersOfTenOnly,
            ticks: { maxRotation: 0, callback: (value) => formatQuantity(value, '') },
          },
          y: {
            type: 'linear',
            title: { display: true, text: 'Δμ' },
            grid: { color: GRID_COLOUR },
            grace: '10%',
            ticks: compactTicks,
          },
        },
        plugins: {
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label.split(' =')[0]}: ${formatQuantity(item.parsed.y, '')} after ${formatQuantity(item.parsed.x, 's')}`,
            },
          },
        },
      },
      plugins: [
        htmlLegend(legendListBefore(canvas.parentElement, 'Legend: healing and relaxation')),
        healingRenders,
      ],
    });
  }

  /** Draws the holds of a run (summary.holds); hides the figure for a run without holds. */
  show(holds) {
    this.#figure.hidden = holds.length === 0;
    if (holds.length === 0) return;
    const times = holds.map((hold) => hold.duration);
    const [healing, relaxation] = this.#chart.data.datasets;
    healing.data = holds.map((hold) => ({ x: hold.duration, y: hold.healing }));
    relaxation.data = holds.map((hold) => ({ x: hold.duration, y: hold.relaxation }));
    // A factor 2 of room each side, and at least one power of ten inside, so the end holds are not on the
    // frame and holds within a decade still get a labelled tick.
    const low = Math.min(...times) / 2,
      high = Math.max(...times) * 2;
    const decade = 10 ** Math.floor(Math.log10(high));
    Object.assign(this.#chart.options.scales.x, { min: Math.min(low, decade / 2), max: high });
    const beta = perDecadeSlope(
      times,
      holds.map((hold) => hold.healing),
    );
    this.#note.textContent =
      holds.length < 2
        ? 'One hold: hold for other times to see the healing rate.'
        : `Healing rate β = dΔμ/d log₁₀ t_h = ${formatQuantity(beta, '', 3)} per decade of hold time (least squares over ${holds.length} holds).`;
    this.#chart.canvas.setAttribute(
      'aria-label',
      `Healing Δμ and relaxation Δμ_c against hold time for ${holds.length} holds: ` +
        holds
          .map(
            (hold) =>
              `${formatQuantity(hold.duration, 's')}: Δμ ${formatQuantity(hold.healing, '')}`,
          )
          .join(', '),
    );
    this.#chart.update('none');
  }
}
