// The stability-map view: a scenario (a seed model, or a law on the spring-block), two of its
// parameters as axes, and a map whose cells a pool of workers fills in (engine.sweepCells), with
// the closed-form boundary over it where one exists (engine.sweepBoundary). Parameters and ranges
// come from the engine catalog; the engine checks every value and its messages are shown beside
// the control they name.

import { el, loadStylesheet } from '../ui/dom.js';
import { downloadChartPng, downloadText, mapToCsv } from '../ui/export.js';
import { describeRegime, describeRegimeWithGrowth, formatQuantity } from '../ui/format.js';
import { MapChart, REGIME_COLOURS } from '../charts/map-chart.js';
import { MapPool } from '../engine/map-pool.js';
import { splitFieldPath } from '../engine/field-path.js';
import { ParamsForm, sliderSpan } from '../ui/params-form.js';

/** The view's stylesheet, on demand like the view (main.js waits for it before building the view). */
export const stylesReady = loadStylesheet('map.css');

// Points a side of the boundary's margin grid: four per cell of a 64-cell axis.
const BOUNDARY_RESOLUTION = 256;
const REGIME_ORDER = [
  'steady',
  'decaying',
  'oscillation',
  'growing',
  'stick-slip',
  'stuck',
  'error',
];
// Where the map's words differ from the spring-block readout's.
const MAP_REGIME_TEXT = { error: 'Could not run' };

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
function buildAxis(container, name, title) {
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

export class MapView {
  #ui;
  #catalog;
  #settings;
  #onSettled;
  #onOpen;
  #paramsForm;
  #systemForm;
  #chart;
  #pool;
  /** The map on the chart: its request and subject, for the readout, export and opening cells. */
  #drawn = null;

  /**
   * @param {object} ui the view's elements
   * @param {{models: object[], laws: object[], system: object | null, version: string}} catalog
   * @param {object} settings settings.map, updated in place when a map is drawn
   * @param {() => void} onSettled called after settings changed (to save them)
   * @param {(scenario: object) => void} onOpen opens a cell's run in the spring-block view
   */
  constructor(ui, catalog, settings, onSettled, onOpen) {
    ui.x = buildAxis(ui.axes, 'x', 'Across (x)');
    ui.y = buildAxis(ui.axes, 'y', 'Up (y)');
    this.#ui = ui;
    this.#catalog = catalog;
    this.#settings = settings;
    this.#onSettled = onSettled;
    this.#onOpen = onOpen;
    this.#pool = new MapPool();
    this.#paramsForm = new ParamsForm(ui.params, () => {}, { idPrefix: 'map-param-' });
    this.#systemForm = new ParamsForm(ui.systemParams, () => {}, { idPrefix: 'map-system-' });
    this.#chart = new MapChart(ui.chart, {
      onPick: (cell) => this.#showCell(cell),
      onOpen: (cell) => this.#open(cell),
    });
    this.#fillSubjects();
    ui.legend.replaceChildren(
      ...REGIME_ORDER.map((regime) => {
        const item = document.createElement('li');
        const swatch = Object.assign(document.createElement('span'), { className: 'map-swatch' });
        swatch.style.background = REGIME_COLOURS[regime];
        item.append(swatch, MAP_REGIME_TEXT[regime] ?? describeRegime(regime));
        return item;
      }),
    );
    ui.subject.addEventListener('change', () => this.#showSubject(ui.subject.value, true));
    ui.start.addEventListener('change', () => this.#showStart());
    for (const axis of ['x', 'y']) {
      ui[axis].key.addEventListener('change', () => this.#axisKeyChanged(axis));
    }
    ui.run.addEventListener('click', () => this.draw());
    ui.cancel.addEventListener('click', () => this.#cancel());
    ui.exportCsv.addEventListener('click', () => this.#exportCsv());
    ui.exportPng.addEventListener('click', () =>
      downloadChartPng(ui.chart, `friction-lab-map-${this.#drawn?.subject.id ?? 'map'}.png`),
    );
    this.#showSubject(settings.subject, false);
  }

  /** The number of workers the map runs on. */
  get workers() {
    return this.#pool.size;
  }

  /** Every model, then every law that can drive the spring-block and is not a model too (θ). */
  #subjects() {
    const modelIds = new Set(this.#catalog.models.map((entry) => entry.id));
    const laws = this.#catalog.system
      ? this.#catalog.laws.filter((entry) => !modelIds.has(entry.id))
      : [];
    return [
      ...this.#catalog.models.map((entry) => ({ kind: 'model', entry })),
      ...laws.map((entry) => ({ kind: 'law', entry })),
    ];
  }

  #fillSubjects() {
    const models = document.createElement('optgroup');
    models.label = 'Seed models';
    const laws = document.createElement('optgroup');
    laws.label = 'Friction laws on the spring-block';
    for (const { kind, entry } of this.#subjects())
      (kind === 'model' ? models : laws).append(new Option(entry.name, entry.id));
    this.#ui.subject.replaceChildren(models, ...(laws.children.length ? [laws] : []));
  }

  #subject(id) {
    return this.#subjects().find(({ entry }) => entry.id === id) ?? this.#subjects()[0];
  }

  /** The parameters an axis may move: the subject's numbers, then (for a law) the system's. */
  #axisChoices(subject) {
    const numbers = (params) => params.filter((spec) => spec.kind !== 'list');
    return [
      ...numbers(subject.entry.params).map((spec) => ({ target: 'params', spec })),
      ...(subject.kind === 'law'
        ? numbers(this.#catalog.system.params).map((spec) => ({ target: 'system', spec }))
        : []),
    ];
  }

  /** Shows a subject's controls; `fresh` (the user picked it): its own saved values or defaults. */
  #showSubject(id, fresh) {
    const ui = this.#ui;
    const settings = this.#settings;
    const subject = this.#subject(id);
    if (fresh || settings.subject !== subject.entry.id || !settings.x || !settings.y) {
      settings.subject = subject.entry.id;
      const choices = this.#axisChoices(subject);
      const pick = (target, key) =>
        choices.find((choice) => choice.target === target && choice.spec.key === key);
      // The spring and the dashpot where the subject has them: the classic stability plane.
      const first =
        (subject.kind === 'law' ? pick('system', 'c') : pick('params', 'c')) ?? choices[0];
      const second =
        (subject.kind === 'law' ? pick('system', 'eta') : pick('params', 'eta')) ??
        choices.find((choice) => choice !== first);
      settings.x = defaultAxis(first.target, first.spec);
      settings.y = defaultAxis(second.target, second.spec);
    }
    ui.subject.value = subject.entry.id;
    ui.description.textContent = subject.entry.description;
    this.#paramsForm.render(subject.entry, settings.overrides[subject.entry.id] ?? {});
    const isLaw = subject.kind === 'law';
    ui.systemSection.hidden = !isLaw;
    ui.lawStart.hidden = !isLaw;
    if (isLaw) this.#systemForm.render(this.#catalog.system, settings.system);
    ui.start.value = settings.start;
    ui.kick.value = String(settings.kick);
    this.#showStart();
    const options = this.#axisChoices(subject).map(
      ({ target, spec }) =>
        new Option(
          `${spec.label} (${spec.symbol}${spec.unit ? `, ${spec.unit}` : ''})${target === 'system' ? ' · system' : ''}`,
          `${target}:${spec.key}`,
        ),
    );
    for (const axis of ['x', 'y']) {
      ui[axis].key.replaceChildren(...options.map((option) => option.cloneNode(true)));
      this.#showAxis(axis, settings[axis]);
    }
    this.#clearErrors();
  }

  #showStart() {
    this.#ui.kick.disabled = this.#ui.start.value !== 'steady';
  }

  #showAxis(name, axis) {
    const controls = this.#ui[name];
    controls.key.value = `${axis.target}:${axis.key}`;
    controls.min.value = String(axis.min);
    controls.max.value = String(axis.max);
    controls.count.value = String(axis.count);
    controls.log.checked = axis.log;
  }

  #axisKeyChanged(name) {
    const [target, key] = this.#ui[name].key.value.split(':');
    const choice = this.#axisChoices(this.#subject(this.#ui.subject.value)).find(
      (candidate) => candidate.target === target && candidate.spec.key === key,
    );
    if (choice) this.#showAxis(name, defaultAxis(target, choice.spec));
  }

  /** The axis as the controls say; a box that is not a number is sent as NaN, for the engine to refuse. */
  #readAxis(name) {
    const controls = this.#ui[name];
    const [target, key] = controls.key.value.split(':');
    const number = (input) => (input.value.trim() === '' ? NaN : Number(input.value));
    return {
      target,
      key,
      min: number(controls.min),
      max: number(controls.max),
      count: number(controls.count),
      log: controls.log.checked,
    };
  }

  /** The map request the controls describe. */
  #request() {
    const subject = this.#subject(this.#ui.subject.value);
    const kick = this.#ui.kick.value.trim() === '' ? 0 : Number(this.#ui.kick.value);
    const scenario =
      subject.kind === 'model'
        ? { model: subject.entry.id, params: this.#paramsForm.overrides }
        : {
            law: subject.entry.id,
            params: this.#paramsForm.overrides,
            system: { ...this.#systemForm.overrides, start: this.#ui.start.value },
            ...(this.#ui.start.value === 'steady' ? { kick } : {}),
          };
    return { subject, map: { scenario, x: this.#readAxis('x'), y: this.#readAxis('y') } };
  }

  /** Draws the map the controls describe (a newer map replaces one still filling in). */
  async draw() {
    const ui = this.#ui;
    const { subject, map } = this.#request();
    // A map still filling in stops here: its cells and status must not mix with this one's, even if
    // the engine refuses this one.
    this.#pool.cancel();
    this.#clearErrors();
    this.#setStatus('computing', 'Checking the map…');
    let boundary;
    try {
      // The boundary comes first: it is quick, and it checks the whole request for the engine.
      boundary = await this.#pool.boundary(map, BOUNDARY_RESOLUTION);
    } catch (error) {
      this.#refused(error);
      return;
    }
    if (boundary === null) return; // cancelled
    this.#saveSettings(subject, map);
    const title = (axis) => {
      const spec = this.#axisChoices(subject).find(
        (c) => c.target === axis.target && c.spec.key === axis.key,
      ).spec;
      const name = spec.label === spec.symbol ? spec.label : `${spec.label} ${spec.symbol}`;
      return { title: `${name}${spec.unit ? ` [${spec.unit}]` : ''}`, spec };
    };
    const xInfo = title(map.x);
    const yInfo = title(map.y);
    this.#drawn = { subject, map, specs: { x: xInfo.spec, y: yInfo.spec }, boundary };
    this.#chart.reset({ x: { ...map.x, title: xInfo.title }, y: { ...map.y, title: yInfo.title } });
    this.#chart.setBoundary(boundary);
    ui.boundary.textContent = boundary.known
      ? `Black line: the closed-form boundary, where ${boundary.criterion} = 0 (steady sliding predicted on the side where it is positive).`
      : 'No closed-form boundary is known for this scenario.';
    ui.cancel.disabled = false;
    ui.exportCsv.disabled = ui.exportPng.disabled = true;
    const total = map.x.count * map.y.count;
    const workers = `${this.#pool.size} worker${this.#pool.size === 1 ? '' : 's'}`;
    this.#setStatus('computing', `0 of ${total} cells (${workers})…`);
    try {
      const result = await this.#pool.fill(map, (cells, done) => {
        this.#chart.addCells(cells);
        this.#setStatus('computing', `${done} of ${total} cells (${workers})…`);
      });
      if (result === null) return; // cancelled or replaced: whoever did it set the status
      const failed = this.#chart.cells().filter((cell) => cell.error).length;
      this.#setStatus(
        'ready',
        `${total} cells in ${formatQuantity(result.elapsedMs / 1000, 's', 3)} on ${workers}` +
          (failed ? `; ${failed} could not run (point at one to read why).` : '.'),
      );
      ui.exportCsv.disabled = ui.exportPng.disabled = false;
    } catch (error) {
      this.#refused(error);
    } finally {
      if (this.#drawn?.map === map) ui.cancel.disabled = true;
    }
  }

  #cancel() {
    this.#pool.cancel();
    this.#ui.cancel.disabled = true;
    const done = this.#chart.cells().length;
    this.#setStatus('cancelled', `Cancelled after ${done} cells.`);
    this.#ui.exportCsv.disabled = this.#ui.exportPng.disabled = done === 0;
  }

  /** The engine's message, beside the control of the value it names ('x.min', 'scenario.system.c'…). */
  #refused(error) {
    const { section, key } = splitFieldPath(error.parameter, 'scenario');
    if (!this.#showBeside(section, key, error.message)) this.#ui.error.textContent = error.message;
    this.#setStatus('error', 'The map could not be drawn: see the message beside the setting.');
  }

  /** Shows the message beside the control of section.key; false when no control shows it. */
  #showBeside(section, key, message) {
    const ui = this.#ui;
    const axis = ['x', 'y'].includes(section)
      ? section
      : section === '' && ['x', 'y'].includes(key)
        ? key
        : null;
    if (axis) {
      ui[axis].error.textContent = message;
      return true;
    }
    if ((section === '' && key === 'kick') || (section === 'system' && key === 'start')) {
      ui.startError.textContent = message;
      return true;
    }
    if (section === 'params') return this.#paramsForm.showError(key, message);
    return section === 'system' && this.#systemForm.showError(key, message);
  }

  #clearErrors() {
    const ui = this.#ui;
    ui.error.textContent =
      ui.x.error.textContent =
      ui.y.error.textContent =
      ui.startError.textContent =
        '';
    this.#paramsForm.clearErrors();
    this.#systemForm.clearErrors();
  }

  #saveSettings(subject, map) {
    const settings = this.#settings;
    settings.subject = subject.entry.id;
    settings.overrides[subject.entry.id] = this.#paramsForm.overrides;
    if (subject.kind === 'law') {
      settings.system = this.#systemForm.overrides;
      settings.start = this.#ui.start.value;
      settings.kick = map.scenario.kick ?? settings.kick;
    }
    settings.x = map.x;
    settings.y = map.y;
    this.#onSettled();
  }

  #setStatus(state, text) {
    this.#ui.status.dataset.state = state;
    this.#ui.status.textContent = text;
  }

  /** The readout of the cell under the pointer or the keyboard focus. */
  #showCell(cell) {
    const drawn = this.#drawn;
    if (!cell || !drawn) return;
    const { x, y } = drawn.specs;
    const where = `${x.symbol} = ${formatQuantity(cell.x, x.unit)}, ${y.symbol} = ${formatQuantity(cell.y, y.unit)}`;
    let what = 'not computed yet';
    if (cell.error) what = `could not run: ${cell.error}`;
    else if (cell.regime === 'stick-slip')
      what = `${describeRegime(cell.regime)}, velocity amplitude ${formatQuantity(cell.value, 'm/s')}`;
    else if (cell.regime)
      what = describeRegimeWithGrowth(cell.regime, cell.value !== 0 ? cell.value : NaN);
    this.#ui.cell.textContent = `${where}: ${what}. Click or press Enter to open this run.`;
  }

  /** Opens a cell's run in the spring-block view: the map's scenario with the cell's two values. */
  #open(cell) {
    const drawn = this.#drawn;
    if (!drawn) return;
    const scenario = structuredClone(drawn.map.scenario);
    for (const [axis, value] of [
      [drawn.map.x, cell.x],
      [drawn.map.y, cell.y],
    ]) {
      scenario[axis.target] = { ...scenario[axis.target], [axis.key]: value };
    }
    this.#onOpen(scenario);
  }

  #exportCsv() {
    const drawn = this.#drawn;
    if (!drawn) return;
    downloadText(
      mapToCsv(this.#chart.cells(), { version: this.#catalog.version, ...drawn }),
      `friction-lab-map-${drawn.subject.entry.id}.csv`,
    );
  }
}
