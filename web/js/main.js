// Wiring only: settings -> form -> simulation worker -> charts and readouts, for both views
// (the spring-block simulation, driven by a seed model or by any catalog law, and the law explorer)
// and the switch between them.
// Physics lives in the engine (run by sim-worker.js); drawing lives in chart-view.js.

import { ChartView, LawChartView } from './chart-view.js';
import { downloadChartPng, downloadText, runToCsv } from './export.js';
import { Comparison } from './compare.js';
import { ExplorerInputs } from './explorer-inputs.js';
import { describeRegime, formatQuantity, formatResonance } from './format.js';
import { LawCards } from './law-cards.js';
import { MapView } from './map-view.js';
import { PreslidingView } from './presliding.js';
import { linkHash, loadSettings, saveSettings } from './settings.js';
import { SimClient } from './sim-client.js';
import { SpringControls } from './spring-controls.js';
import { ViewSwitch } from './view-switch.js';

// Points per law curve: on the default ±0.2 m/s axis one every 0.5 mm/s, plus v = 0 itself.
const CURVE_POINTS = 801;
// A law run's period is located to 1e-12 s: show five significant digits of it.
const PERIOD_DIGITS = 5;
// Energies in the summary (drive work, dissipation, residual) are in joules.
const ENERGY_UNIT = 'J';

const byId = (id) => document.getElementById(id);
const ui = {
  preset: byId('preset'),
  presetNote: byId('preset-note'),
  copyLink: byId('copy-link'),
  cancelRun: byId('cancel-run'),
  compareAdd: byId('compare-add'),
  compareList: byId('compare-list'),
  compareNote: byId('compare-note'),
  exportCsv: byId('export-csv'),
  exportRelative: byId('export-png-relative'),
  exportForces: byId('export-png-forces'),
  exportPhase: byId('export-png-phase'),
  copyStatus: byId('copy-link-status'),
  linkText: byId('link-text'),
  controls: {
    select: byId('model'),
    description: byId('model-description'),
    citation: byId('model-citation'),
    modelParams: byId('params'),
    systemSection: byId('system-section'),
    systemDescription: byId('system-description'),
    systemParams: byId('system-params'),
    lawSection: byId('law-section'),
    lawTitle: byId('law-title'),
    lawOrigin: byId('law-origin'),
    lawCitation: byId('law-citation'),
    lawParams: byId('law-params'),
    integratorPicker: byId('integrator-picker'),
    integrator: byId('integrator'),
    integratorDescription: byId('integrator-description'),
    integratorError: byId('integrator-error'),
    reset: byId('reset'),
    startPicker: byId('start-picker'),
    start: byId('start'),
    kickRow: byId('kick-row'),
    kick: byId('kick'),
    startError: byId('start-error'),
  },
  notice: byId('notice'),
  formError: byId('form-error'),
  results: byId('results'),
  status: byId('status'),
  resonance: byId('resonance'),
  regime: byId('regime'),
  lawReadouts: document.querySelectorAll('.law-readout'),
  period: byId('period'),
  peakVelocity: byId('peak-velocity'),
  energyResidual: byId('energy-residual'),
  integratorUsed: byId('integrator-used'),
  runInfo: byId('run-info'),
  showPosition: byId('show-position'),
  phaseX: byId('phase-x'),
  version: byId('engine-version'),
  viewSwitch: byId('view-switch'),
  presliding: {
    select: byId('presliding-law'),
    description: byId('presliding-law-description'),
    citation: byId('presliding-law-citation'),
    error: byId('presliding-error'),
    protocol: byId('presliding-protocol'),
    params: byId('presliding-params'),
    results: byId('presliding-results'),
    status: byId('presliding-status'),
    info: byId('presliding-info'),
    chart: byId('chart-loop'),
    exportCsv: byId('export-csv-presliding'),
    exportPng: byId('export-png-loop'),
  },
  map: {
    subject: byId('map-subject'),
    description: byId('map-description'),
    error: byId('map-error'),
    params: byId('map-params'),
    systemSection: byId('map-system-section'),
    systemParams: byId('map-system-params'),
    lawStart: byId('map-law-start'),
    start: byId('map-start'),
    kick: byId('map-kick'),
    startError: byId('map-start-error'),
    axes: byId('map-axes'),
    run: byId('map-run'),
    cancel: byId('map-cancel'),
    status: byId('map-status'),
    cell: byId('map-cell'),
    legend: byId('map-legend'),
    boundary: byId('map-boundary'),
    exportCsv: byId('export-csv-map'),
    exportPng: byId('export-png-map'),
    chart: byId('chart-map'),
  },
  explorer: {
    error: byId('explorer-error'),
    cards: byId('law-cards'),
    addSelect: byId('law-add'),
    addButton: byId('law-add-button'),
    addNote: byId('law-add-note'),
    results: byId('explorer-results'),
    status: byId('explorer-status'),
    inputs: byId('explorer-inputs'),
    caption: byId('law-chart-caption'),
    chart: byId('chart-laws'),
    note: byId('law-chart-note'),
  },
};

/** `state` is what tests wait on: loading | computing | ready | error. */
function setStatus(state, text, element = ui.status) {
  element.dataset.state = state;
  element.textContent = text;
}

/** A second, smaller line inside a readout. */
function detail(text) {
  return Object.assign(document.createElement('span'), { className: 'readout-detail', textContent: text });
}

function showNotice(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

// Embed mode (?embed=1): the spring-block charts and only the controls named in ?controls= (keys,
// comma-separated, e.g. controls=c,eta), sized to the iframe. Its settings come from the link
// (#state=…) and are never saved: an embedded page must not change what the reader saved.
const query = new URLSearchParams(location.search);
const embed = query.get('embed') === '1';
const embedControls = new Set((query.get('controls') ?? '').split(',').map((key) => key.trim()).filter(Boolean));

/** In embed mode, shows only the chosen controls, and the settings panel only if one is chosen. */
function applyEmbed() {
  if (!embed) return;
  let visible = 0;
  for (const row of document.querySelectorAll('#view-spring .param')) {
    row.hidden = !embedControls.has(row.dataset.key);
    if (!row.hidden) visible++;
  }
  document.querySelector('#view-spring .controls').hidden = visible === 0;
}

/** How long a run computes before its Cancel button appears [ms]. */
const CANCEL_AFTER_MS = 300;

async function start() {
  if (embed) document.body.classList.add('embed');
  const client = new SimClient();
  const catalog = await client.init();
  ui.version.textContent = ` (engine version ${catalog.version})`;
  const columnsByKey = Object.fromEntries(catalog.columns.map((column) => [column.key, column]));

  // settings always holds what was last known to be good; it is what gets saved.
  const { settings, notice } = loadSettings(catalog.models, catalog.laws,
    { system: catalog.system, integrators: catalog.integrators, presliding: catalog.presliding, useSaved: !embed });
  if (notice) showNotice(notice);
  const charts = new ChartView({ relative: byId('chart-relative'), forces: byId('chart-forces'), phase: byId('chart-phase') },
    catalog.columns, settings.charts);
  // A user's own change ends a preset: its line and its closed form no longer describe the run.
  const controls = new SpringControls(ui.controls, catalog, () => {
    endPreset();
    recompute();
  });
  /** The preset whose values are shown, until the user changes one. */
  let activePreset = null;
  function endPreset() {
    activePreset = null;
    ui.preset.value = '';
    ui.presetNote.hidden = true;
  }
  let issued = 0; // counts requests, so a reply can tell whether a newer one exists
  let warnedAboutStorage = false;

  function persist() {
    if (embed) return;  // an embedded view never saves, and leaves its link as it is
    if (!saveSettings(settings) && !warnedAboutStorage) {
      warnedAboutStorage = true;
      showNotice('This browser does not allow saving, so your settings will not be kept after a reload.');
    }
    // The address bar always holds the whole state, so it can be shared as it is.
    history.replaceState(null, '', location.pathname + location.search + linkHash(settings));
  }

  // Copy link: the page's address with its state. The clipboard may be refused (an insecure page, a
  // denied permission): then the link is shown, selected, for the user to copy.
  ui.copyLink.addEventListener('click', async () => {
    persist();
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      ui.copyStatus.textContent = 'Link copied.';
      ui.linkText.hidden = true;
    } catch {
      ui.copyStatus.textContent = 'Copy this link:';
      ui.linkText.value = link;
      ui.linkText.hidden = false;
      ui.linkText.select();
    }
  });

  /** The run on the charts, for export and comparison. */
  let shownRun = null;

  // Compare mode: pinned runs overlaid on the live one, saved and shared with the other settings.
  const comparison = new Comparison({ add: ui.compareAdd, list: ui.compareList, note: ui.compareNote }, catalog, client, () => {
    settings.compare = comparison.requests;
    persist();
    if (shownRun) charts.setOverlays(comparison.overlays(shownRun.request));
  });
  ui.compareAdd.addEventListener('click', () => {
    if (shownRun) comparison.add(shownRun.request);
  });
  ui.exportCsv.addEventListener('click', () => {
    if (!shownRun) return;
    const { result, request } = shownRun;
    const id = request.model ?? request.law;
    const subject = catalog.models.find((model) => model.id === id) ?? catalog.laws.find((law) => law.id === id);
    const csv = runToCsv(result, { version: catalog.version, subject, system: request.law ? catalog.system : null,
      columns: catalog.columns });
    downloadText(csv, `friction-lab-${id}.csv`);
  });
  for (const [button, canvas] of [[ui.exportRelative, 'chart-relative'], [ui.exportForces, 'chart-forces'],
    [ui.exportPhase, 'chart-phase'], [byId('export-png-laws'), 'chart-laws']]) {
    button.addEventListener('click', () => downloadChartPng(byId(canvas), `friction-lab-${canvas.replace('chart-', '')}.png`));
  }

  /** The id of what a request runs: a model or a law. */
  const choiceOf = (request) => request.model ?? request.law;

  // A long run shows its progress, and after a moment a Cancel button (which ends the worker's run
  // and starts a fresh worker; the charts keep the last finished run, the controls what was typed).
  let cancelTimer = 0;
  client.onProgress = (fraction) => {
    if (ui.status.dataset.state === 'computing') ui.status.textContent = `Computing… ${Math.round(100 * fraction)} %`;
  };
  ui.cancelRun.addEventListener('click', () => client.cancel());
  function showCancel(computing) {
    clearTimeout(cancelTimer);
    if (computing) cancelTimer = setTimeout(() => { ui.cancelRun.hidden = false; }, CANCEL_AFTER_MS);
    else ui.cancelRun.hidden = true;
  }

  async function recompute() {
    const ticket = ++issued;
    const request = controls.request;
    setStatus('computing', 'Computing…');
    showCancel(true);
    let result;
    try {
      result = await client.simulate(request);
    } catch (error) {
      if (ticket !== issued) return;  // an older request's error is moot: the newer one reports its own
      showCancel(false);
      if (error.cancelled) {
        ui.results.classList.add('is-stale');
        setStatus('cancelled', 'Cancelled: the charts show the last finished run');
      } else {
        showFailure(request, error);
      }
      return;
    }
    if (result === null) return; // replaced by a newer request before it was sent
    if (ticket === issued) showCancel(false);

    remember(request);
    persist();
    // Older results are still shown as they arrive, so the charts follow a dragged slider;
    // but not one for a model or law the user has already left.
    if (choiceOf(request) !== controls.choice.id) return;
    // The charts first: drawing reads the layout, and a DOM change made before it would force the
    // browser to lay the whole page out again in the middle of the update.
    charts.show(result, catalog.laws.find((law) => law.id === request.law)?.state ?? [], comparison.overlays(request));
    shownRun = { result, request };
    controls.clearErrors();
    ui.formError.textContent = '';
    ui.results.classList.remove('is-stale');
    showSummary(result.summary, request);
    if (ticket === issued) setStatus('ready', 'Up to date');
  }

  /** Saves the values of a request the engine accepted. */
  function remember(request) {
    if (request.model !== undefined) {
      settings.overrides[request.model] = request.params;
      return;
    }
    const { start = 'rest', ...system } = request.system;
    settings.system = system;
    settings.start = { mode: start, kick: request.kick ?? 0 };
    settings.lawOverrides[request.law] = request.params;
    if (request.integrator === 'auto') delete settings.integrators[request.law];
    else settings.integrators[request.law] = request.integrator;
  }

  /** The engine refused the latest settings: say why, where, and keep the last good result on screen. */
  function showFailure(request, error) {
    controls.clearErrors();
    ui.formError.textContent = '';
    const { parameter } = error;
    const placed = controls.showError(parameter, error.message);
    if (placed) {
      // Save every other value the user set; for the refused one, keep the last good value.
      const keepGood = (values, good) => {
        const kept = { ...values };
        if (parameter in good) kept[parameter] = good[parameter];
        else delete kept[parameter];
        return kept;
      };
      if (placed === 'model') {
        settings.overrides[request.model] = keepGood(request.params, settings.overrides[request.model] ?? {});
      } else {
        // The integrator stays as it was saved; the other part keeps all of its values.
        const { start, ...system } = request.system;
        if (placed === 'system') settings.system = keepGood(system, settings.system);
        else settings.system = system;
        if (placed === 'law') settings.lawOverrides[request.law] = keepGood(request.params, settings.lawOverrides[request.law] ?? {});
        else settings.lawOverrides[request.law] = request.params;
      }
      persist();
    } else {
      ui.formError.textContent = error.message;
    }
    if (error.partial) {
      // A run that stopped early: the charts show it up to the stop, and the status says where.
      charts.show({ columns: error.partial, summary: {} }, [], comparison.overlays(request));
      shownRun = null;
      ui.results.classList.remove('is-stale');
      setStatus('error', `Stopped at t = ${formatQuantity(error.stoppedAt, 's')}: the charts show the run up to there`);
      return;
    }
    // Dim the results: they belong to earlier settings, not to what the controls show now.
    ui.results.classList.add('is-stale');
    setStatus('error', 'Not updated: see the message in the settings');
  }

  function showSummary(summary, request) {
    // Test hook: the browser test reads the resolved values from here.
    window.__lastSummary = summary;
    ui.resonance.textContent = formatResonance(summary);
    ui.regime.textContent = describeRegime(summary.regime);
    ui.regime.dataset.regime = summary.regime;
    const isLaw = request.law !== undefined;
    for (const readout of ui.lawReadouts) readout.hidden = !isLaw;
    const unitOf = (key) => columnsByKey[key]?.unit ?? '';
    if (!isLaw) {
      ui.runInfo.textContent = `${summary.integrator} · ${summary.steps.toLocaleString('en')} steps of `
        + `${formatQuantity(summary.dt, unitOf('t'))} · peak velocity ${formatQuantity(summary.peakVelocity, unitOf('v'))}`;
      return;
    }
    ui.period.textContent = summary.period > 0 ? formatQuantity(summary.period, unitOf('t'), PERIOD_DIGITS) : 'no limit cycle';
    // A preset with a closed form shows it beside the computed value.
    const closedForm = activePreset?.law === request.law ? activePreset?.expected?.period : undefined;
    if (closedForm !== undefined) ui.period.append(detail(`closed form ${formatQuantity(closedForm, unitOf('t'), PERIOD_DIGITS)}`));
    ui.peakVelocity.textContent = formatQuantity(summary.peakVelocity, unitOf('v'));
    // The engine reports the residual relative to the drive work; the absolute value is shown beside it.
    ui.energyResidual.replaceChildren(`${formatQuantity(summary.energyResidual, '', 2)} of the drive work`,
      detail(formatQuantity(summary.energyResidual * Math.abs(summary.driveWork), ENERGY_UNIT, 1)));
    ui.energyResidual.title = `Drive work ${formatQuantity(summary.driveWork, ENERGY_UNIT)} = kinetic + spring energy change`
      + ` + friction dissipation ${formatQuantity(summary.dissipated, ENERGY_UNIT)} + dashpot dissipation`
      + ` ${formatQuantity(summary.dashpotDissipated, ENERGY_UNIT)} + residual`;
    const integrator = catalog.integrators.find((candidate) => candidate.id === summary.integrator);
    const rejected = summary.rejectedSteps > 0 ? ` (${summary.rejectedSteps.toLocaleString('en')} rejected)` : '';
    ui.integratorUsed.replaceChildren(integrator?.name ?? summary.integrator,
      detail(`${summary.steps.toLocaleString('en')} steps${rejected}`));
    const force = unitOf('friction');
    const events = summary.events ?? [];
    const count = (kind) => events.filter((event) => event.kind === kind).length;
    const info = `${count('break-away')} break-aways, ${count('stick')} sticks, ${count('reversal')} reversals · `
      + `drive force ${formatQuantity(summary.driveForceMin, force)} to ${formatQuantity(summary.driveForceMax, force)} · `
      + `static limit ${formatQuantity(summary.staticLimit, force)} · friction dissipated ${formatQuantity(summary.dissipated, ENERGY_UNIT)}`;
    // The engine's warnings (e.g. a fixed step beyond the law's stability limit) stand out beside it.
    const warnings = (summary.warnings ?? []).map((text) => {
      const warning = document.createElement('strong');
      warning.className = 'run-warning';
      warning.textContent = `Warning: ${text}`;
      return warning;
    });
    ui.runInfo.replaceChildren(info, ...warnings);
  }

  ui.controls.select.addEventListener('change', () => {
    settings.model = ui.controls.select.value;
    persist();
    controls.select(settings.model, settings);
    recompute();
  });
  ui.controls.reset.addEventListener('click', () => {
    const { kind, id } = controls.choice;
    if (kind === 'model') {
      settings.overrides[id] = {};
    } else {
      settings.system = {};
      settings.start = { mode: 'rest', kick: 0 };
      settings.lawOverrides[id] = {};
      delete settings.integrators[id];
    }
    persist();
    controls.select(id, settings);
    recompute();
  });
  ui.showPosition.checked = settings.charts.position;
  ui.phaseX.value = settings.charts.phaseX;
  for (const input of [ui.showPosition, ui.phaseX]) {
    input.addEventListener('change', () => {
      settings.charts = { position: ui.showPosition.checked, phaseX: ui.phaseX.value };
      persist();
      charts.setOptions(settings.charts);
    });
  }

  controls.select(settings.model, settings);
  applyEmbed();
  recompute();
  if (settings.compare.length > 0 && !embed) comparison.load(settings.compare);

  // The law explorer and the presliding view are built the first time they are shown, so a visitor
  // who never opens them pays nothing.
  let explorerStarted = false;
  let presliding = null;
  let mapView = null;
  function showView(view) {
    if (view === 'explorer' && !explorerStarted) {
      explorerStarted = true;
      startExplorer();
    }
    if (view === 'presliding' && !presliding) {
      presliding = new PreslidingView(ui.presliding, catalog, client, settings.presliding, persist, endPreset);
      presliding.recompute();
    }
    if (view === 'map' && !mapView) {
      mapView = new MapView(ui.map, catalog, settings.map, persist, openRun);
      window.__mapView = mapView;  // the benchmark and tests read its worker count
    }
  }
  const views = new ViewSwitch(ui.viewSwitch, (view) => {
    settings.view = view;
    persist();
    showView(view);
  });
  // An engine without laws has nothing to explore; without dynamic laws, no presliding.
  ui.viewSwitch.hidden = catalog.laws.length === 0;
  byId('tab-presliding').hidden = !catalog.presliding || !catalog.laws.some((law) => law.can?.dynamic);
  // An embedded page shows the spring-block view.
  views.show(embed ? 'spring' : settings.view);
  showView(embed ? 'spring' : settings.view);

  // Presets: named scenarios from the engine (engine.presets()), applied to the settings as if the
  // user had set every value, then run.
  ui.preset.append(...catalog.presets.map((preset) => new Option(preset.name, preset.id)));
  ui.preset.parentElement.hidden = catalog.presets.length === 0;
  ui.preset.addEventListener('change', () => {
    const preset = catalog.presets.find((candidate) => candidate.id === ui.preset.value);
    if (preset) applyPreset(preset);
  });

  function applyPreset(preset) {
    if (preset.view === 'presliding') {
      settings.presliding = { law: preset.law, overrides: { ...settings.presliding.overrides, [preset.law]: preset.params },
        protocol: preset.protocol };
    } else {
      loadRun(preset);
    }
    settings.view = preset.view;
    persist();
    activePreset = preset;
    ui.preset.value = preset.id;
    ui.presetNote.textContent = preset.look;
    ui.presetNote.hidden = false;
    views.show(preset.view);
    if (preset.view === 'presliding') {
      if (presliding) presliding.load(settings.presliding);
      else showView('presliding');
    } else {
      controls.select(settings.model, settings);
      recompute();
    }
  }

  /** Puts a run ({model, params} or {law, params, system, integrator, kick}) into the spring-block settings. */
  function loadRun(run) {
    if (run.model !== undefined) {
      settings.model = run.model;
      settings.overrides[run.model] = run.params;
      return;
    }
    const { start = 'rest', ...system } = run.system ?? {};
    settings.model = run.law;
    settings.lawOverrides[run.law] = run.params;
    settings.system = system;
    settings.start = { mode: start, kick: run.kick ?? 0 };
    if ((run.integrator ?? 'auto') === 'auto') delete settings.integrators[run.law];
    else settings.integrators[run.law] = run.integrator;
  }

  /** Opens a map cell's run in the spring-block view. */
  function openRun(run) {
    loadRun(run);
    settings.view = 'spring';
    persist();
    endPreset();
    views.show('spring');
    controls.select(settings.model, settings);
    recompute();
    ui.controls.select.focus();
  }

  function startExplorer() {
    const ex = ui.explorer;
    const chart = new LawChartView(ex.chart);
    const inputs = new ExplorerInputs(ex.inputs, (key) => (key === 'quantity' ? changeQuantity() : recomputeCurves()));
    const cards = new LawCards(
      { list: ex.cards, addSelect: ex.addSelect, addButton: ex.addButton, addNote: ex.addNote }, catalog.laws, recomputeCurves);
    inputs.set(settings.explorer);
    cards.render(settings.explorer.laws, settings.explorer.overrides);
    let curvesIssued = 0;
    /** The last good curves and what they were computed for; redrawn when only the quantity changes. */
    let shown = null;

    async function recomputeCurves() {
      const ticket = ++curvesIssued;
      const values = inputs.values;
      const { vMin, vMax } = values.ranges[values.scale];
      const options = { vMin, vMax, count: CURVE_POINTS, scale: values.scale, N: values.N, p: values.p };
      if (values.theta !== null) options.theta = values.theta; // left out: each law's steady state
      const request = { laws: cards.selection, values, options };
      let curves = [];
      if (request.laws.length > 0) {
        setStatus('computing', 'Computing…', ex.status);
        try {
          curves = await client.curves(request.laws.map((law) => ({ law: law.id, params: law.params, options })));
        } catch (error) {
          if (ticket === curvesIssued) showCurvesFailure(request, error);
          return;
        }
        if (curves === null) return; // replaced by a newer request before it was sent
      }
      settings.explorer = explorerSettings(request);
      persist();
      // Older results are shown as they arrive (each is drawn with its own laws and range), so the
      // chart follows a dragged slider.
      cards.clearErrors();
      inputs.clearErrors();
      ex.error.textContent = '';
      ex.results.classList.remove('is-stale');
      shown = { laws: request.laws, curves, scale: values.scale, vMin, vMax };
      draw();
      if (ticket === curvesIssued) {
        setStatus('ready', request.laws.length > 0 ? 'Up to date' : 'No law chosen', ex.status);
      }
    }

    /** What settings.js saves for the explorer, from a request and the values kept for other laws. */
    function explorerSettings({ laws, values }) {
      const overrides = { ...settings.explorer.overrides };
      for (const law of laws) overrides[law.id] = law.params;
      return {
        laws: laws.map((law) => law.id), overrides, quantity: inputs.values.quantity,
        scale: values.scale, ranges: values.ranges, N: values.N, p: values.p, theta: values.theta,
      };
    }

    /**
     * The engine refused the latest request: say why beside the control that caused it (a law's
     * parameter on its card, or an evaluation input), and keep the last good curves on screen.
     */
    function showCurvesFailure(request, error) {
      cards.clearErrors();
      inputs.clearErrors();
      ex.error.textContent = '';
      const { parameter, message } = error;
      const law = error.index === undefined ? undefined : request.laws[error.index];
      const good = settings.explorer;
      const next = explorerSettings(request);
      let placed = true;
      if (law && cards.hasParam(law.id, parameter)) {
        cards.showError(law.id, parameter, message);
        // Save everything else the user set; this law keeps its last good values, all of them,
        // because a refusal can come from two parameters together (vel and frn of unequal length).
        next.overrides[law.id] = good.overrides[law.id] ?? {};
      } else if (inputs.showError(parameter, message)) {
        if (parameter === 'vMin' || parameter === 'vMax') next.ranges[request.values.scale] = good.ranges[request.values.scale];
        else next[parameter] = good[parameter];
      } else if (law) {
        cards.showError(law.id, undefined, message);
        placed = false;
      } else {
        ex.error.textContent = message;
        placed = false;
      }
      if (placed) {
        settings.explorer = next;
        persist();
      }
      ex.results.classList.add('is-stale');
      setStatus('error', 'Not updated: see the message beside the control', ex.status);
    }

    function changeQuantity() {
      settings.explorer.quantity = inputs.values.quantity;
      persist();
      if (shown) draw();
    }

    function draw() {
      const quantity = inputs.values.quantity;
      ex.caption.textContent = quantity === 'mu' ? 'Friction coefficient μ(v)' : 'Friction force F(v)';
      const empty = chart.show({ ...shown, quantity });
      ex.note.textContent = empty.map((index) => {
        const law = catalog.laws.find((candidate) => candidate.id === shown.laws[index].id);
        return quantity === 'mu' && !law.can?.coefficient
          ? `${law.name} has no friction coefficient: choose F(v) to see its force.`
          : `${law.name} gives no finite value over this range with these inputs.`;
      }).join(' ');
    }

    recomputeCurves();
  }
}

start().catch((error) => {
  ui.formError.textContent = `Friction Lab could not start: ${error.message}`;
  setStatus('error', 'Could not start');
});
