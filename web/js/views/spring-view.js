// The spring-block view: what drives the block (a seed model or any catalog law), its settings, the
// run on the charts and readouts, compared runs and exports. It owns the settings' spring-block
// slice (model, overrides, system, lawOverrides, integrators, start, charts, compare) and its
// recompute: every change runs the engine in the worker and shows the newest result.

import { TimeCharts } from '../charts/time-charts.js';
import { splitFieldPath } from '../engine/field-path.js';
import { expose } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import { SpringControls } from './spring-controls.js';
import { SpringReadouts } from './spring-readouts.js';
import { SystemView } from './system-view.js';
import { SpringDrive, withDrive } from './spring-drive.js';
import { DragPreview, PREVIEW_STATUS } from './drag-preview.js';
import { setHidden, setText } from '../ui/dom.js';
import { markKeyControls, wirePresentMode } from './present-mode.js';
import { choiceOf, keepOtherValues, rememberRun } from './spring-settings.js';

/** The export module (CSV and PNG downloads), loaded the first time something is exported. */
const exporting = () => import('../ui/export.js');

/** How long a run computes before its Cancel button appears [ms]. */
const CANCEL_AFTER_MS = 300;

/** The drive speed and dashpot the schematic labels: a law run's system, or a model's own parameters. */
const systemOf = (summary) => {
  const { v0, eta } = summary.system ?? summary.params ?? {};
  return { v0, eta };
};

export class SpringView {
  #ui;
  #catalog;
  #client;
  #store;
  #controls;
  #charts;
  #readouts;
  /** The pinned runs (compare.js), loaded the first time a run is pinned or pinned runs are restored. */
  #comparison = null;
  #drive;
  #system;
  /** The run on the charts, for export and comparison. */
  #shown = null;
  /** Counts requests, so a reply can tell whether a newer one exists. */
  #issued = 0;
  #cancelTimer = 0;
  #drag;
  /** The preset whose values are shown, until the user changes one (its closed form is shown beside the run). */
  preset = null;
  /** Called when the user changes a value (a preset then no longer describes the run). */
  onUserChange = () => {};

  /**
   * @param {object} ui the view's elements (see main.js)
   * @param {object} catalog the engine's catalog (SimClient.init)
   * @param {import('../engine/sim-client.js').SimClient} client
   * @param {import('../state/store.js').Store} store
   */
  constructor(ui, catalog, client, store) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#client = client;
    this.#store = store;
    const settings = store.settings;
    this.#charts = new TimeCharts(ui.charts, catalog.columns, settings.charts);
    // The animated system; every chart's cursor follows its clock.
    this.#system = new SystemView(ui.systemView, {
      onTime: () => this.#charts.setTime(this.#system?.frame),
    });
    this.#readouts = new SpringReadouts(ui.readouts, catalog);
    this.#controls = new SpringControls(ui.controls, catalog, () => {
      this.onUserChange();
      this.recompute({ preview: this.#drag.dragging });
    });
    this.#drag = new DragPreview(ui.controls.systemSection.closest('.controls'), () =>
      this.recompute(),
    );
    this.#drive = new SpringDrive(ui, store, {
      isLaw: () => this.#controls.choice.kind === 'law',
      recompute: () => this.recompute(),
      system: () => this.#controls.request.system,
    });
    this.#wireActions();
    this.#wireChartOptions();
    wirePresentMode(this.#ui.present);
    client.onProgress = (fraction) => {
      if (ui.status.dataset.state === 'computing')
        ui.status.textContent = `Computing… ${Math.round(100 * fraction)} %`;
    };
  }

  /** Shows the saved choice and runs it; loads the pinned runs unless `embed`. */
  start(embed) {
    this.#controls.select(this.#store.settings.model, this.#store.settings);
    markKeyControls(this.#ui.controls);
    this.recompute();
    if (this.#store.settings.compare.length > 0 && !embed)
      this.#compare().then((comparison) => comparison.load(this.#store.settings.compare));
  }

  /** The comparison, loaded on first use (the start-up download carries only what every visitor needs). */
  async #compare() {
    if (this.#comparison) return this.#comparison;
    const { Comparison } = await import('./compare.js');
    const store = this.#store;
    this.#comparison ??= new Comparison(this.#ui.compare, this.#catalog, this.#client, () => {
      store.settings.compare = this.#comparison.requests;
      store.persist();
      if (this.#shown) this.#charts.setOverlays(this.#overlays(this.#shown.request));
    });
    return this.#comparison;
  }

  /** The pinned runs to overlay on `request`'s (none before the comparison is loaded). */
  #overlays(request) {
    return this.#comparison?.overlays(request) ?? { live: null, runs: [] };
  }

  /** Shows the settings' current choice (after a preset or an opened map cell) and runs it. */
  reload() {
    this.#controls.select(this.#store.settings.model, this.#store.settings);
    markKeyControls(this.#ui.controls);
    this.recompute();
  }

  /** What drives the block now: {kind: 'model' | 'law', id, entry} (entry: its catalog object). */
  get choice() {
    return this.#controls.choice;
  }

  /** Moves the keyboard focus to the model picker. */
  focus() {
    this.#ui.controls.select.focus();
  }

  #wireActions() {
    const ui = this.#ui;
    const store = this.#store;
    ui.compare.add.addEventListener('click', () => {
      if (this.#shown) this.#compare().then((comparison) => comparison.add(this.#shown.request));
    });
    ui.exportCsv.addEventListener('click', () => this.#exportCsv());
    for (const [button, canvas] of ui.exportPng) {
      button.addEventListener('click', async () => {
        (await exporting()).downloadChartPng(
          canvas,
          `friction-lab-${canvas.id.replace('chart-', '')}.png`,
        );
      });
    }
    ui.cancelRun.addEventListener('click', () => this.#client.cancel());
    ui.controls.select.addEventListener('change', () => {
      store.settings.model = ui.controls.select.value;
      store.persist();
      this.reload();
    });
    ui.controls.reset.addEventListener('click', () => {
      const { kind, id } = this.#controls.choice;
      const settings = store.settings;
      if (kind === 'model') {
        settings.overrides[id] = {};
      } else {
        settings.system = {};
        settings.start = { mode: 'rest', kick: 0 };
        settings.lawOverrides[id] = {};
        delete settings.integrators[id];
      }
      store.persist();
      this.reload();
    });
  }

  #wireChartOptions() {
    const { showPosition, phaseX } = this.#ui;
    const store = this.#store;
    showPosition.checked = store.settings.charts.position;
    phaseX.value = store.settings.charts.phaseX;
    for (const input of [showPosition, phaseX]) {
      input.addEventListener('change', () => {
        store.settings.charts = { position: showPosition.checked, phaseX: phaseX.value };
        store.persist();
        this.#charts.setOptions(store.settings.charts);
      });
    }
  }

  /** The shown run as CSV; while runs are compared, every compared run in one file. */
  async #exportCsv() {
    if (!this.#shown) return;
    const { request } = this.#shown;
    const { downloadRunsCsv } = await import('./spring-export.js');
    const comparison = this.#comparison;
    const pinned = comparison?.pinned(request) ?? [];
    const label = pinned.length > 0 ? comparison.labelOf(request) : undefined;
    downloadRunsCsv(this.#shown, label, pinned, this.#catalog);
  }

  /** Dims (or undims) what shows the last good run: it belongs to earlier settings than the controls show. */
  #setStale(stale) {
    for (const section of this.#ui.shown) section.classList.toggle('is-stale', stale);
  }

  #setStatus(state, text) {
    if (this.#ui.status.dataset.state !== state) this.#ui.status.dataset.state = state;
    setText(this.#ui.status, text);
  }

  #showCancel(computing) {
    clearTimeout(this.#cancelTimer);
    if (computing)
      this.#cancelTimer = setTimeout(() => setHidden(this.#ui.cancelRun, false), CANCEL_AFTER_MS);
    else setHidden(this.#ui.cancelRun, true);
  }

  /**
   * Runs the controls' request and shows it (older replies are shown as they arrive, so the charts follow
   * a drag). Resolves to {result} or {error} for the newest request, undefined for one replaced by a newer.
   * `preview`: a change in a drag, sent as a preview where the run's method is adaptive (drag-preview.js).
   */
  async recompute({ preview = false } = {}) {
    const ticket = ++this.#issued;
    const request = this.#controls.request;
    let sent;
    ({ request: sent, preview } = this.#drag.shape(
      withDrive(request, this.#store.settings.drive),
      preview,
      this.#catalog,
      this.#charts.width,
    ));
    this.#drive.showNote();
    // A drag's previews keep one status text throughout (its state still says computing or ready).
    this.#setStatus('computing', preview ? PREVIEW_STATUS : 'Computing…');
    this.#showCancel(true);
    let result;
    try {
      result = await this.#client.simulate(sent);
    } catch (error) {
      if (ticket !== this.#issued) return; // an older request's error is moot: the newer one reports its own
      this.#showCancel(false);
      if (error.cancelled) {
        this.#setStale(true);
        this.#setStatus('cancelled', 'Cancelled: the charts show the last finished run');
      } else {
        this.#showFailure(request, error);
      }
      return { error };
    }
    if (result === null) return; // replaced by a newer request before it was sent
    if (ticket === this.#issued) this.#showCancel(false);
    rememberRun(this.#store.settings, request);
    // Not a run for a model or law the user has already left. Saved after the charts are drawn:
    // the save is not what the user waits to see.
    const current = choiceOf(request) === this.#controls.choice.id;
    if (current) this.#show(result, sent);
    this.#store.persist({ throttle: this.#drag.dragging });
    if (!current || ticket !== this.#issued) return;
    this.#controls.acceptValues();
    this.#setStatus('ready', preview ? PREVIEW_STATUS : 'Up to date');
    return { result };
  }

  #show(result, request) {
    // The charts first: drawing reads the layout, and a DOM change made before it would force the
    // browser to lay the whole page out again in the middle of the update.
    const state = this.#catalog.laws.find((law) => law.id === request.law)?.state ?? [];
    this.#charts.show(result, state, this.#overlays(request));
    this.#system.setRun({ ...result, system: systemOf(result.summary) });
    this.#shown = { result, request };
    this.#ui.shown[1].classList.remove('is-stopped');
    expose('shownRun', this.#shown);
    this.#controls.clearErrors();
    this.#ui.formError.textContent = '';
    this.#setStale(false);
    const closedForm = this.preset?.law === request.law ? this.preset?.expected?.period : undefined;
    this.#readouts.show(result.summary, request, closedForm);
    this.#drive.showHolds(result.summary.holds ?? []);
  }

  /** The engine refused the latest settings: say why, where, and keep the last good result on screen. */
  #showFailure(request, error) {
    this.#controls.clearErrors();
    this.#ui.formError.textContent = '';
    const placed = this.#controls.showError(error.parameter, error.message);
    if (placed) {
      keepOtherValues(this.#store.settings, request, splitFieldPath(error.parameter).key, placed);
      this.#store.persist();
    } else {
      this.#ui.formError.textContent = error.message;
      this.#ui.formError.scrollIntoView({ block: 'nearest' });
    }
    if (error.partial) {
      // A run that stopped early: the charts show it up to the stop, the status says where, and the
      // readouts (which still describe the previous run) are dimmed with the reason.
      this.#charts.show({ columns: error.partial, summary: {} }, [], this.#overlays(request));
      this.#system.setRun({
        columns: error.partial,
        summary: {},
        system: systemOf(request.system ? { system: request.system } : { params: request.params }),
      });
      this.#shown = null;
      this.#setStale(false);
      this.#ui.shown[1].classList.add('is-stopped');
      this.#ui.readouts.runInfo.textContent =
        `This run stopped at t = ${formatQuantity(error.stoppedAt, 's')}: ` +
        `${error.message} The readouts above belong to the previous run.`;
      this.#setStatus(
        'error',
        `Stopped at t = ${formatQuantity(error.stoppedAt, 's')}: the charts show the run up to there`,
      );
      return;
    }
    // Dim the results: they belong to earlier settings, not to what the controls show now.
    this.#setStale(true);
    this.#setStatus('error', 'Not updated: see the message in the settings');
  }
}
