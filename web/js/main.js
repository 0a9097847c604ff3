// Wiring only: settings -> form -> simulation worker -> charts and readouts, for both views
// (the spring-block simulation and the law explorer) and the switch between them.
// Physics lives in the engine (run by sim-worker.js); drawing lives in chart-view.js.

import { ChartView, LawChartView } from './chart-view.js';
import { ExplorerInputs } from './explorer-inputs.js';
import { describeRegime, formatQuantity, formatResonance } from './format.js';
import { LawCards } from './law-cards.js';
import { ParamsForm, fillModelSelect } from './params-form.js';
import { loadSettings, saveSettings } from './settings.js';
import { SimClient } from './sim-client.js';
import { ViewSwitch } from './view-switch.js';

// Points per law curve: on the default ±0.2 m/s axis one every 0.5 mm/s, plus v = 0 itself.
const CURVE_POINTS = 801;

const byId = (id) => document.getElementById(id);
const ui = {
  model: byId('model'),
  description: byId('model-description'),
  citation: byId('model-citation'),
  notice: byId('notice'),
  formError: byId('form-error'),
  params: byId('params'),
  reset: byId('reset'),
  results: byId('results'),
  status: byId('status'),
  resonance: byId('resonance'),
  regime: byId('regime'),
  runInfo: byId('run-info'),
  version: byId('engine-version'),
  viewSwitch: byId('view-switch'),
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

function showNotice(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = false;
}

async function start() {
  const client = new SimClient();
  const catalog = await client.init();
  ui.version.textContent = ` (engine version ${catalog.version})`;
  const columnsByKey = Object.fromEntries(catalog.columns.map((column) => [column.key, column]));
  const charts = new ChartView({ relative: byId('chart-relative'), forces: byId('chart-forces') }, catalog.columns);
  const form = new ParamsForm(ui.params, recompute);

  // settings always holds what was last known to be good; it is what gets saved.
  const { settings, notice } = loadSettings(catalog.models, catalog.laws);
  if (notice) showNotice(notice);
  let model;
  let issued = 0; // counts requests, so a reply can tell whether a newer one exists
  let warnedAboutStorage = false;

  function persist() {
    if (!saveSettings(settings) && !warnedAboutStorage) {
      warnedAboutStorage = true;
      showNotice('This browser does not allow saving, so your settings will not be kept after a reload.');
    }
  }

  function selectModel(id) {
    model = catalog.models.find((candidate) => candidate.id === id);
    ui.model.value = id;
    ui.description.textContent = model.description;
    ui.citation.textContent = model.citation;
    form.render(model, settings.overrides[id] ?? {});
  }

  async function recompute() {
    const ticket = ++issued;
    const request = { model: model.id, params: form.overrides };
    setStatus('computing', 'Computing…');
    let result;
    try {
      result = await client.simulate(request);
    } catch (error) {
      // An older request's error is moot: the newer request will report its own outcome.
      if (ticket === issued) showFailure(request, error);
      return;
    }
    if (result === null) return; // replaced by a newer request before it was sent

    settings.overrides[request.model] = request.params;
    persist();
    // Older results are still shown as they arrive, so the charts follow a dragged slider;
    // but not one for a model the user has already left.
    if (request.model !== model.id) return;
    form.clearErrors();
    ui.formError.textContent = '';
    ui.results.classList.remove('is-stale');
    charts.show(result);
    showSummary(result.summary);
    if (ticket === issued) setStatus('ready', 'Up to date');
  }

  /** The engine refused the latest settings: say why, where, and keep the last good result on screen. */
  function showFailure(request, error) {
    form.clearErrors();
    ui.formError.textContent = '';
    const { parameter } = error;
    if (parameter !== undefined && form.showError(parameter, error.message)) {
      // Save every other value the user set; for the refused one, keep the last good value.
      const good = settings.overrides[request.model] ?? {};
      const kept = { ...request.params };
      if (parameter in good) kept[parameter] = good[parameter];
      else delete kept[parameter];
      settings.overrides[request.model] = kept;
      persist();
    } else {
      ui.formError.textContent = error.message;
    }
    // Dim the results: they belong to earlier settings, not to what the controls show now.
    ui.results.classList.add('is-stale');
    setStatus('error', 'Not updated: see the message in the settings');
  }

  function showSummary(summary) {
    // Test hook: the browser test reads the resolved values from here.
    window.__lastSummary = summary;
    ui.resonance.textContent = formatResonance(summary);
    ui.regime.textContent = describeRegime(summary.regime);
    ui.regime.dataset.regime = summary.regime;
    const velocityUnit = columnsByKey.v?.unit ?? '';
    ui.runInfo.textContent = `${summary.integrator} · ${summary.steps.toLocaleString('en')} steps of `
      + `${formatQuantity(summary.dt, columnsByKey.t?.unit ?? '')} · peak velocity `
      + formatQuantity(summary.peakVelocity, velocityUnit);
  }

  fillModelSelect(ui.model, catalog.models);
  ui.model.addEventListener('change', () => {
    settings.model = ui.model.value;
    persist();
    selectModel(settings.model);
    recompute();
  });
  ui.reset.addEventListener('click', () => {
    settings.overrides[model.id] = {};
    persist();
    form.render(model, {});
    recompute();
  });

  selectModel(settings.model);
  recompute();

  // The law explorer is built the first time it is shown, so a visitor who never opens it pays nothing.
  let explorerStarted = false;
  function showView(view) {
    if (view === 'explorer' && !explorerStarted) {
      explorerStarted = true;
      startExplorer();
    }
  }
  const views = new ViewSwitch(ui.viewSwitch, (view) => {
    settings.view = view;
    persist();
    showView(view);
  });
  // An engine without laws has nothing to explore.
  ui.viewSwitch.hidden = catalog.laws.length === 0;
  views.show(settings.view);
  showView(settings.view);

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
