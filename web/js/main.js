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
  const store = await loadStore(catalog, embed);

  // The preset's note shows on its own view only (presetUi.view: the view the preset set up).
  const presetUi = { select: byId('preset'), note: byId('preset-note'), view: null };
  const showPresetNote = (view) =>
    setHidden(presetUi.note, presetUi.view === null || presetUi.view !== view);
  const spring = new SpringView(springElements(), catalog, client, store, {
    autoplay: embed.autoplay,
    loop: embed.loop,
  });
  spring.onUserChange = endPreset;
  function endPreset() {
    spring.preset = null;
    presetUi.select.value = '';
    presetUi.view = null;
    setHidden(presetUi.note, true);
  }
  spring.start(embed.on);
  wireEquations(catalog, spring);
  if (embed.on)
    import('./state/embed-apply.js').then(({ applyEmbed }) => applyEmbed(embed, showNotice));

  const lazy = lazyViews(viewBuilders(catalog, client, store, endPreset, openRun));
  const views = wireViewSwitch(catalog, store, embed, (view) => {
    showPresetNote(view);
    return lazy.show(view);
  });
  const showView = (view) => {
    views.show(view);
    showPresetNote(view);
    return lazy.show(view);
  };
  const showPresliding = () =>
    lazy.built.presliding
      ? lazy.built.presliding.then((view) => view?.load(store.settings.presliding))
      : lazy.show('presliding');
  wirePresets(catalog.presets, presetUi.select, async (preset) => {
    presetUi.select.value = preset.id;
    setText(presetUi.note, preset.look);
    presetUi.view = preset.view;
    showPresetNote(preset.view);
    const { applyPreset } = await import('./state/presets.js');
    await applyPreset(preset, { store, spring, showView, showPresliding, endPreset });
  });
  if (!embed.on) wireResetAll(store);
  if (!embed.on) wireEmbedDialog(store, catalog);

  /** Opens a scenario (a map's cell, a fitted law) in the spring-block view. */
  async function openRun(scenario) {
    store.settings.view = 'spring';
    views.show('spring');
    (await spring.changes()).open(scenario);
    spring.focus();
  }
}

/** "Embed…": the code to paste for the shown run (ui/embed-dialog.js, loaded when first pressed). */
function wireEmbedDialog(store, catalog) {
  const opener = byId('embed-open');
  // Opened from a file (the single-file build), the page has no address another page could embed.
  if (location.protocol === 'file:') {
    opener.hidden = true;
    return;
  }
  opener.addEventListener('click', async () => {
    const { openEmbedDialog } = await import('./ui/embed-dialog.js');
    await openEmbedDialog({ store, catalog, opener });
  });
}

/** Reset all (beside Copy link), and the Undo of one just made; their module loads when needed. */
function wireResetAll(store) {
  const resetAll = () => import('./state/reset-all.js');
  byId('reset-all').addEventListener('click', async () => (await resetAll()).resetAll(store));
  try {
    if (sessionStorage.getItem('friction-lab/undo-reset-all') === null) return;
  } catch {
    return; // storage disabled: no Reset all to undo
  }
  resetAll().then((module) => module.offerUndo(store));
}

/** The settings (the link's, the saved ones, the defaults) and the store that keeps and shares them. */
async function loadStore(catalog, embed) {
  const { settings, notice } = await loadSettings(catalog.models, catalog.laws, {
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
  return store;
}

/**
 * "How it is computed": the current model's or law's equations, symbols and quirks, its module
 * loaded the first time it opens.
 */
function wireEquations(catalog, spring) {
  let equations;
  byId('show-equations').addEventListener('click', async (event) => {
    const opener = event.currentTarget;
    equations ??= import('./views/equations-view.js').then(
      ({ EquationsPanel }) =>
        new EquationsPanel(byId('equations-dialog'), catalog, () => spring.choice),
    );
    (await equations).open(opener);
  });
}

/**
 * The explorer, presliding, map and fit views are loaded and built the first time they are shown,
 * so a visitor who never opens them neither downloads nor runs them (the page's start-up payload).
 * Returns show(view): the view, built on first use (a promise of it), undefined for the
 * spring-block view; and `built`, the views built so far.
 */
function lazyViews(builders) {
  const built = {};
  const show = (view) => {
    if (!builders[view]) return undefined;
    built[view] ??= builders[view]()
      .then((shown) => {
        if (view === 'map')
          expose('mapView', shown); // the benchmark and tests read its worker count
        else shown.recompute();
        return shown;
      })
      .catch((error) => {
        delete built[view]; // a failed download may be retried by showing the view again
        showNotice(`The ${view} view could not be loaded: ${error.message}`);
      });
    return built[view];
  };
  return { show, built };
}

/**
 * A view's slice of the settings, checked against the catalog as the view is first built (its checks
 * load with it; an unknown entry is reported as settings.js reports those of the start-up slices).
 */
function checkSlice(store, field, { settings, dropped }) {
  store.settings[field] = settings;
  if (dropped)
    showNotice(
      `Some saved or linked settings no longer apply and were reset to their defaults: ${field}.`,
    );
}

/** Each view loaded on demand: its module and elements, then the view built on them. */
function viewBuilders(catalog, client, store, endPreset, openRun) {
  const elementsOfViews = () => import('./views/view-elements.js');
  return {
    explorer: async () => {
      const [{ ExplorerView, stylesReady }, { explorerElements }, { loadExplorer }] =
        await Promise.all([
          import('./views/explorer-view.js'),
          elementsOfViews(),
          import('./state/explorer-slice.js'),
        ]);
      checkSlice(store, 'explorer', loadExplorer(store.settings.explorer, catalog.laws));
      await stylesReady;
      return new ExplorerView(explorerElements(), catalog, client, store);
    },
    presliding: async () => {
      const [{ PreslidingView }, { preslidingElements }] = await Promise.all([
        import('./views/presliding-view.js'),
        elementsOfViews(),
      ]);
      return new PreslidingView(
        preslidingElements(),
        catalog,
        client,
        store.settings.presliding,
        () => store.persist(),
        endPreset,
      );
    },
    map: async () => {
      const [{ MapView, stylesReady }, { mapElements }, { loadMap }] = await Promise.all([
        import('./views/map-view.js'),
        elementsOfViews(),
        import('./state/map-slice.js'),
      ]);
      const drivingLaws = catalog.system ? catalog.laws : [];
      checkSlice(store, 'map', loadMap(store.settings.map, { ...catalog, drivingLaws }));
      await stylesReady;
      return new MapView(
        mapElements(),
        catalog,
        store.settings.map,
        () => store.persist(),
        openRun,
      );
    },
    fit: async () => {
      const { FitView, stylesReady } = await import('./views/fit-view.js');
      await stylesReady;
      return new FitView(byId('view-fit'), catalog, store, openRun);
    },
  };
}

/** The view switch, and the first view shown. */
function wireViewSwitch(catalog, store, embed, showView) {
  const views = new ViewSwitch(byId('view-switch'), (view) => {
    store.settings.view = view;
    store.persist();
    showView(view);
  });
  // An engine without laws has nothing to explore; without dynamic laws, no presliding.
  byId('view-switch').hidden = catalog.laws.length === 0;
  byId('tab-presliding').hidden = !catalog.presliding || !catalog.laws.some(hasPresliding);
  // An embedded page shows the spring-block view.
  const firstView = embed.on ? 'spring' : store.settings.view;
  views.show(firstView);
  showView(firstView);
  return views;
}

/**
 * Presets: named scenarios from the engine (engine.presets()), applied to the settings as if the
 * user had set every value, then run.
 */
function wirePresets(presets, select, applyPreset) {
  select.append(...presets.map((preset) => new Option(preset.name, preset.id)));
  select.parentElement.hidden = presets.length === 0;
  select.addEventListener('change', () => {
    const preset = presets.find((candidate) => candidate.id === select.value);
    if (preset) applyPreset(preset);
  });
}

start().catch((error) => {
  byId('form-error').textContent = `Friction Lab could not start: ${error.message}`;
  const status = byId('status');
  status.dataset.state = 'error';
  status.textContent = 'Could not start';
});
