// The Fit view: measured data in (CSV), a catalog law's parameters out, with their standard errors,
// the data, the fit and the residuals drawn, "Use in the spring-block" and Export to a solver. The
// engine does the reading, the fit and the export in the fits' worker (engine/fit-worker.js); this
// module builds the controls, keeps its slice of the settings (settings.fit) and shows the result.

import { FitCharts } from '../charts/fit-chart.js';
import { FitClient } from '../engine/fit-client.js';
import { expose } from '../test-hooks.js';
import { loadStylesheet } from '../ui/dom.js';
import { SolverExportDialog } from '../ui/solver-export.js';
import { FitDataBox, LINK_DATA_LIMIT, csvColumns, loadSavedData, saveData } from './fit-data.js';
import { fitControls, fitPanels } from './fit-markup.js';
import { FitParamsTable, showFitResult } from './fit-result.js';
import { sanitizeFit } from './fit-settings.js';

/** The view's stylesheet, on demand like the view (main.js waits for it before building the view). */
export const stylesReady = loadStylesheet('fit-view.css');

export class FitView {
  #catalog;
  #store;
  #openRun;
  #client = new FitClient();
  #options = null;
  #ui;
  #data;
  #params;
  #charts;
  #exporter = null;
  #result = null;
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
    const ui = fitControls();
    this.#ui = ui;
    this.#data = new FitDataBox((data) => this.#dataChanged(data));
    this.#params = new FitParamsTable(() => this.#edited());
    const { controls, results } = fitPanels(ui, this.#data.element, this.#params.element);
    ui.form = controls;
    container.append(controls, results);
    ui.law.append(...this.#catalog.laws.map((law) => new Option(law.name, law.id)));
    for (const input of [
      ui.kind,
      ui.compare,
      ui.x,
      ui.xUnit,
      ui.y,
      ui.yUnit,
      ui.law,
      ui.N,
      ui.starts,
    ])
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
    settings.fit = sanitizeFit(settings.fit, this.#catalog.laws, this.#options.kinds);
    const data = settings.fit.data ?? loadSavedData();
    if (data) this.#data.data = data;
    this.#showSettings();
    this.#ui.form.inert = false;
    this.#ui.status.textContent = '';
    if (settings.fit.shown && this.#data.data.text.trim()) await this.fit();
  }

  get #settings() {
    return this.#store.settings.fit;
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
    const columns = csvColumns(this.#data.data.text);
    fill(ui.x, columns, fit.x ?? (columns.includes(kind.x.column) ? kind.x.column : columns[0]));
    fill(
      ui.y,
      columns,
      fit.y ?? (columns.includes(compare.id) ? compare.id : (columns[1] ?? columns[0])),
    );
    fill(ui.xUnit, kind.x.units, fit.units.x ?? kind.x.units[0]);
    fill(
      ui.yUnit,
      compare.units,
      fit.units.y ?? compare.units[0],
      (unit) => unit || '– (a coefficient)',
    );
    ui.fitN.hidden = fit.kind !== 'curve';
    ui.N.value = String(fit.N);
    ui.starts.value = String(fit.starts);
    ui.law.value = fit.law;
    ui.source.textContent =
      fit.kind === 'record'
        ? "The record runs on the spring-block view's system, start and drive; set them there."
        : fit.kind === 'presliding'
          ? "The run follows the presliding view's force protocol; set it there."
          : '';
    this.#params.show(
      this.#catalog.laws.find((law) => law.id === fit.law),
      fit,
    );
  }

  /** A control changed: the settings follow it (a new kind or law resets what depends on it), and are saved. */
  #edited(input) {
    const ui = this.#ui,
      fit = this.#settings;
    if (input === ui.kind) Object.assign(fit, { kind: ui.kind.value, compare: null, units: {} });
    else if (input === ui.compare)
      Object.assign(fit, { compare: ui.compare.value, units: { x: fit.units.x } });
    else if (input === ui.law) Object.assign(fit, { law: ui.law.value, free: [], values: {} });
    else if (input === ui.x || input === ui.y) Object.assign(fit, { x: ui.x.value, y: ui.y.value });
    else if (input === ui.xUnit || input === ui.yUnit)
      fit.units = { x: ui.xUnit.value, y: ui.yUnit.value };
    else if (input === ui.N) fit.N = Number(ui.N.value);
    else if (input === ui.starts) fit.starts = Number(ui.starts.value);
    else Object.assign(fit, this.#params.read());
    if (input === ui.kind || input === ui.compare || input === ui.law) {
      this.#store.settings.fit = sanitizeFit(fit, this.#catalog.laws, this.#options.kinds);
      this.#showSettings();
    }
    this.#store.persist();
  }

  #dataChanged(data) {
    this.#settings.data = data.text.length <= LINK_DATA_LIMIT ? data : undefined;
    if (!saveData(data))
      this.#ui.error.textContent =
        'This browser does not allow saving: the data will not be kept after a reload.';
    const columns = csvColumns(data.text);
    if (!columns.includes(this.#settings.x)) this.#settings.x = null;
    if (!columns.includes(this.#settings.y)) this.#settings.y = null;
    this.#showSettings();
    this.#store.persist();
  }

  /** The engine's fit request from the settings and the data. */
  #request() {
    const fit = this.#settings,
      ui = this.#ui,
      { name, text } = this.#data.data;
    const data = {
      kind: fit.kind,
      compare: fit.compare,
      file: name,
      text,
      x: ui.x.value,
      y: ui.y.value,
      units: { [ui.x.value]: ui.xUnit.value, [ui.y.value]: ui.yUnit.value },
    };
    if (fit.kind === 'curve') data.N = fit.N;
    const request = {
      law: fit.law,
      params: fit.values,
      free: fit.free,
      data,
      options: { starts: fit.starts },
    };
    const settings = this.#store.settings;
    if (fit.kind === 'record')
      request.scenario = { system: { ...settings.system, start: settings.start?.mode ?? 'rest' } };
    if (fit.kind === 'presliding') request.presliding = settings.presliding?.protocol ?? {};
    return request;
  }

  /** Runs the fit in the worker, with its progress, and shows the result or the engine's message. */
  async fit() {
    const ui = this.#ui;
    ui.error.textContent = '';
    ui.run.disabled = true;
    ui.cancel.disabled = false;
    ui.status.dataset.state = 'running';
    ui.status.textContent = 'Fitting…';
    try {
      const result = await this.#client.fit(this.#request(), ({ start, starts, evaluations }) => {
        ui.status.textContent = `Fitting: start ${start} of ${starts} done, ${evaluations} evaluations…`;
      });
      this.#show(result);
      ui.status.dataset.state = 'ready';
      ui.status.textContent = `Fitted (${result.evaluations} evaluations).`;
    } catch (error) {
      ui.status.dataset.state = error.cancelled ? 'cancelled' : 'error';
      ui.status.textContent = error.cancelled
        ? 'Cancelled: the settings and the last result are kept.'
        : 'Not fitted.';
      if (!error.cancelled) ui.error.textContent = error.message;
    } finally {
      ui.run.disabled = false;
      ui.cancel.disabled = true;
    }
  }

  #show(result) {
    const fit = this.#settings,
      law = this.#catalog.laws.find((candidate) => candidate.id === fit.law);
    this.#result = result;
    fit.shown = true;
    this.#store.persist();
    const kind = this.#options.kinds.find((candidate) => candidate.id === fit.kind);
    const compare = kind.compares.find((candidate) => candidate.id === fit.compare);
    showFitResult(this.#ui, result, law);
    const [xSI, ySI] = [kind.x.units[0], compare.units[0]];
    const positive = result.x.every((x) => x > 0);
    const log =
      fit.kind === 'curve' && positive && Math.max(...result.x) / Math.min(...result.x) >= 100;
    this.#charts.show(result, {
      xName: this.#ui.x.value,
      xUnit: xSI,
      yName: this.#ui.y.value,
      yUnit: ySI,
      log,
      lawName: law.name,
    });
    this.#ui.use.disabled = false;
    this.#ui.exportOpen.disabled = false;
  }

  /** The fitted law (and a record's fitted system) in the spring-block view. */
  #use() {
    const settings = this.#store.settings,
      fit = this.#settings;
    const system = {
      ...settings.system,
      ...(this.#result.system ?? {}),
      start: settings.start?.mode ?? 'rest',
    };
    this.#openRun({
      law: fit.law,
      params: { ...this.#result.params },
      system,
      integrator: settings.integrators?.[fit.law] ?? 'auto',
      kick: settings.start?.kick ?? 0,
    });
  }

  #openExport() {
    this.#exporter ??= new SolverExportDialog(this.#client, this.#options.targets);
    this.#exporter.open({
      law: this.#settings.law,
      params: { ...this.#result.params },
      N: this.#settings.N,
    });
  }

  #fail(error) {
    this.#ui.status.dataset.state = 'error';
    this.#ui.status.textContent = 'The fits could not be loaded.';
    this.#ui.error.textContent = error.message;
  }
}
