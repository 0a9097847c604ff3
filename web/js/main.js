// Wiring only: settings -> form -> simulation worker -> charts and readouts.
// Physics lives in the engine (run by sim-worker.js); drawing lives in chart-view.js.

import { ChartView } from './chart-view.js';
import { describeRegime, formatQuantity, formatResonance } from './format.js';
import { ParamsForm, fillModelSelect } from './params-form.js';
import { loadSettings, saveSettings } from './settings.js';
import { SimClient } from './sim-client.js';

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
};

/** `state` is what tests wait on: loading | computing | ready | error. */
function setStatus(state, text) {
  ui.status.dataset.state = state;
  ui.status.textContent = text;
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
  const { settings, notice } = loadSettings(catalog.models);
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
}

start().catch((error) => {
  ui.formError.textContent = `Friction Lab could not start: ${error.message}`;
  setStatus('error', 'Could not start');
});
