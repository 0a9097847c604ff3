// The Fit view's controls and its two panels (the settings and the result), built with the view
// (views/fit-view.js) when it is first shown.

import { el } from '../ui/dom.js';

const select = (id) => el('select', { id });

/** A labelled control in a paragraph of its own. */
const field = (id, label, input, className = 'fit-field') =>
  el('p', { className }, el('label', { htmlFor: id, textContent: label }), input);

/** The view's controls and outputs, by name (the view's `ui`). */
export function fitControls() {
  const ui = {
    kind: select('fit-kind'),
    compare: select('fit-compare'),
    x: select('fit-x'),
    xUnit: select('fit-x-unit'),
    y: select('fit-y'),
    yUnit: select('fit-y-unit'),
    sigma: select('fit-sigma'),
    law: select('fit-law'),
    N: el('input', { id: 'fit-N', type: 'number', min: '0', step: 'any' }),
    starts: el('input', { id: 'fit-starts', type: 'number', min: '1', max: '64', step: '1' }),
    run: el('button', {
      id: 'fit-run',
      type: 'button',
      className: 'primary',
      textContent: 'Fit',
    }),
    cancel: el('button', {
      id: 'fit-cancel',
      type: 'button',
      textContent: 'Cancel',
      disabled: true,
    }),
    status: el('p', { id: 'fit-status', className: 'status', role: 'status' }),
    error: el('p', { id: 'fit-error', className: 'form-error', role: 'alert' }),
    source: el('p', { id: 'fit-source', className: 'hint' }),
    verdict: el('p', { id: 'fit-verdict', className: 'fit-verdict' }),
    stale: el('p', { id: 'fit-stale', className: 'fit-stale', role: 'status' }),
    table: el('table', { id: 'fit-table', className: 'fit-table' }),
    stats: el('p', { id: 'fit-stats', className: 'run-info' }),
    warnings: el('ul', { id: 'fit-warnings', className: 'fit-warnings' }),
    use: el('button', {
      id: 'fit-use',
      type: 'button',
      textContent: 'Use in the spring-block',
      disabled: true,
    }),
    exportOpen: el('button', {
      id: 'fit-export-open',
      type: 'button',
      textContent: 'Export to a solver…',
      disabled: true,
    }),
    chart: el('canvas', {
      id: 'chart-fit',
      textContent: "The data and the fitted law against the data's x column.",
    }),
    residuals: el('canvas', {
      id: 'chart-fit-residuals',
      textContent: "The residuals, fit minus data, against the data's x column.",
    }),
  };
  // N's field is shown only for a μ(v) or F(v) curve (the view hides it otherwise).
  ui.fitN = field('fit-N', 'Normal force N [N] (F = μN)', ui.N);
  return ui;
}

/**
 * The settings panel (the data box, the columns, the law and its parameters, the buttons) and the
 * result panel (the verdict, the table, the charts), around the controls of fitControls().
 */
export function fitPanels(ui, dataBox, paramsTable) {
  const controls = el(
    'section',
    { className: 'panel controls' },
    el('h2', { id: 'fit-title', textContent: 'Fit a law to your data' }),
    el('p', {
      className: 'hint',
      textContent:
        "A tribometer's μ(v) or F(v) curve, a record of the spring-block (time against friction, velocity or " +
        "position, run on the spring-block view's system and drive) or a presliding run (run on the presliding view's protocol).",
    }),
    dataBox,
    el(
      'div',
      { className: 'fit-columns fit-reading' },
      field('fit-delimiter', 'Delimiter', ui.delimiter),
      field('fit-decimal', 'Decimal mark', ui.decimal),
      field('fit-header-line', 'Header line', ui.headerLine),
      field('fit-signs', 'Negative speeds', ui.signs),
    ),
    ui.formatNote,
    el(
      'div',
      { className: 'fit-columns' },
      field('fit-kind', 'Data', ui.kind),
      field('fit-compare', 'Compared', ui.compare),
      field('fit-x', 'x column', ui.x),
      field('fit-x-unit', 'x unit', ui.xUnit),
      field('fit-y', 'y column', ui.y),
      field('fit-y-unit', 'y unit', ui.yUnit),
      field('fit-sigma', 'σ column (weights 1/σ, in y’s unit)', ui.sigma),
      ui.fitN,
    ),
    ui.source,
    el(
      'section',
      { className: 'run-section' },
      el('h3', { textContent: 'Law and free parameters' }),
      field('fit-law', 'Law', ui.law),
      paramsTable,
      field('fit-starts', 'Starts (spread over the catalog ranges)', ui.starts),
    ),
    el('div', { className: 'export' }, ui.run, ui.cancel),
    ui.status,
    ui.error,
  );
  controls.setAttribute('aria-labelledby', 'fit-title');
  const results = el(
    'section',
    { id: 'fit-results', className: 'panel results' },
    el('h2', { id: 'fit-result-title', textContent: 'Result' }),
    ui.stale,
    ui.verdict,
    ui.table,
    ui.stats,
    ui.warnings,
    el('div', { className: 'export' }, ui.use, ui.exportOpen),
    chartFigure('Data and fit', 'chart-box', ui.chart),
    chartFigure('Residuals', 'chart-box chart-box-residuals', ui.residuals),
  );
  results.setAttribute('aria-labelledby', 'fit-result-title');
  return { controls, results };
}

function chartFigure(caption, boxClass, canvas) {
  return el(
    'figure',
    { className: 'chart' },
    el('figcaption', { textContent: caption }),
    el('div', { className: boxClass }, canvas),
  );
}
