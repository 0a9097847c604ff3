// The Fit view: measured data in (CSV), a catalog law's parameters out, with their standard errors,
// the data, the fit and the residuals drawn, "Use in the spring-block" and Export to a solver. The
// engine does the reading, the fit and the export in the fits' worker (engine/fit-worker.js); this
// module builds the controls, keeps its slice of the settings (settings.fit) and shows the result.
// A record runs on the spring-block view's scenario, drive included (settings.spring.scenario), and
// may free its system's values ("system.c"). The request and the messages: fit-request.js; how the
// file reads: fit-format.js.

import { FitCharts } from '../charts/fit-chart.js';
import { FitClient } from '../engine/fit-client.js';
import { expose } from '../test-hooks.js';
import { loadStylesheet } from '../ui/dom.js';
import { SolverExportDialog } from '../ui/solver-export.js';
import { FitDataBox, LINK_DATA_LIMIT, isEmpty, loadSavedData, saveData } from './fit-data.js';
import { DataReader, formatControls, readFormat, showFormat } from './fit-format.js';
import { fitControls, fitPanels } from './fit-markup.js';
import { fitRequest, pageMessage, recordNote, recordScenario, systemRows } from './fit-request.js';
import { FitParamsTable, showFitResult } from './fit-result.js';
import { defaultFree, sanitizeFit } from './fit-settings.js';

/** The view's stylesheet, on demand like the view (main.js waits for it before building the view). */
export const stylesReady = loadStylesheet('fit-view.css');

/** Data longer than this are not offered to localStorage (its quota is a few MB): said at once. */
const SAVE_LIMIT = 4_000_000;

export class FitView {
  #catalog;
  #store;
  #openRun;
  #client = new FitClient();
  #reader = new DataReader(this.#client);
  #options = null;
  #ui;
  #data;
  #params;
  #charts;
  #exporter = null;
  #result = null;
  #columns = [];
  #started = null;

  /**
   * @param {HTMLElement} container the view's tab panel, filled here
   * @param {{laws: object[], version: string}} catalog
   * @param {import('../state/store.js').Store} store its settings.fit slice is this view's
   * @param {(run: object) => void} openRun opens a run in the spring-block view
   */
  constructor(container, catalog, store, openRun) {
    this.#catalog = catalog;
    this.#store = store;
    this.#openRun = openRun;
    this.#build(container);
    expose('fitView', this);
  }

  /** Called each time the view is shown: the first time, loads the fit options and restores the settings. */
  recompute() {
    this.#started ??= this.#start().catch((error) => this.#fail(error));
    return this.#started;
  }

  /** The last result shown (tests read it), or null. */
  get result() {
    return this.#result;
  }

  #build(container) {
    const ui = { ...fitControls(), ...formatControls() };
    this.#ui = ui;
    this.#data = new FitDataBox((data) => this.#dataChanged(data));
    this.#params = new FitParamsTable(() => this.#edited());
    const { controls, results } = fitPanels(ui, this.#data.element, this.#params.element);
    Object.assign(ui, { form: controls, results });
    container.append(controls, results);
    ui.law.append(...this.#catalog.laws.map((law) => new Option(law.name, law.id)));
    const inputs = [
      ui.kind,
      ui.compare,
      ui.x,
      ui.xUnit,
      ui.y,
      ui.yUnit,
      ui.sigma,
      ui.law,
      ui.N,
      ui.starts,
    ];
    for (const input of [...inputs, ui.delimiter, ui.decimal, ui.headerLine, ui.signs])
      input.addEventListener('change', () => this.#edited(input));
    ui.run.addEventListener('click', () => this.fit());
    ui.cancel.addEventListener('click', () => this.#client.cancel());
    ui.use.addEventListener('click', () => this.#use());
    ui.exportOpen.addEventListener('click', () => this.#openExport());
    this.#charts = new FitCharts(ui.chart, ui.residuals);
  }

  async #start() {
    // Inert until the fit options arrive: nothing typed before then could be checked or kept.
    this.#ui.form.inert = true;
    this.#ui.status.textContent = 'Loading the fits…';
    this.#options = await this.#client.options();
    const settings = this.#store.settings;
    settings.fit = this.#sanitize(settings.fit);
    const data = settings.fit.data ?? loadSavedData();
    if (data) this.#data.data = data;
    await this.#readData();
    this.#ui.form.inert = false;
    this.#ui.status.textContent = '';
    if (settings.fit.shown && !isEmpty(this.#data.data.text)) await this.fit();
  }

  get #settings() {
    return this.#store.settings.fit;
  }

  /** The engine's reading of the data with the chosen format: the column menus follow it. */
  async #readData() {
    const reading = await this.#reader.read(
      this.#data.data,
      this.#settings.format,
      this.#ui.formatNote,
    );
    if (!reading) return; // a later reading is on its way
    this.#columns = reading.columns;
    const fit = this.#settings;
    if (!this.#columns.includes(fit.x)) fit.x = null;
    if (!this.#columns.includes(fit.y)) fit.y = null;
    if (!this.#columns.includes(fit.sigma)) fit.sigma = null;
    this.#showSettings();
  }

  /** The kind's menus, the columns of the data and the law's parameters, from the settings. */
  #showSettings() {
    const ui = this.#ui,
      fit = this.#settings;
    const kind = this.#options.kinds.find((candidate) => candidate.id === fit.kind);
    const compare = kind.compares.find((candidate) => candidate.id === fit.compare);
    const fill = (menu, values, chosen, label = (value) => value) => {
      menu.replaceChildren(...values.map((value) => new Option(label(value), value)));
      menu.value = values.includes(chosen) ? chosen : (values[0] ?? '');
    };
    fill(
      ui.kind,
      this.#options.kinds.map((candidate) => candidate.id),
      fit.kind,
    );
    fill(
      ui.compare,
      kind.compares.map((candidate) => candidate.id),
      fit.compare,
    );
    const columns = this.#columns;
    fill(ui.x, columns, fit.x ?? (columns.includes(kind.x.column) ? kind.x.column : columns[0]));
    const y = columns.includes(compare.id) ? compare.id : (columns[1] ?? columns[0]);
    fill(ui.y, columns, fit.y ?? y);
    // An optional column of standard deviations: none (equal weights) first.
    fill(ui.sigma, ['', ...columns], fit.sigma ?? '', (name) => name || 'None: equal weights');
    fill(ui.xUnit, kind.x.units, fit.units.x ?? kind.x.units[0]);
    const coefficient = (unit) => unit || '– (a coefficient)';
    fill(ui.yUnit, compare.units, fit.units.y ?? compare.units[0], coefficient);
    ui.fitN.hidden = fit.kind !== 'curve';
    ui.signs.closest('p').hidden = fit.kind !== 'curve';
    ui.N.value = String(fit.N);
    ui.starts.value = String(fit.starts);
    ui.law.value = fit.law;
    showFormat(ui, fit.format);
    ui.source.textContent =
      fit.kind === 'record'
        ? recordNote(this.#store, this.#catalog)
        : fit.kind === 'presliding'
          ? "The run follows the presliding view's force protocol; set it there."
          : '';
    const law = this.#catalog.laws.find((candidate) => candidate.id === fit.law);
    this.#params.show(law, fit, systemRows(this.#store, this.#catalog));
  }

  #sanitize(fit) {
    return sanitizeFit(fit, this.#catalog.laws, this.#options.kinds, this.#catalog.system);
  }

  /**
   * A control changed: the settings follow it (a new kind or law resets what depends on it, and ticks
   * that law's coefficients for that kind of data), and are saved; a new format reads the data again.
   */
  #edited(input) {
    const ui = this.#ui;
    this.#changeFor(input)(this.#settings);
    if ([ui.kind, ui.compare, ui.law].includes(input)) {
      this.#store.settings.fit = this.#sanitize(this.#settings);
      this.#showSettings();
    }
    if ([ui.delimiter, ui.decimal, ui.headerLine].includes(input)) this.#readData();
    this.#store.persist();
  }

  /** What a control's change does to the settings (the parameters table's, by default). */
  #changeFor(input) {
    const ui = this.#ui;
    const ticked = (law, kind) => defaultFree(this.#options.free, law, kind);
    const columns = (fit) =>
      Object.assign(fit, { x: ui.x.value, y: ui.y.value, sigma: ui.sigma.value || null });
    const units = (fit) => (fit.units = { x: ui.xUnit.value, y: ui.yUnit.value });
    const format = (fit) => (fit.format = readFormat(ui));
    const changes = new Map([
      [
        ui.kind,
        (fit) =>
          Object.assign(
            fit,
            { kind: ui.kind.value, compare: null, units: {} },
            {
              free: ticked(fit.law, ui.kind.value),
            },
          ),
      ],
      [
        ui.compare,
        (fit) => Object.assign(fit, { compare: ui.compare.value, units: { x: fit.units.x } }),
      ],
      [
        ui.law,
        (fit) =>
          Object.assign(fit, {
            law: ui.law.value,
            free: ticked(ui.law.value, fit.kind),
            values: {},
          }),
      ],
      [ui.N, (fit) => (fit.N = Number(ui.N.value))],
      [ui.starts, (fit) => (fit.starts = Number(ui.starts.value))],
    ]);
    for (const control of [ui.x, ui.y, ui.sigma]) changes.set(control, columns);
    for (const control of [ui.xUnit, ui.yUnit]) changes.set(control, units);
    for (const control of [ui.delimiter, ui.decimal, ui.headerLine, ui.signs])
      changes.set(control, format);
    return changes.get(input) ?? ((fit) => Object.assign(fit, this.#params.read()));
  }

  #dataChanged(data) {
    // A large file (its bytes) is neither linked nor kept: the browser's storage holds a few MB of text.
    const text = typeof data.text === 'string' ? data.text : null;
    this.#settings.data = text !== null && text.length <= LINK_DATA_LIMIT ? data : undefined;
    if (text === null || text.length > SAVE_LIMIT || !saveData(data)) this.#data.notKept();
    this.#store.persist();
    this.#readData();
  }

  /** Runs the fit in the worker, with its progress, and shows the result or the refusal in the page's words. */
  async fit() {
    const ui = this.#ui;
    const law = this.#catalog.laws.find((candidate) => candidate.id === this.#settings.law);
    ui.error.textContent = '';
    const request = fitRequest(this.#store, this.#catalog, this.#data.data, {
      x: ui.x.value,
      y: ui.y.value,
      sigma: ui.sigma.value,
      xUnit: ui.xUnit.value,
      yUnit: ui.yUnit.value,
    });
    if (request.free.length === 0)
      return this.#refused(
        `Law and free parameters: tick at least one parameter of ${law.name} to fit (the Fit column).`,
      );
    ui.run.disabled = true;
    ui.cancel.disabled = false;
    ui.status.dataset.state = 'running';
    ui.status.textContent = 'Fitting…';
    try {
      const result = await this.#client.fit(request, ({ start, starts, evaluations }) => {
        ui.status.textContent = `Fitting: start ${start} of ${starts} done, ${evaluations} evaluations…`;
      });
      this.#show(result);
      ui.status.dataset.state = 'ready';
      ui.status.textContent = `Fitted (${result.evaluations} evaluations).`;
    } catch (error) {
      if (error.cancelled) {
        ui.status.dataset.state = 'cancelled';
        ui.status.textContent = 'Cancelled: the settings and the last result are kept.';
      } else this.#refused(pageMessage(error, law, this.#catalog, request));
    } finally {
      ui.run.disabled = false;
      ui.cancel.disabled = true;
    }
  }

  /** A refused fit: its message, and the last result dimmed as not this settings' answer. */
  #refused(message) {
    const ui = this.#ui;
    ui.status.dataset.state = 'error';
    ui.status.textContent = 'Not fitted.';
    ui.error.textContent = message;
    if (this.#result) {
      ui.results.dataset.stale = 'true';
      ui.stale.textContent =
        'The result below is the last fit, not one of these settings: the fit was refused (see the message beside Fit).';
    }
  }

  #show(result) {
    const fit = this.#settings,
      ui = this.#ui,
      law = this.#catalog.laws.find((candidate) => candidate.id === fit.law);
    this.#result = result;
    fit.shown = true;
    this.#store.persist();
    delete ui.results.dataset.stale;
    ui.stale.textContent = '';
    const kind = this.#options.kinds.find((candidate) => candidate.id === fit.kind);
    const compare = kind.compares.find((candidate) => candidate.id === fit.compare);
    showFitResult(ui, result, law, this.#catalog.system);
    // Drawn in the units the columns were given in (the engine's result is SI).
    const factor = (column, unit) => column.factors[column.units.indexOf(unit)] ?? 1;
    this.#charts.show(result, {
      xName: ui.x.value,
      xUnit: ui.xUnit.value,
      xFactor: factor(kind.x, ui.xUnit.value),
      yName: ui.y.value,
      yUnit: ui.yUnit.value,
      yFactor: factor(compare, ui.yUnit.value),
      curve: fit.kind === 'curve',
      lawName: law.name,
    });
    ui.use.disabled = false;
    ui.exportOpen.disabled = false;
  }

  /**
   * The fitted law in the spring-block view: a record's on the scenario it was fitted on, drive and
   * fitted system included; a curve's or a presliding run's on the spring-block's system at a constant
   * speed (its drive was not part of the fit).
   */
  #use() {
    const fit = this.#settings,
      spring = this.#store.settings.spring;
    const rig = recordScenario(this.#store);
    const { v0, ...constant } = rig.system;
    const base =
      fit.kind === 'record'
        ? rig
        : {
            system: Array.isArray(v0) ? constant : rig.system,
            ...(rig.kick !== undefined ? { kick: rig.kick } : {}),
          };
    this.#openRun({
      law: fit.law,
      params: { ...this.#result.params },
      integrator: rig.integrator ?? spring.kept[fit.law]?.integrator ?? 'auto',
      ...base,
      system: { ...base.system, ...(this.#result.system ?? {}) },
    });
  }

  /** The Export dialog for the fitted law; a curve's over the data's own speed range. */
  #openExport() {
    this.#exporter ??= new SolverExportDialog(this.#client, this.#options.targets);
    let speeds = null;
    if (this.#settings.kind === 'curve') {
      let [low, high] = [Infinity, 0];
      for (const v of this.#result.x) {
        const speed = Math.abs(v);
        if (speed > 0 && speed < low) low = speed;
        if (speed > high) high = speed;
      }
      if (high > low) speeds = [low, high];
    }
    this.#exporter.open({
      law: this.#settings.law,
      params: { ...this.#result.params },
      N: this.#settings.N,
      speeds,
    });
  }

  #fail(error) {
    this.#ui.status.dataset.state = 'error';
    this.#ui.status.textContent = 'The fits could not be loaded.';
    this.#ui.error.textContent = error.message;
  }
}
