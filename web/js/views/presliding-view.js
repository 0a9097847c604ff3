// The presliding view: a dynamic law (LuGre, Dahl, rate-and-state, elasto-plastic) pushed through
// the force protocol of Canudas de Wit et al. (1995, Fig. 2), plotted as applied force against
// displacement. The protocol's parameters and the law's come from the engine catalog
// (engine.presliding(), engine.laws()); the worker runs engine.runPresliding.

import { hasPresliding } from '../state/defaults.js';
import { expose } from '../test-hooks.js';
import { LoopChartView } from '../charts/loop-chart.js';
import { splitFieldPath } from '../engine/field-path.js';
import { downloadChartPng, downloadText, preslidingToCsv } from '../ui/export.js';
import { formatQuantity } from '../ui/format.js';
import { ParamsForm } from '../ui/params-form.js';

export class PreslidingView {
  #ui;
  #client;
  #laws;
  #settings;
  #onSettled;
  #protocolForm;
  #lawForm;
  #chart;
  #protocolSpec;
  #shown = null;
  #issued = 0;

  /**
   * @param {object} ui the view's elements (select, description, citation, error, protocol, params,
   *   results, status, info, chart)
   * @param {{laws: object[], presliding: {params: object[]}}} catalog
   * @param {{presliding: Function}} client the SimClient
   * @param {{scenario: {law: string, params: object, protocol: object}, kept: object}} settings
   *   settings.presliding: engine.runPresliding's request and each other law's values; updated in place
   *   when a run succeeds
   * @param {() => void} onSettled called after settings changed (to save them)
   * @param {() => void} [onEdit] called when the user changes a control (it ends a preset)
   */
  constructor(ui, catalog, client, settings, onSettled, onEdit = () => {}) {
    this.#ui = ui;
    this.#client = client;
    this.#laws = catalog.laws.filter(hasPresliding);
    this.#settings = settings;
    this.#onSettled = onSettled;
    this.#chart = new LoopChartView(ui.chart);
    const edited = () => {
      onEdit();
      this.recompute();
    };
    this.#protocolForm = new ParamsForm(ui.protocol, edited, { idPrefix: 'presliding-protocol-' });
    this.#lawForm = new ParamsForm(ui.params, edited, { idPrefix: 'presliding-law-' });
    ui.select.replaceChildren(...this.#laws.map((law) => new Option(law.name, law.id)));
    ui.select.value = settings.scenario.law;
    ui.select.addEventListener('change', () => {
      this.#showLaw(ui.select.value);
      edited();
    });
    this.#protocolSpec = catalog.presliding;
    this.#protocolForm.render(catalog.presliding, settings.scenario.protocol);
    this.#showLaw(settings.scenario.law);
    ui.exportCsv.addEventListener('click', () => {
      if (!this.#shown) return;
      const law = this.#laws.find((candidate) => candidate.id === this.#shown.summary.law);
      downloadText(
        preslidingToCsv(this.#shown, {
          version: catalog.version,
          law,
          protocol: catalog.presliding,
        }),
        `friction-lab-presliding-${law.id}.csv`,
      );
    });
    ui.exportPng.addEventListener('click', () =>
      downloadChartPng(ui.chart, 'friction-lab-presliding-loop.png'),
    );
  }

  /** Shows `settings` (a preset's or restored ones) and runs them. */
  load(settings) {
    this.#settings = settings;
    this.#protocolForm.render(this.#protocolSpec, settings.scenario.protocol);
    this.#showLaw(settings.scenario.law);
    this.recompute();
  }

  #showLaw(id) {
    const law = this.#laws.find((candidate) => candidate.id === id) ?? this.#laws[0];
    this.#ui.select.value = law.id;
    this.#ui.description.textContent = law.description;
    this.#ui.citation.textContent = law.citation;
    const { scenario, kept } = this.#settings;
    const params = scenario.law === law.id ? scenario.params : kept[law.id]?.params;
    this.#lawForm.render(law, params ?? {});
  }

  /** Runs the experiment for the current controls; a newer run supersedes an older one. */
  async recompute() {
    const ticket = ++this.#issued;
    const request = {
      law: this.#ui.select.value,
      params: this.#lawForm.overrides,
      protocol: this.#protocolForm.overrides,
    };
    this.#setStatus('computing', 'Computing…');
    let result;
    try {
      result = await this.#client.presliding(request);
    } catch (error) {
      if (ticket === this.#issued) this.#showFailure(error);
      return;
    }
    if (result === null) return; // replaced before it was sent
    this.#remember(request);
    this.#protocolForm.clearErrors();
    this.#lawForm.clearErrors();
    this.#ui.error.textContent = '';
    this.#ui.results.classList.remove('is-stale');
    const law = this.#laws.find((candidate) => candidate.id === request.law);
    expose('lastPresliding', result);
    this.#shown = result;
    this.#chart.show(result, law.name);
    this.#showInfo(result);
    if (ticket === this.#issued) this.#setStatus('ready', 'Up to date');
  }

  /** The request the engine ran is the view's scenario; the law it replaced keeps its values. */
  #remember(request) {
    const { scenario, kept } = this.#settings;
    if (scenario.law !== null && scenario.law !== request.law)
      kept[scenario.law] = { law: scenario.law, params: scenario.params };
    delete kept[request.law];
    this.#settings.scenario = request;
    this.#onSettled();
  }

  #showInfo({ columns, summary }) {
    const { x, applied } = columns;
    let lo = Infinity;
    let hi = -Infinity;
    for (const value of x) {
      lo = Math.min(lo, value);
      hi = Math.max(hi, value);
    }
    // Where the loop ends against where it first reached the top of the force: a drift.
    const firstTop = x[applied.findIndex((force) => force >= summary.protocol.amplitude)];
    this.#ui.info.textContent =
      `x from ${formatQuantity(lo, 'm')} to ${formatQuantity(hi, 'm')} · ` +
      `after the first ramp ${formatQuantity(firstTop, 'm')}, at the end ${formatQuantity(x.at(-1), 'm')} · ` +
      `${summary.steps.toLocaleString('en')} Rosenbrock steps`;
  }

  #showFailure(error) {
    // The engine names the value by its path: 'protocol.amplitude', 'params.sigma0'.
    const { section, key } = splitFieldPath(error.parameter);
    const shown =
      (section === 'protocol' && this.#protocolForm.showError(key, error.message)) ||
      (section === 'params' && this.#lawForm.showError(key, error.message));
    this.#ui.error.textContent = shown ? '' : error.message;
    this.#ui.results.classList.add('is-stale');
    this.#setStatus('error', 'Not updated: see the message beside the settings');
  }

  #setStatus(state, text) {
    this.#ui.status.dataset.state = state;
    this.#ui.status.textContent = text;
  }
}
