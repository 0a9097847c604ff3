// The Fit view: measured data in (CSV), a catalog law's parameters out, with their standard errors,
// the data, the fit and the residuals drawn, "Use in the spring-block" and Export to a solver. The
// engine does the reading, the fit and the export in the fits' worker (engine/fit-worker.js); this
// module builds the controls, keeps its slice of the settings (settings.fit) and shows the result.
// A record runs on the spring-block view's scenario, drive included (settings.spring.scenario), and
// may free its system's values ("system.c").

import { FitCharts } from '../charts/fit-chart.js';
import { FitClient } from '../engine/fit-client.js';
import { expose } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import { loadStylesheet } from '../ui/dom.js';
import { SolverExportDialog } from '../ui/solver-export.js';
import { FitDataBox, LINK_DATA_LIMIT, csvColumns, loadSavedData, saveData } from './fit-data.js';
import { fitControls, fitPanels } from './fit-markup.js';
import { FitParamsTable, showFitResult } from './fit-result.js';
import { sanitizeFit, systemKeys } from './fit-settings.js';
import { describeDrive } from './drive-words.js';

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
    settings.fit = this.#sanitize(settings.fit);
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
        ? this.#recordNote()
        : fit.kind === 'presliding'
          ? "The run follows the presliding view's force protocol; set it there."
          : '';
    this.#params.show(
      this.#catalog.laws.find((law) => law.id === fit.law),
      fit,
      this.#systemRows(),
    );
  }

  #sanitize(fit) {
    return sanitizeFit(fit, this.#catalog.laws, this.#options.kinds, this.#catalog.system);
  }

  /**
   * The record's scenario: the spring-block view's (a law's; the defaults beside a seed model), drive
   * included, without its law and parameters (the fit's own), with the fit's values of the system.
   * The integrator goes only with the law it was chosen for.
   */
  #recordScenario() {
    const shown = this.#store.settings.spring.scenario;
    const { law, params, ...rig } = shown.law !== undefined ? structuredClone(shown) : {};
    rig.system ??= {};
    if (law !== this.#settings.law) delete rig.integrator;
    for (const [key, value] of Object.entries(this.#settings.values))
      if (key.startsWith('system.')) rig.system[key.slice('system.'.length)] = value;
    return rig;
  }

  /** A record's system rows: each value it may free, with the value the record runs with. */
  #systemRows() {
    if (this.#settings.kind !== 'record') return [];
    const shown = this.#store.settings.spring.scenario;
    const system = shown.law !== undefined ? shown.system : {};
    const specs = this.#catalog.system?.params ?? [];
    const valueOf = (spec) => {
      if (typeof system[spec.key] === 'number') return system[spec.key];
      const from = spec.defaultFrom && specs.find((other) => other.key === spec.defaultFrom.key);
      return from ? spec.defaultFrom.factor * valueOf(from) : spec.default;
    };
    // v0 given as velocity steps is the drive's, not a value to fit.
    const keys = systemKeys(this.#catalog.system).filter(
      (key) => key !== 'system.v0' || !Array.isArray(system.v0),
    );
    return keys.map((key) => {
      const spec = specs.find((candidate) => `system.${candidate.key}` === key);
      return { key, spec, base: valueOf(spec) };
    });
  }

  /** What a record runs on, in words: the spring-block view's system, start and drive. */
  #recordNote() {
    const shown = this.#store.settings.spring.scenario;
    if (shown.law === undefined)
      return 'The record runs on the spring-block system at its defaults: the spring-block view shows a seed model. Choose a law there to set the system and its drive.';
    const specs = this.#catalog.system?.params ?? [];
    const values = Object.entries(shown.system)
      .filter((entry) => typeof entry[1] === 'number')
      .map(([key, value]) => {
        const spec = specs.find((candidate) => candidate.key === key);
        return `${spec?.symbol ?? key} = ${formatQuantity(value, spec?.unit ?? '')}`;
      });
    const v0 = specs.find((spec) => spec.key === 'v0')?.default;
    const drive = describeDrive(shown, this.#store.settings.spring.speedUnit, v0);
    return (
      `The record runs on the spring-block view's scenario (set it there): ` +
      `${values.length > 0 ? values.join(', ') : 'the default system'}. ${drive}`
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
      this.#store.settings.fit = this.#sanitize(fit);
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
    // The law's own values; a record's system values go in its scenario. Only what the kind offers is sent.
    const offered = new Set(this.#systemRows().map((row) => row.key));
    const own = (key) => !key.startsWith('system.');
    const request = {
      law: fit.law,
      params: Object.fromEntries(Object.entries(fit.values).filter(([key]) => own(key))),
      free: fit.free.filter((key) => own(key) || offered.has(key)),
      data,
      options: { starts: fit.starts },
    };
    if (fit.kind === 'record') request.scenario = this.#recordScenario();
    if (fit.kind === 'presliding')
      request.presliding = this.#store.settings.presliding.scenario.protocol;
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
    showFitResult(this.#ui, result, law, this.#catalog.system);
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

  /**
   * The fitted law in the spring-block view: a record's on the scenario it was fitted on, drive and
   * fitted system included; a curve's or a presliding run's on the spring-block's system at a constant
   * speed (its drive was not part of the fit).
   */
  #use() {
    const fit = this.#settings,
      spring = this.#store.settings.spring;
    const rig = this.#recordScenario();
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
