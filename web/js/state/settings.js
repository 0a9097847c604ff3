// Remembers the page's settings across reloads, in localStorage, and reads them back from there and
// from a shared link (#state=…).
//
// Stored JSON (one object; a missing field takes its default, so settings saved before it still load).
// Each view keeps its scenario in the engine's own format (docs/reference/scenario.md: what
// engine.simulate() takes, as it is sent), beside the view's own options:
//   version     2 (settings without it are the first form, read by state/migrate.js, loaded on demand)
//   view        'spring' | 'explorer' | 'presliding' | 'map' | 'fit': the view shown
//   spring      the spring-block view: {
//     scenario  the run shown: {model, params} or {law, params, system: {m, Fn, c, eta, v0 (number or
//               [[t, v], …]), duration, start}, integrator, kick?, tolerance?, samples?, grid?, protocol?}
//     kept      {<modelId | lawId>: scenario}: each other model's and law's scenario as it was last
//               shown, brought back when it is chosen again (state/scenario.js says what carries over)
//     compare   [scenario, …]: the runs pinned for comparison (at most 4)
//     charts    {position: boolean (x on the relative chart), phaseX: 'spring' | 'x' (phase-portrait axis)}
//     speedUnit 'm/s' | 'mm/s' | 'µm/s' | 'nm/s': the unit the drive editor's speeds were typed in }
//   map         the stability-map view (checked when first shown: state/map-slice.js): the map's request {scenario, x, y} as engine.sweepCells takes it
//               (x, y: {target: 'params' | 'system', key, min, max, count (2 … 256), log: boolean}, or null
//               for the subject's default axes), and kept {<id>: scenario} as the spring-block's
//   presliding  the presliding view: {scenario: engine.runPresliding's request {law, params, protocol},
//               kept: {<lawId>: {law, params}}}
//   fit         the fit view: {law, free: [key], values: {key: number}, kind, compare, x, y, units: {x, y}, N,
//               starts, shown, data?: {name, text} (only while at most 2000 characters; all data are saved
//               on this device under a key of their own: views/fit-data.js)}. A record runs on the
//               spring-block's scenario; its free system values are "system.KEY" in free and values.
//   explorer    the law explorer (checked by the explorer when first shown: state/explorer-slice.js): {
//     laws: [<lawId>, …] (at most MAX_LAWS, no repeats), overrides: {<lawId>: {<paramKey>: number | number[]}},
//     quantity: 'mu' | 'force', scale: 'linear' | 'log',
//     ranges: {linear: {vMin, vMax}, log: {vMin, vMax}} [m/s] (each axis keeps its own range),
//     N [N], p [Pa], theta: null (θ at its steady state) | number }
// A scenario holds only values the user set; every other parameter follows the engine's default, so a
// new engine default reaches returning users. Whatever is stored is checked against the engine catalog
// on load: storage is user-editable and outlives engine versions, so a bad entry must never break the
// page.

import { hasPresliding } from './defaults.js';
import { linkState, readSettingsText } from './link.js';
import { isPlainObject } from './checks.js';
import {
  defaultPresliding,
  defaultSpring,
  loadPresliding,
  loadSpring,
  loadView,
} from './slices.js';

const STORAGE_KEY = 'friction-lab/settings/v1';
/** The form of the settings written now (settings without it are older: state/migrate.js). */
const VERSION = 2;

/**
 * Reads the saved settings and the link's and keeps only what the catalog still knows: an unknown
 * model falls back to the first (default) model; unknown models, laws and keys, values of the wrong
 * kind and non-finite numbers are dropped. Settings of an earlier form are migrated first.
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} models the engine catalog; models[0] is the default
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} [laws] the law catalog ([] if the engine has none)
 * @param {{system?: {params: {key: string}[]} | null, integrators?: {id: string}[], presliding?: object | null,
 *   useSaved?: boolean}} [spring] engine.system(), engine.integrators() and engine.presliding(); without a system,
 *   laws cannot drive the spring-block and a saved law choice is dropped. useSaved false: the link and the
 *   defaults only (an embedded page)
 * @returns {Promise<{settings: object, notice: string | null}>} notice: what to tell the user, if anything was dropped
 */
export async function loadSettings(
  models,
  laws = [],
  { system = null, integrators = [], presliding = null, useSaved = true } = {},
) {
  const catalog = {
    models,
    laws,
    // Without a system, laws cannot drive the spring-block: their saved runs are not kept.
    drivingLaws: system ? laws : [],
    dynamicLaws: presliding ? laws.filter(hasPresliding) : [],
    system,
    integrators,
    presliding,
  };
  const notices = [];
  const saved = await readSavedAndLinked(useSaved, catalog, notices);
  if (Object.keys(saved).length === 0)
    return { settings: defaultSettings(catalog), notice: notices.join(' ') || null };

  const { settings, reset } = checkSaved(saved, catalog);
  if (reset.size > 0)
    notices.push(
      `Some saved or linked settings no longer apply and were reset to their defaults: ${[...reset].join(', ')}.`,
    );
  return { settings, notice: notices.join(' ') || null };
}

/** Every setting at its default, for this catalog. */
export function defaultSettings(catalog) {
  const { models, dynamicLaws } = catalog;
  return {
    version: VERSION,
    view: 'spring',
    spring: defaultSpring(models),
    presliding: defaultPresliding(dynamicLaws),
  };
}

/** The fields a complete settings object has (what a link cut short may have lost). */
const FIELDS = ['view', 'spring', 'explorer', 'presliding', 'map'];

/**
 * The saved settings overlaid with the link's. Precedence: the link's state (location.hash), then
 * the saved settings, then the defaults. The link carries the whole state, so it wins field by
 * field (the spring-block view's fields one by one); saved fields fill in what an older link lacks.
 * Each source that cannot be read is reported (in `notices`) and left out.
 */
async function readSavedAndLinked(useSaved, catalog, notices) {
  let storedText = null;
  try {
    if (useSaved) storedText = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing saved
  }
  const saved = await readSource(storedText, 'saved', catalog, notices);
  const link = await readSource(
    linkState(globalThis.location?.hash ?? ''),
    'link',
    catalog,
    notices,
  );
  const merged = { ...saved, ...link };
  if (isPlainObject(saved.spring) && isPlainObject(link.spring))
    merged.spring = { ...saved.spring, ...link.spring };
  return merged;
}

/**
 * One source's settings object in the current form ({} if none or unreadable); `what` is 'saved' or
 * 'link'. Settings of the first form (no `version`) are migrated, once: they are written back in this
 * form at the next save.
 */
async function readSource(text, what, catalog, notices) {
  if (text === null) return {};
  const { value: read, cut } = readSettingsText(text);
  if (!isPlainObject(read) || Object.keys(read).length === 0) {
    notices.push(
      what === 'link'
        ? "The link's settings could not be read, so your own settings (or the defaults) are shown."
        : 'Your saved settings could not be read, so the defaults are shown.',
    );
    return {};
  }
  const value =
    read.version === VERSION ? read : (await import('./migrate.js')).migrateSettings(read, catalog);
  // A link cut short (a chat app's length limit, a partial copy) keeps every field it still holds.
  const lost = FIELDS.filter((key) => !(key in value));
  if (cut)
    notices.push(
      `${what === 'link' ? 'The link was' : 'Your saved settings were'} cut short: every setting still ` +
        `held was kept${lost.length > 0 ? `; these were reset: ${lost.join(', ')}` : ''}.`,
    );
  return value;
}

/** The saved settings checked against the catalog, and the names of the fields reset. */
function checkSaved(saved, catalog) {
  const settings = defaultSettings(catalog);
  const reset = new Set();
  if (saved.view !== undefined) {
    const view = loadView(saved.view, catalog, settings.view);
    settings.view = view.value;
    if (view.dropped) reset.add('view');
  }
  if (saved.spring !== undefined) settings.spring = loadSpring(saved.spring, catalog, reset);
  if (saved.presliding !== undefined) {
    const { settings: value, dropped } = loadPresliding(
      saved.presliding,
      catalog.dynamicLaws,
      catalog.presliding,
    );
    settings.presliding = value;
    if (dropped) reset.add('presliding');
  }
  // The explorer's, the map's and the fit view's slices are checked against the catalog when those
  // views are first shown (state/explorer-slice.js, state/map-slice.js, views/fit-settings.js): their
  // checks are loaded on demand, with the views.
  for (const field of ['explorer', 'map', 'fit'])
    if (saved[field] !== undefined) settings[field] = saved[field];
  return { settings, reset };
}

/**
 * Saves the settings. Returns false if the browser refuses (storage disabled or full);
 * the page keeps working, it just will not remember.
 * @param {object} settings
 */
export function saveSettings(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the saved settings (Reset all): the next load has the defaults. */
export function forgetSettings() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing saved to forget
  }
}
