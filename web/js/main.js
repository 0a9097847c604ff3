// Wiring only: the engine's worker and catalog, the saved settings, the four views, the view
// switch, presets, the share link and embed mode. Each view (views/) owns its DOM, its slice of the
// settings and its recompute; physics runs in the engine (engine/sim-worker.js).

import { SimClient } from './engine/sim-client.js';
import { hasPresliding } from './state/defaults.js';
import { loadSettings } from './state/settings.js';
import { Store } from './state/store.js';
import { expose } from './test-hooks.js';
import { ViewSwitch } from './ui/view-switch.js';
import { springElements } from './views/elements.js';
import { SpringView } from './views/spring-view.js';
import { embedOptions } from './state/embed.js';
import { wireCopyLink } from './ui/share.js';
import { setHidden, setText, showNotice } from './ui/dom.js';

const byId = (id) => document.getElementById(id);

async function start() {
  const embed = embedOptions(location.search);
  if (embed.on) document.body.classList.add('embed');
  const client = new SimClient();
  const catalog = await client.init();
  byId('engine-version').textContent = ` (engine version ${catalog.version})`;
  const { settings, notice } = loadSettings(catalog.models, catalog.laws, {
    system: catalog.system,
    integrators: catalog.integrators,
    presliding: catalog.presliding,
    useSaved: !embed.on,
  });
  if (notice) showNotice(notice);
  const store = new Store(settings, { embed: embed.on, notify: showNotice });
  wireCopyLink(store, {
    button: byId('copy-link'),
    status: byId('copy-link-status'),
    text: byId('link-text'),
  });
  new Page(catalog, client, store, settings).start(embed);
}

/** The views and what links them: the view switch, presets, and a map cell opened as a run. */
class Page {
  #catalog;
  #client;
  #store;
  #settings;
  #spring;
  #views;
  #presetUi = { select: byId('preset'), note: byId('preset-note') };
  /** The views built so far, each a promise of it (views/ other than the spring-block's). */
  #built = {};

  constructor(catalog, client, store, settings) {
    this.#catalog = catalog;
    this.#client = client;
    this.#store = store;
    this.#settings = settings;
  }

  start(embed) {
    this.#spring = new SpringView(springElements(), this.#catalog, this.#client, this.#store);
    this.#spring.onUserChange = () => this.#endPreset();
    this.#spring.start(embed.on);
    this.#wireEquations();
    if (embed.on)
      import('./state/embed-apply.js').then(({ applyEmbed }) => applyEmbed(embed, showNotice));
    this.#wireViewSwitch(embed);
    this.#wirePresets();
  }

  #endPreset() {
    this.#spring.preset = null;
    this.#presetUi.select.value = '';
    setHidden(this.#presetUi.note, true);
  }

  /**
   * "How it is computed": the current model's or law's equations, symbols and quirks, its module
   * loaded the first time it opens.
   */
  #wireEquations() {
    let equations;
    byId('show-equations').addEventListener('click', async (event) => {
      const opener = event.currentTarget;
      equations ??= import('./views/equations-view.js').then(
        ({ EquationsPanel }) =>
          new EquationsPanel(byId('equations-dialog'), this.#catalog, () => this.#spring.choice),
      );
      (await equations).open(opener);
    });
  }

  #wireViewSwitch(embed) {
    const catalog = this.#catalog;
    this.#views = new ViewSwitch(byId('view-switch'), (view) => {
      this.#settings.view = view;
      this.#store.persist();
      this.#showView(view);
    });
    // An engine without laws has nothing to explore; without dynamic laws, no presliding.
    byId('view-switch').hidden = catalog.laws.length === 0;
    byId('tab-presliding').hidden = !catalog.presliding || !catalog.laws.some(hasPresliding);
    // An embedded page shows the spring-block view.
    const firstView = embed.on ? 'spring' : this.#settings.view;
    this.#views.show(firstView);
    this.#showView(firstView);
  }

  /** The view, built on first use (a promise of it); undefined for the spring-block view. */
  #showView(view) {
    if (!Object.hasOwn(VIEW_BUILDERS, view)) return undefined;
    this.#built[view] ??= VIEW_BUILDERS[view](this.#viewContext())
      .then((shown) => {
        if (view === 'map')
          expose('mapView', shown); // the benchmark and tests read its worker count
        else shown.recompute();
        return shown;
      })
      .catch((error) => {
        delete this.#built[view]; // a failed download may be retried by showing the view again
        showNotice(`The ${view} view could not be loaded: ${error.message}`);
      });
    return this.#built[view];
  }

  /** What the lazily built views are given. */
  #viewContext() {
    return {
      catalog: this.#catalog,
      client: this.#client,
      store: this.#store,
      settings: this.#settings,
      endPreset: () => this.#endPreset(),
      openRun: (run) => this.#openRun(run),
    };
  }

  /**
   * Presets: named scenarios from the engine (engine.presets()), applied to the settings as if the
   * user had set every value, then run.
   */
  #wirePresets() {
    const { presets } = this.#catalog;
    const select = this.#presetUi.select;
    select.append(...presets.map((preset) => new Option(preset.name, preset.id)));
    select.parentElement.hidden = presets.length === 0;
    select.addEventListener('change', () => {
      const preset = presets.find((candidate) => candidate.id === select.value);
      if (preset) this.#applyPreset(preset);
    });
  }

  #applyPreset(preset) {
    const settings = this.#settings;
    if (preset.view === 'presliding') {
      settings.presliding = {
        law: preset.law,
        overrides: { ...settings.presliding.overrides, [preset.law]: preset.params },
        protocol: preset.protocol,
      };
    } else {
      this.#store.loadRun(preset);
    }
    settings.view = preset.view;
    this.#store.persist();
    this.#spring.preset = preset;
    this.#presetUi.select.value = preset.id;
    setText(this.#presetUi.note, preset.look);
    setHidden(this.#presetUi.note, false);
    this.#views.show(preset.view);
    if (preset.view !== 'presliding') this.#spring.reload();
    else if (this.#built.presliding)
      this.#built.presliding.then((view) => view?.load(settings.presliding));
    else this.#showView('presliding');
  }

  /** Opens a map cell's run in the spring-block view. */
  #openRun(run) {
    this.#store.loadRun(run);
    this.#settings.view = 'spring';
    this.#store.persist();
    this.#endPreset();
    this.#views.show('spring');
    this.#spring.reload();
    this.#spring.focus();
  }
}

// The explorer, presliding, map and fit views are loaded and built the first time they are shown, so a
// visitor who never opens them neither downloads nor runs them (the page's start-up payload).
const elementsOfViews = () => import('./views/view-elements.js');
const VIEW_BUILDERS = {
  explorer: async ({ catalog, client, store }) => {
    const [{ ExplorerView, stylesReady }, { explorerElements }] = await Promise.all([
      import('./views/explorer-view.js'),
      elementsOfViews(),
    ]);
    await stylesReady;
    return new ExplorerView(explorerElements(), catalog, client, store);
  },
  presliding: async ({ catalog, client, store, settings, endPreset }) => {
    const [{ PreslidingView }, { preslidingElements }] = await Promise.all([
      import('./views/presliding-view.js'),
      elementsOfViews(),
    ]);
    return new PreslidingView(
      preslidingElements(),
      catalog,
      client,
      settings.presliding,
      () => store.persist(),
      endPreset,
    );
  },
  map: async ({ catalog, store, settings, openRun }) => {
    const [{ MapView, stylesReady }, { mapElements }] = await Promise.all([
      import('./views/map-view.js'),
      elementsOfViews(),
    ]);
    await stylesReady;
    return new MapView(mapElements(), catalog, settings.map, () => store.persist(), openRun);
  },
  fit: async ({ catalog, store, openRun }) => {
    const { FitView, stylesReady } = await import('./views/fit-view.js');
    await stylesReady;
    return new FitView(byId('view-fit'), catalog, store, openRun);
  },
};

start().catch((error) => {
  byId('form-error').textContent = `Friction Lab could not start: ${error.message}`;
  const status = byId('status');
  status.dataset.state = 'error';
  status.textContent = 'Could not start';
});
