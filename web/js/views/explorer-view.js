// The law explorer: μ(v) or F(v) of up to four catalog laws side by side. It owns the settings'
// explorer slice and its recompute (engine.lawCurve for each law, run in the worker). With the
// common coefficients on, every law's parameters that have a role in the engine's catalog are sent
// with the common values instead of the law's own (which stay saved for when the switch is off).

import { LawChartView } from '../charts/law-chart.js';
import { downloadChartPng, downloadText, lawCurvesToCsv } from '../ui/export.js';
import { drivenParams, ExplorerInputs } from './explorer-inputs.js';
import { LawCards } from './law-cards.js';
import { loadStylesheet } from '../ui/dom.js';

/** The view's stylesheet, on demand like the view (main.js waits for it before building the view). */
export const stylesReady = loadStylesheet('explorer.css');

// Points per law curve: on the default ±0.2 m/s axis one every 0.5 mm/s, plus v = 0 itself.
const CURVE_POINTS = 801;

export class ExplorerView {
  #ui;
  #catalog;
  #client;
  #store;
  #chart;
  #inputs;
  #cards;
  #issued = 0;
  /** The last good curves and what they were computed for; redrawn when only the quantity changes. */
  #shown = null;
  #exportCsv;

  /**
   * @param {{error, cards, addSelect, addButton, addNote, results, status, inputs, caption, chart, note,
   *   exportPng, exportCsv?}} ui exportCsv defaults to #export-csv-laws
   * @param {object} catalog the engine's catalog
   * @param {import('../engine/sim-client.js').SimClient} client
   * @param {import('../state/store.js').Store} store
   */
  constructor(ui, catalog, client, store) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#client = client;
    this.#store = store;
    this.#chart = new LawChartView(ui.chart);
    this.#inputs = new ExplorerInputs(ui.inputs, (key) =>
      key === 'quantity' ? this.#changeQuantity() : this.recompute(),
    );
    this.#cards = new LawCards(
      { list: ui.cards, addSelect: ui.addSelect, addButton: ui.addButton, addNote: ui.addNote },
      catalog.laws,
      () => this.recompute(),
    );
    this.#inputs.set(store.settings.explorer);
    this.#cards.render(store.settings.explorer.laws, store.settings.explorer.overrides);
    ui.exportPng.addEventListener('click', () =>
      downloadChartPng(ui.chart, 'friction-lab-laws.png'),
    );
    this.#exportCsv = ui.exportCsv ?? document.getElementById('export-csv-laws');
    this.#exportCsv?.addEventListener('click', () => this.#downloadCsv());
    // The panel's height, for styles.css: a panel taller than the window sticks by its bottom (the chart).
    const results = ui.results;
    new ResizeObserver(() =>
      results.style.setProperty('--results-height', `${results.offsetHeight}px`),
    ).observe(results);
  }

  #lawOf(id) {
    return this.#catalog.laws.find((law) => law.id === id);
  }

  #setStatus(state, text) {
    this.#ui.status.dataset.state = state;
    this.#ui.status.textContent = text;
  }

  async recompute() {
    const ticket = ++this.#issued;
    const values = this.#inputs.values;
    const { vMin, vMax } = values.ranges[values.scale];
    const options = {
      vMin,
      vMax,
      count: CURVE_POINTS,
      scale: values.scale,
      N: values.N,
      p: values.p,
    };
    if (values.theta !== null) options.theta = values.theta; // left out: each law's steady state
    const selection = this.#cards.selection;
    // The common coefficients: which parameters they drive, by law; the cards show them as driven.
    const driven = {};
    if (values.common.on) {
      for (const law of selection)
        driven[law.id] = drivenParams(this.#lawOf(law.id), values.common, values.N);
    }
    this.#cards.drive(driven);
    this.#inputs.showUnmapped(selection.map((law) => this.#lawOf(law.id)));
    // `params` stays what the user set (saved); `sent` is what the engine computes with.
    const laws = selection.map((law) => ({
      ...law,
      sent: {
        ...law.params,
        ...Object.fromEntries(
          Object.entries(driven[law.id] ?? {}).map(([key, d]) => [key, d.value]),
        ),
      },
    }));
    const request = { laws, values, options, driven };
    let curves = [];
    if (request.laws.length > 0) {
      this.#setStatus('computing', 'Computing…');
      try {
        curves = await this.#client.curves(
          request.laws.map((law) => ({ law: law.id, params: law.sent, options })),
        );
      } catch (error) {
        if (ticket === this.#issued) this.#showFailure(request, error);
        return;
      }
      if (curves === null) return; // replaced by a newer request before it was sent
    }
    this.#store.settings.explorer = this.#settingsOf(request);
    this.#store.persist();
    // Older results are shown as they arrive (each is drawn with its own laws and range), so the
    // chart follows a dragged slider.
    this.#clearErrors();
    this.#ui.results.classList.remove('is-stale');
    this.#shown = { laws: request.laws, curves, scale: values.scale, vMin, vMax, values, driven };
    this.#draw();
    if (ticket === this.#issued)
      this.#setStatus('ready', request.laws.length > 0 ? 'Up to date' : 'No law chosen');
  }

  #clearErrors() {
    this.#cards.clearErrors();
    this.#inputs.clearErrors();
    this.#ui.error.textContent = '';
  }

  /** What settings.js saves for the explorer, from a request and the values kept for other laws. */
  #settingsOf({ laws, values }) {
    const overrides = { ...this.#store.settings.explorer.overrides };
    for (const law of laws) overrides[law.id] = law.params;
    return {
      laws: laws.map((law) => law.id),
      overrides,
      quantity: this.#inputs.values.quantity,
      scale: values.scale,
      ranges: values.ranges,
      N: values.N,
      p: values.p,
      theta: values.theta,
      common: values.common,
    };
  }

  /**
   * The engine refused the latest request: say why beside the control that caused it (a law's
   * parameter on its card, or an evaluation input), and keep the last good curves on screen.
   */
  #showFailure(request, error) {
    this.#clearErrors();
    const { parameter, message } = error;
    const law = error.index === undefined ? undefined : request.laws[error.index];
    const good = this.#store.settings.explorer;
    const next = this.#settingsOf(request);
    let placed = true;
    const drivenBy = law ? request.driven[law.id]?.[parameter] : undefined;
    if (
      drivenBy &&
      this.#inputs.showError(
        drivenBy.input,
        `${law.name}, whose ${parameter} is ${drivenBy.from}: ${message}`,
      )
    ) {
      // A value the common coefficients set was refused: say so beside the common input, not on
      // the card, and save the last good common values (and N, for a force from μ·N).
      next.common = structuredClone(good.common);
      if (drivenBy.input === 'N') next.N = good.N;
    } else if (law && this.#cards.hasParam(law.id, parameter)) {
      this.#cards.showError(law.id, parameter, message);
      // Save everything else the user set; this law keeps its last good values, all of them,
      // because a refusal can come from two parameters together (vel and frn of unequal length).
      next.overrides[law.id] = good.overrides[law.id] ?? {};
    } else if (this.#inputs.showError(parameter, message)) {
      if (parameter === 'vMin' || parameter === 'vMax')
        next.ranges[request.values.scale] = good.ranges[request.values.scale];
      else next[parameter] = good[parameter];
    } else if (law) {
      this.#cards.showError(law.id, undefined, message);
      placed = false;
    } else {
      this.#ui.error.textContent = message;
      placed = false;
    }
    if (placed) {
      this.#store.settings.explorer = next;
      this.#store.persist();
    }
    this.#ui.results.classList.add('is-stale');
    this.#setStatus('error', 'Not updated: see the message beside the control');
  }

  #changeQuantity() {
    this.#store.settings.explorer.quantity = this.#inputs.values.quantity;
    this.#store.persist();
    if (this.#shown) this.#draw();
  }

  #draw() {
    const quantity = this.#inputs.values.quantity;
    this.#ui.caption.textContent =
      quantity === 'mu' ? 'Friction coefficient μ(v)' : 'Friction force F(v)';
    const empty = this.#chart.show({ ...this.#shown, quantity });
    if (this.#exportCsv) this.#exportCsv.disabled = this.#shown.laws.length === 0;
    this.#ui.note.textContent = empty
      .map((index) => {
        const law = this.#catalog.laws.find(
          (candidate) => candidate.id === this.#shown.laws[index].id,
        );
        return quantity === 'mu' && !law.can?.coefficient
          ? `${law.name} has no friction coefficient: choose F(v) to see its force.`
          : `${law.name} gives no finite value over this range with these inputs.`;
      })
      .join(' ');
  }

  /** Every curve on the chart as one CSV file: what made each (law, parameters, inputs), then the columns. */
  #downloadCsv() {
    if (!this.#shown || this.#shown.laws.length === 0) return;
    const { laws, curves, values, driven, scale, vMin, vMax } = this.#shown;
    const text = lawCurvesToCsv(curves, {
      version: this.#catalog.version,
      laws: laws.map((law) => ({
        entry: this.#lawOf(law.id),
        params: law.sent,
        driven: driven[law.id] ?? {},
      })),
      inputs: {
        quantity: this.#inputs.values.quantity,
        scale,
        vMin,
        vMax,
        N: values.N,
        p: values.p,
        theta: values.theta,
      },
      common: values.common,
    });
    downloadText(text, 'friction-lab-laws.csv');
  }
}
