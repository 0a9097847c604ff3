// The spring-block view: what drives the block (a seed model or any catalog law), its settings, the
// run on the charts and readouts, compared runs and exports. It owns the settings' spring-block
// slice (settings.spring: its scenario, the scenarios kept for other models and laws, the pinned
// runs, the charts' options) and its recompute: every change runs the scenario in the worker and
// shows the newest result. Choosing another model or law and Reset replace the scenario here, at
// once (a reload just after finds them saved); their notices and Undo, presets and opened runs are
// spring-changes.js's, loaded when first needed.

import { TimeCharts } from '../charts/time-charts.js';
import { expose } from '../test-hooks.js';
import { formatQuantity } from '../ui/format.js';
import { SpringControls } from './spring-controls.js';
import { SpringReadouts } from './spring-readouts.js';
import { SystemView } from './system-view.js';
import { SpringDrive } from './spring-drive.js';
import { DragPreview, PREVIEW_STATUS } from './drag-preview.js';
import { setHidden, setText } from '../ui/dom.js';
import { markKeyControls, wirePresentMode } from './present-button.js';
import { keepOtherValues, rememberRun } from './spring-settings.js';
import { defaultScenario, subjectOf, switchScenario } from '../state/scenario.js';

/** The export module (CSV and PNG downloads), loaded the first time something is exported. */
const exporting = () => import('../ui/export.js');

/** The regimes "Why it sticks" explains (views/why-sticks.js, loaded when first pressed). */
const EXPLAINED = new Set(['stick-slip', 'growing', 'oscillation', 'not-settled', 'at-rest']);

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
  /** "Why it sticks" (why-sticks.js), loaded the first time it is pressed. */
  #why = null;
  /** The scenario changes (spring-changes.js), loaded the first time one is made. */
  #changes = null;
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
   * @param {{autoplay?: boolean, loop?: boolean}} [playback] the animation's start (an embed's ?play, ?loop)
   */
  constructor(ui, catalog, client, store, { autoplay = true, loop = false } = {}) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#client = client;
    this.#store = store;
    const settings = store.settings;
    this.#charts = new TimeCharts(ui.charts, catalog.columns, settings.spring.charts);
    // The animated system; every chart's cursor follows its clock.
    this.#system = new SystemView(ui.systemView, {
      onTime: () => this.#charts.setTime(this.#system?.frame),
      autoplay,
      loop,
    });
    this.#readouts = new SpringReadouts(ui.readouts, catalog);
    this.#controls = new SpringControls(ui.controls, catalog, () => {
      this.onUserChange();
      this.recompute({ preview: this.#drag.dragging });
    });
    this.#drag = new DragPreview(ui.controls.systemSection.closest('.controls'), () =>
      this.recompute(),
    );
    this.#drive = new SpringDrive(ui, store, catalog, {
      isLaw: () => this.#controls.choice.kind === 'law',
      reload: () => this.reload(),
    });
    this.#wireActions();
    this.#wireChartOptions();
    this.#wireWhy();
    wirePresentMode(this.#ui.present);
    client.onProgress = (fraction) => {
      if (ui.status.dataset.state === 'computing')
        ui.status.textContent = `Computing… ${Math.round(100 * fraction)} %`;
    };
  }

  /** Shows the saved choice and runs it; loads the pinned runs unless `embed`. */
  start(embed) {
    this.reload();
    if (!embed) this.#syncPins();
  }

  /** The comparison, loaded on first use (the start-up download carries only what every visitor needs). */
  async #compare() {
    if (this.#comparison) return this.#comparison;
    const { Comparison } = await import('./compare.js');
    const store = this.#store;
    this.#comparison ??= new Comparison(this.#ui.compare, this.#catalog, this.#client, () => {
      store.settings.spring.compare = this.#comparison.requests;
      store.persist();
      if (this.#shown) this.#charts.setOverlays(this.#overlays(this.#shown.request));
    });
    return this.#comparison;
  }

  /** The pinned runs to overlay on `request`'s (none before the comparison is loaded). */
  #overlays(request) {
    return this.#comparison?.overlays(request) ?? { live: null, runs: [] };
  }

  /** The comparison follows the pinned runs of the settings (after a change cleared or restored them). */
  #syncPins() {
    const pinned = this.#store.settings.spring.compare;
    if (this.#comparison || pinned.length > 0)
      this.#compare().then((comparison) => comparison.load(pinned));
  }

  /** Shows the settings' scenario (after a preset, a reset or an opened map cell) and runs it. */
  reload() {
    this.#controls.select(this.#store.settings.spring.scenario);
    markKeyControls(this.#ui.controls);
    return this.recompute();
  }

  /** The scenario changes (spring-changes.js): their notices and Undo, presets, opened runs. */
  async changes() {
    const { SpringChanges } = await import('./spring-changes.js');
    this.#changes ??= new SpringChanges({
      store: this.#store,
      catalog: this.#catalog,
      apply: (cleared) => this.#apply(cleared),
      syncPins: () => this.#syncPins(),
      endPreset: () => this.onUserChange(),
    });
    return this.#changes;
  }

  /**
   * Another model or law is chosen: its own scenario comes back (state/scenario.js). The pinned runs
   * stay from one law to another (comparing laws on one spring-block is what compare mode is for); to
   * or from a seed model, which runs on a system of its own, they go, with an Undo.
   */
  #choose(id) {
    const spring = this.#store.settings.spring;
    const before = structuredClone(spring);
    const isModel = this.#catalog.models.some((model) => model.id === id);
    const fallback = defaultScenario(id, isModel);
    Object.assign(spring, switchScenario(spring.scenario, spring.kept, id, fallback));
    const cleared = isModel || before.scenario.model !== undefined ? spring.compare.length : 0;
    this.onUserChange();
    this.#apply(cleared);
    if (cleared > 0) this.changes().then((changes) => changes.chosen(before, cleared));
  }

  /** Reset: the shown model's or law's default scenario, the drive cleared, with an Undo. */
  #reset() {
    const spring = this.#store.settings.spring;
    const before = structuredClone(spring);
    const { id, kind, entry } = this.#controls.choice;
    spring.scenario = defaultScenario(id, kind === 'model');
    delete spring.speedUnit;
    this.onUserChange();
    this.#apply(0);
    this.changes().then((changes) => changes.wasReset(before, entry));
  }

  /** Saves and shows the settings' scenario; `cleared`: the pinned runs were cleared. */
  #apply(cleared) {
    if (cleared > 0) this.#store.settings.spring.compare = [];
    this.#store.persist();
    this.reload();
    if (cleared > 0) this.#syncPins();
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
    ui.controls.select.addEventListener('change', () => this.#choose(ui.controls.select.value));
    ui.controls.reset.addEventListener('click', () => this.#reset());
  }

  /** "Why it sticks": its module and the studies' engine load the first time it is pressed. */
  #wireWhy() {
    const { why } = this.#ui;
    why.button.addEventListener('click', async () => {
      this.#why ??= import('./why-sticks.js').then(
        ({ WhySticks }) =>
          new WhySticks(why, this.#catalog, this.#client, {
            shown: () => this.#shown,
            setValue: (target, key, value) => this.#controls.setValue(target, key, value),
          }),
      );
      (await this.#why).open();
    });
    why.close.addEventListener('click', async () => {
      (await this.#why)?.close();
      why.button.focus();
    });
  }

  #wireChartOptions() {
    const { showPosition, phaseX } = this.#ui;
    const store = this.#store;
    showPosition.checked = store.settings.spring.charts.position;
    phaseX.value = store.settings.spring.charts.phaseX;
    for (const input of [showPosition, phaseX]) {
      input.addEventListener('change', () => {
        store.settings.spring.charts = { position: showPosition.checked, phaseX: phaseX.value };
        store.persist();
        this.#charts.setOptions(store.settings.spring.charts);
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
      request,
      preview,
      this.#catalog,
      this.#charts.width,
    ));
    this.#drive.showNote(request);
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
    // What is saved is the scenario that ran, as the engine writes it (reading it back gives the same run).
    rememberRun(this.#store.settings.spring, result.scenario);
    // Not a run for a model or law the user has already left. Saved after the charts are drawn:
    // the save is not what the user waits to see.
    const current = subjectOf(request) === this.#controls.choice.id;
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
    const expected = this.preset?.scenario?.law === request.law ? this.preset?.expected : undefined;
    this.#readouts.show(result.summary, request, expected);
    // "Why it sticks" answers for the run it was asked about: a new run closes it.
    setHidden(this.#ui.why.button, !EXPLAINED.has(result.summary.regime));
    if (!this.#ui.why.panel.hidden) this.#why?.then((why) => why.close());
    this.#drive.showHolds(result.summary.holds ?? []);
  }

  /** The engine refused the latest settings: say why, where, and keep the last good result on screen. */
  #showFailure(request, error) {
    this.#controls.clearErrors();
    this.#ui.formError.textContent = '';
    const placed = this.#controls.showError(error.parameter, error.message);
    if (placed) {
      keepOtherValues(this.#store.settings.spring, request, error.parameter);
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
