// The stability-map view's controls and texts (views/map-view.js): the subjects a map may have,
// the parameters its axes may move and their default ranges, each axis's controls, the regime
// legend and the readout of a cell.

import { el } from '../ui/dom.js';
import { describeRegime, describeRegimeWithGrowth, formatQuantity } from '../ui/format.js';
import { REGIME_COLOURS } from '../charts/map-chart.js';
import { sliderSpan } from '../ui/params-form.js';

const REGIME_ORDER = [
  'steady',
  'settling',
  'decaying',
  'oscillation',
  'not-settled',
  'growing',
  'stick-slip',
  'stuck',
  'at-rest',
  'stopped',
  'error',
];
// Where the map's words differ from the spring-block readout's.
const MAP_REGIME_TEXT = { stopped: 'Stopped: would take too long', error: 'Could not run' };

/** What a law's map starts from: steady sliding with a kick, so a map tells stable from unstable. */
export const MAP_LAW_START = Object.freeze({ system: { start: 'steady' }, kick: 0.01 });

/** The page draws maps of up to this many cells a side; larger ones run with friction sweep. */
export const BROWSER_CELLS_A_SIDE = 256;

/** The first axis with more cells than the page draws, with the message to show beside it; or null. */
export function beyondBrowser(map) {
  const axis = ['x', 'y'].find((name) => map[name].count > BROWSER_CELLS_A_SIDE);
  if (!axis) return null;
  const message =
    `The page draws up to ${BROWSER_CELLS_A_SIDE} cells a side; got ${map[axis].count}. A larger map ` +
    `runs with friction sweep: type its size under "Larger maps" and download its sweep file.`;
  return { axis, message };
}

/**
 * The "Larger maps" controls (map-cluster.js, loaded when first used): the size boxes start at the
 * map's own counts when the section opens; the export, the file picker and a CSV dropped on the
 * map's panel go to map-cluster.js.
 * @param {object} ui the view's elements
 * @param {object} host what map-cluster.js needs of the view (MapView's clusterHost)
 */
export function wireCluster(ui, host) {
  const cluster = () => import('./map-cluster.js');
  const open = async (file) => (await cluster()).openCsv(host, ui, file);
  ui.cluster.addEventListener('toggle', () => {
    if (!ui.cluster.open) return;
    if (ui.clusterX.value === '') ui.clusterX.value = ui.x.count.value;
    if (ui.clusterY.value === '') ui.clusterY.value = ui.y.count.value;
  });
  ui.exportSweep.addEventListener('click', async () => (await cluster()).exportSweep(host, ui));
  ui.openCsv.addEventListener('change', async () => {
    const file = ui.openCsv.files[0];
    // Cleared, so that the same file (written again by a new merge) can be opened again.
    ui.openCsv.value = '';
    if (file) await open(file);
  });
  ui.results.addEventListener('dragover', (event) => event.preventDefault());
  ui.results.addEventListener('drop', async (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    ui.cluster.open = true;
    await open(file);
  });
}

/** A map's default axis over a parameter: a decade either side of a positive default on a log-scale
 * parameter, else from its slider's minimum (or 0) to four times its default. Always inside the
 * slider's span (finite, and accepted), which a typed axis may leave for the whole accepted range. */
export function defaultAxis(target, spec) {
  const span = sliderSpan(spec);
  const logarithmic = spec.scale === 'log' && spec.default > 0;
  let min = logarithmic ? spec.default / 10 : Math.max(span.min, 0);
  let max = logarithmic ? spec.default * 10 : spec.default > 0 ? 4 * spec.default : span.max / 10;
  min = Math.max(min, span.min);
  max = Math.min(max, span.max);
  if (!(max > min)) [min, max] = [span.min, span.max];
  return { target, key: spec.key, min, max, count: 32, log: logarithmic };
}

/**
 * One axis's controls, appended to `container`: the parameter, from, to, cells, log, and an error
 * line. Ids are map-<name>-key, -min, -max, -count, -log and -error.
 * @returns {{key: HTMLSelectElement, min: HTMLInputElement, max: HTMLInputElement, count: HTMLInputElement,
 *   log: HTMLInputElement, error: HTMLElement}}
 */
export function buildAxis(container, name, title) {
  const id = (part) => `map-${name}-${part}`;
  const number = (part, props) =>
    el('input', { type: 'number', id: id(part), autocomplete: 'off', ...props });
  const controls = {
    key: el('select', { id: id('key') }),
    min: number('min', { step: 'any', inputMode: 'decimal' }),
    max: number('max', { step: 'any', inputMode: 'decimal' }),
    count: number('count', { min: 2, max: 256, step: 1, inputMode: 'numeric' }),
    log: el('input', { type: 'checkbox', id: id('log') }),
    error: el('p', { id: id('error'), className: 'param-error' }),
  };
  controls.error.setAttribute('role', 'alert');
  for (const input of [controls.key, controls.min, controls.max, controls.count])
    input.setAttribute('aria-describedby', id('error'));
  container.append(
    el(
      'div',
      { className: 'map-axis' },
      el('label', { htmlFor: id('key') }, title),
      controls.key,
      el(
        'div',
        { className: 'map-range' },
        el('label', {}, 'from ', controls.min),
        el('label', {}, 'to ', controls.max),
        el('label', {}, 'cells ', controls.count),
        el('label', { className: 'ex-check' }, controls.log, ' log'),
      ),
      controls.error,
    ),
  );
  return controls;
}

/** The legend's items: one swatch per regime, in REGIME_ORDER. */
export function regimeLegendItems() {
  return REGIME_ORDER.map((regime) => {
    const item = document.createElement('li');
    const swatch = Object.assign(document.createElement('span'), { className: 'map-swatch' });
    swatch.style.background = REGIME_COLOURS[regime];
    item.append(swatch, MAP_REGIME_TEXT[regime] ?? describeRegime(regime));
    return item;
  });
}

/**
 * What a map may be of, as {kind: 'model' | 'law', entry}: every model, then every law that can
 * drive the spring-block and is not a model too (θ).
 */
export function mapSubjects(catalog) {
  const modelIds = new Set(catalog.models.map((entry) => entry.id));
  const laws = catalog.system ? catalog.laws.filter((entry) => !modelIds.has(entry.id)) : [];
  return [
    ...catalog.models.map((entry) => ({ kind: 'model', entry })),
    ...laws.map((entry) => ({ kind: 'law', entry })),
  ];
}

/** The subject menu's groups: the seed models, and the laws (if any). */
export function subjectGroups(subjects) {
  const models = document.createElement('optgroup');
  models.label = 'Seed models';
  const laws = document.createElement('optgroup');
  laws.label = 'Friction laws on the spring-block';
  for (const { kind, entry } of subjects)
    (kind === 'model' ? models : laws).append(new Option(entry.name, entry.id));
  return [models, ...(laws.children.length ? [laws] : [])];
}

/** The parameters an axis may move: the subject's numbers, then (for a law) the system's. */
export function axisChoices(subject, catalog) {
  const numbers = (params) => params.filter((spec) => spec.kind !== 'list');
  return [
    ...numbers(subject.entry.params).map((spec) => ({ target: 'params', spec })),
    ...(subject.kind === 'law'
      ? numbers(catalog.system.params).map((spec) => ({ target: 'system', spec }))
      : []),
  ];
}

/** A subject's default axes: the spring and the dashpot where it has them, the classic stability plane. */
export function defaultAxes(subject, choices) {
  const pick = (target, key) =>
    choices.find((choice) => choice.target === target && choice.spec.key === key);
  const first = (subject.kind === 'law' ? pick('system', 'c') : pick('params', 'c')) ?? choices[0];
  const second =
    (subject.kind === 'law' ? pick('system', 'eta') : pick('params', 'eta')) ??
    choices.find((choice) => choice !== first);
  return { x: defaultAxis(first.target, first.spec), y: defaultAxis(second.target, second.spec) };
}

/** An axis menu's options, valued target:key ('params:c', 'system:eta'). */
export function axisOptions(choices) {
  return choices.map(
    ({ target, spec }) =>
      new Option(
        `${spec.label} (${spec.symbol}${spec.unit ? `, ${spec.unit}` : ''})${target === 'system' ? ' · system' : ''}`,
        `${target}:${spec.key}`,
      ),
  );
}

/** An axis's title ("Spring stiffness c [N/m]") and the parameter it moves. */
export function axisTitle(choices, axis) {
  const spec = choices.find((c) => c.target === axis.target && c.spec.key === axis.key).spec;
  const name = spec.label === spec.symbol ? spec.label : `${spec.label} ${spec.symbol}`;
  return { title: `${name}${spec.unit ? ` [${spec.unit}]` : ''}`, spec };
}

/** The map's status after its cells: how many stopped (too long to run) and how many could not run. */
export function notRun(stopped, failed) {
  const parts = [];
  if (stopped) parts.push(`${stopped} stopped as too long to run`);
  if (failed) parts.push(`${failed} could not run`);
  return parts.length ? `; ${parts.join(', ')} (point at one to read why).` : '.';
}

/** The readout of a cell: where it is (`specs`: the axes' parameters) and what the run did there. */
export function cellReadout(cell, specs) {
  const { x, y } = specs;
  const where = `${x.symbol} = ${formatQuantity(cell.x, x.unit)}, ${y.symbol} = ${formatQuantity(cell.y, y.unit)}`;
  let what = 'not computed yet';
  if (cell.stopped || cell.regime === 'stopped') what = `stopped: ${cell.error}`;
  else if (cell.error) what = `could not run: ${cell.error}`;
  else if (cell.regime === 'stick-slip')
    what = `${describeRegime(cell.regime)}, velocity amplitude ${formatQuantity(cell.value, 'm/s')}`;
  else if (cell.regime) what = describeRegimeWithGrowth(cell.regime, cell.value ?? NaN);
  return `${where}: ${what}. Click or press Enter to open this run.`;
}
