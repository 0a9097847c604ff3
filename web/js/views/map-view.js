// The stability-map view: a scenario (a seed model, or a law on the spring-block), two of its
// parameters as axes, and a map whose cells a pool of workers fills in (engine.sweepCells), with
// the closed-form boundary over it where one exists (engine.sweepBoundary). Parameters and ranges
// come from the engine catalog; the engine checks every value and its messages are shown beside
// the control they name.

import { loadStylesheet } from '../ui/dom.js';
import { downloadChartPng, downloadText, mapToCsv } from '../ui/export.js';
import { formatQuantity } from '../ui/format.js';
import { MapChart } from '../charts/map-chart.js';
import { MapPool } from '../engine/map-pool.js';
import { splitFieldPath } from '../engine/field-path.js';
import { ParamsForm } from '../ui/params-form.js';
import { defaultScenario, subjectOf, switchScenario } from '../state/scenario.js';
import {
  axisChoices,
  axisOptions,
  axisTitle,
  beyondBrowser,
  buildAxis,
  cellReadout,
  defaultAxes,
  defaultAxis,
  MAP_LAW_START,
  mapSubjects,
  notRun,
  regimeLegendItems,
  subjectGroups,
  wireCluster,
} from './map-controls.js';

/** The view's stylesheet, on demand like the view (main.js waits for it before building the view). */
export const stylesReady = loadStylesheet('map.css');

// Points a side of the boundary's margin grid: four per cell of a 64-cell axis.
const BOUNDARY_RESOLUTION = 256;

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
   * @param {object} settings settings.map ({scenario, x, y, kept}), updated in place when a map is drawn
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
    ui.subject.replaceChildren(...subjectGroups(mapSubjects(catalog)));
    ui.legend.replaceChildren(...regimeLegendItems());
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
    wireCluster(ui, this.#clusterHost());
    this.#showSubject(subjectOf(settings.scenario), false);
  }

  /** The number of workers the map runs on. */
  get workers() {
    return this.#pool.size;
  }

  #subject(id) {
    const subjects = mapSubjects(this.#catalog);
    return subjects.find(({ entry }) => entry.id === id) ?? subjects[0];
  }

  #axisChoices(subject) {
    return axisChoices(subject, this.#catalog);
  }

  /**
   * Shows a subject's controls; `fresh` (the user picked it): the scenario it had last, or its
   * defaults (from one law to another the system, start and kick stay: state/scenario.js).
   */
  #showSubject(id, fresh) {
    const ui = this.#ui;
    const settings = this.#settings;
    const subject = this.#subject(id);
    const shownId = subjectOf(settings.scenario);
    if (shownId !== subject.entry.id) {
      const fallback = defaultScenario(subject.entry.id, subject.kind === 'model', MAP_LAW_START);
      Object.assign(
        settings,
        switchScenario(settings.scenario, settings.kept, subject.entry.id, fallback),
      );
    }
    if (fresh || shownId !== subject.entry.id || !settings.x || !settings.y) {
      const axes = defaultAxes(subject, this.#axisChoices(subject));
      settings.x = axes.x;
      settings.y = axes.y;
    }
    ui.subject.value = subject.entry.id;
    ui.description.textContent = subject.entry.description;
    const { params, system = {}, kick = 0 } = settings.scenario;
    this.#paramsForm.render(subject.entry, params);
    const isLaw = subject.kind === 'law';
    ui.systemSection.hidden = !isLaw;
    ui.lawStart.hidden = !isLaw;
    const { start = 'rest', ...values } = system;
    if (isLaw) this.#systemForm.render(this.#catalog.system, values);
    ui.start.value = start;
    ui.kick.value = String(kick);
    this.#showStart();
    const options = axisOptions(this.#axisChoices(subject));
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
    if (this.#beyondBrowser(map)) return;
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
    this.#saveSettings(map);
    this.#chart.reset(this.#begin(subject, map, boundary));
    this.#chart.setBoundary(boundary);
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
      const cells = this.#chart.cells();
      const stopped = cells.filter((cell) => cell.stopped).length;
      const failed = cells.filter((cell) => cell.error && !cell.stopped).length;
      this.#setStatus(
        'ready',
        `${total} cells in ${formatQuantity(result.elapsedMs / 1000, 's', 3)} on ${workers}` +
          notRun(stopped, failed),
      );
      ui.exportCsv.disabled = ui.exportPng.disabled = false;
    } catch (error) {
      this.#refused(error);
    } finally {
      if (this.#drawn?.map === map) ui.cancel.disabled = true;
    }
  }

  /**
   * The map about to be drawn, kept for the readout, the export and opening cells; the boundary's
   * words. Returns the chart's axes.
   */
  #begin(subject, map, boundary) {
    const xInfo = axisTitle(this.#axisChoices(subject), map.x);
    const yInfo = axisTitle(this.#axisChoices(subject), map.y);
    this.#drawn = { subject, map, specs: { x: xInfo.spec, y: yInfo.spec }, boundary };
    this.#ui.boundary.textContent = boundary.known
      ? `Black line: the closed-form boundary, where ${boundary.criterion} = 0 (steady sliding predicted on the side where it is positive).`
      : 'No closed-form boundary is known for this scenario.';
    return { x: { ...map.x, title: xInfo.title }, y: { ...map.y, title: yInfo.title } };
  }

  /** A map larger than the page draws is refused beside its axis, pointing to "Larger maps". */
  #beyondBrowser(map) {
    const beyond = beyondBrowser(map);
    if (!beyond) return false;
    this.#clearErrors();
    this.#ui[beyond.axis].error.textContent = beyond.message;
    this.#setStatus('error', 'The map could not be drawn: see the message beside the setting.');
    return true;
  }

  /** What the "Larger maps" controls (map-cluster.js) need of the view. */
  #clusterHost() {
    return {
      version: this.#catalog.version,
      request: () => this.#request(),
      // The engine reads the map as the program will: the boundary is its quickest full check.
      check: (map) => this.#pool.boundary(map, 2),
      refused: (error) => this.#refused(error),
      show: (subject, map, grid, note) => this.#showGrid(subject, map, grid, note),
    };
  }

  /**
   * Draws a map computed elsewhere (a merged CSV of friction sweep): all its cells at once, with the
   * closed-form boundary, as draw() draws a map of its own. Rejects with the engine's error.
   */
  async #showGrid(subject, map, grid, note) {
    this.#pool.cancel();
    this.#clearErrors();
    this.#setStatus('computing', 'Drawing the map…');
    const boundary = await this.#pool.boundary(map, BOUNDARY_RESOLUTION);
    if (boundary === null) return;
    this.#chart.showGrid(this.#begin(subject, map, boundary), grid);
    this.#chart.setBoundary(boundary);
    this.#ui.cancel.disabled = true;
    this.#ui.exportCsv.disabled = this.#ui.exportPng.disabled = false;
    this.#setStatus('ready', note);
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

  /** The map drawn is the view's: its request {scenario, x, y} is what is saved and shared. */
  #saveSettings(map) {
    const settings = this.#settings;
    settings.scenario = structuredClone(map.scenario);
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
    if (!cell || !this.#drawn) return;
    this.#ui.cell.textContent = cellReadout(cell, this.#drawn.specs);
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
