// Remembers the page's settings across reloads, in localStorage.
//
// Stored JSON (one object; every field but `model` and `overrides` was added later, and a missing
// field takes its default, so settings saved before it still load):
//   model       what drives the spring-block: <modelId> (a seed model) or <lawId> (a catalog law run
//               on the spring-block system; only with an engine that has engine.system())
//   overrides   {<modelId>: {<paramKey>: number}}
//   system      {<systemParamKey>: number}: the spring-block system of law runs, shared by every law
//   lawOverrides {<lawId>: {<paramKey>: number | number[]}}: each law's values in the spring-block view
//               (apart from the explorer's, which compare laws at fixed inputs)
//   integrators {<lawId>: <integratorId>}: each law's integrator; missing means 'auto'
//   charts      {position: boolean (x on the relative chart), phaseX: 'spring' | 'x' (phase-portrait axis)}
//   view        'spring' | 'explorer' | 'presliding' | 'map' | 'fit': the view shown
//   compare     [request, …]: the runs pinned for comparison (at most 4), each {model, params} or
//               {law, params, system, integrator}
//   presliding  the presliding view: {law: <dynamic lawId>, overrides: {<lawId>: {<paramKey>: number}},
//               protocol: {<presliding paramKey>: number}}
//   start       the spring-block's start for law runs: {mode: 'rest' | 'steady', kick: number (fraction of v0)}
//   map         the stability-map view: {subject: <modelId | lawId>, overrides: {<id>: {<paramKey>: number}},
//               system: {<systemParamKey>: number}, start: 'rest' | 'steady', kick: number,
//               x, y: null (the subject's default axes) | {target: 'params' | 'system', key, min, max,
//               count (2 … 256), log: boolean}}
//   drive       the law runs' drive beyond a constant v0, in the scenario reader's keys: {system?: {v0: [[t, v], …],
//               start}, protocol?: {holds, slide, table, normalForce}, grid?, samples?} (a research preset's)
//   fit         the fit view: {law, free: [key], values: {key: number}, kind, compare, x, y, units: {x, y}, N,
//               starts, shown, data?: {name, text} (only while at most 2000 characters; all data are saved
//               on this device under a key of their own: views/fit-data.js)}
//   explorer    the law explorer: {
//     laws: [<lawId>, …] (at most MAX_LAWS, no repeats), overrides: {<lawId>: {<paramKey>: number | number[]}},
//     quantity: 'mu' | 'force', scale: 'linear' | 'log',
//     ranges: {linear: {vMin, vMax}, log: {vMin, vMax}} [m/s] (each axis keeps its own range),
//     N [N], p [Pa], theta: null (θ at its steady state) | number }
// Only values the user set are stored; every other parameter follows the engine's default, so a new
// engine default reaches returning users. Whatever is stored is checked against the engine catalog on
// load: storage is user-editable and outlives engine versions, so a bad entry must never break the page.

import { CHART_DEFAULTS, MAP_DEFAULTS, hasPresliding } from './defaults.js';
import { linkState, readSettingsText } from './link.js';
import {
  defaultExplorer,
  isPlainObject,
  keepKnownOverrides,
  keepKnownValues,
  loadCharts,
  loadCompare,
  loadExplorer,
  loadIntegrators,
  loadMap,
  loadPresliding,
  loadStart,
  loadView,
} from './slices.js';

const STORAGE_KEY = 'friction-lab/settings/v1';

/**
 * @typedef {{laws: string[], overrides: Record<string, Record<string, number | number[]>>,
 *   quantity: 'mu' | 'force', scale: 'linear' | 'log',
 *   ranges: Record<'linear' | 'log', {vMin: number, vMax: number}>, N: number, p: number, theta: number | null}} ExplorerSettings
 * @typedef {{model: string, overrides: Record<string, Record<string, number>>, view: 'spring' | 'explorer',
 *   explorer: ExplorerSettings, system: Record<string, number>, lawOverrides: Record<string, Record<string, number | number[]>>,
 *   integrators: Record<string, string>, charts: {position: boolean, phaseX: 'spring' | 'x'}}} Settings
 */

/**
 * Reads the saved settings and keeps only what the catalog still knows: an unknown model falls
 * back to the first (default) model; unknown models, laws and keys, values of the wrong kind and
 * non-finite numbers are dropped.
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} models the engine catalog; models[0] is the default
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} [laws] the law catalog ([] if the engine has none)
 * @param {{system?: {params: {key: string}[]} | null, integrators?: {id: string}[], presliding?: object | null,
 *   useSaved?: boolean}} [spring] engine.system(), engine.integrators() and engine.presliding(); without a system,
 *   laws cannot drive the spring-block and a saved law choice is dropped. useSaved false: the link and the
 *   defaults only (an embedded page)
 * @returns {{settings: Settings, notice: string | null}} notice: what to tell the user, if anything was dropped
 */
export function loadSettings(
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
  const saved = readSavedAndLinked(useSaved, Object.keys(defaultSettings(catalog)), notices);
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
function defaultSettings({ models, laws, drivingLaws, dynamicLaws, system }) {
  return {
    model: models[0].id,
    overrides: {},
    view: 'spring',
    explorer: defaultExplorer(laws),
    system: {},
    lawOverrides: {},
    integrators: {},
    charts: { ...CHART_DEFAULTS },
    presliding: { law: dynamicLaws[0]?.id ?? null, overrides: {}, protocol: {} },
    compare: [],
    start: { mode: 'rest', kick: 0 },
    map: loadMap(structuredClone(MAP_DEFAULTS), models, drivingLaws, system).settings,
  };
}

/**
 * The saved settings overlaid with the link's. Precedence: the link's state (location.hash), then
 * the saved settings, then the defaults. The link carries the whole state, so it wins field by
 * field; saved fields fill in what an older link lacks. Each source that cannot be read is reported
 * (in `notices`) and left out.
 */
function readSavedAndLinked(useSaved, expected, notices) {
  let storedText = null;
  try {
    if (useSaved) storedText = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing saved
  }
  return {
    ...readSource(storedText, 'saved', expected, notices),
    ...readSource(linkState(globalThis.location?.hash ?? ''), 'link', expected, notices),
  };
}

/** One source's settings object ({} if none or unreadable); `what` is 'saved' or 'link'. */
function readSource(text, what, expected, notices) {
  if (text === null) return {};
  const { value, cut } = readSettingsText(text);
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    // A link cut short (a chat app's length limit, a partial copy) keeps every field it still holds.
    const lost = expected.filter((key) => !(key in value));
    if (cut)
      notices.push(
        `${what === 'link' ? 'The link was' : 'Your saved settings were'} cut short: every setting still ` +
          `held was kept${lost.length > 0 ? `; these were reset: ${lost.join(', ')}` : ''}.`,
      );
    return value;
  }
  notices.push(
    what === 'link'
      ? "The link's settings could not be read, so your own settings (or the defaults) are shown."
      : 'Your saved settings could not be read, so the defaults are shown.',
  );
  return {};
}

/**
 * The checks of the saved fields, in the order the notice names the fields it reset. Each takes
 * the saved field (never undefined), the catalog and the field's default, and returns
 * {value, dropped}: what is kept, and whether anything was dropped.
 */
const FIELD_CHECKS = {
  overrides: (saved, { models }) => keptAsValue(keepKnownOverrides(saved, models)),
  view: loadView,
  explorer: (saved, { laws }) => settingsAsValue(loadExplorer(saved, laws)),
  system: (saved, { system }) => keptAsValue(keepKnownValues(saved, system)),
  lawOverrides: (saved, { drivingLaws }) => keptAsValue(keepKnownOverrides(saved, drivingLaws)),
  integrators: loadIntegrators,
  charts: loadCharts,
  compare: (saved, { models, drivingLaws, system, integrators }) => {
    const kept = loadCompare(saved, models, drivingLaws, system, integrators);
    return { value: kept.requests, dropped: kept.dropped };
  },
  presliding: (saved, { dynamicLaws, presliding }) =>
    settingsAsValue(loadPresliding(saved, dynamicLaws, presliding)),
  start: loadStart,
  map: (saved, { models, drivingLaws, system }) =>
    settingsAsValue(loadMap(saved, models, drivingLaws, system)),
};

const keptAsValue = ({ kept, dropped }) => ({ value: kept, dropped });
const settingsAsValue = ({ settings, dropped }) => ({ value: settings, dropped });

/** The saved settings checked against the catalog, and the names of the fields reset. */
function checkSaved(saved, catalog) {
  const settings = defaultSettings(catalog);
  const reset = new Set();
  const { models, drivingLaws } = catalog;
  // The model is checked even when missing: a saved object without one reports it reset.
  if (
    models.some((model) => model.id === saved.model) ||
    drivingLaws.some((law) => law.id === saved.model)
  ) {
    settings.model = saved.model;
  } else {
    reset.add('model');
  }
  for (const [field, check] of Object.entries(FIELD_CHECKS)) {
    if (saved[field] === undefined) continue;
    const { value, dropped } = check(saved[field], catalog, settings[field]);
    settings[field] = value;
    if (dropped) reset.add(field);
  }
  // The fit view's slice is checked against the catalog by the fit view itself (views/fit-view.js),
  // which is loaded on demand.
  if (saved.fit !== undefined) settings.fit = saved.fit;
  // The drive (a research preset's): the engine reads and checks it with each run (its messages name
  // protocol.holds[2] and so on), and the spring-block view offers to clear it.
  if (saved.drive !== null && typeof saved.drive === 'object') settings.drive = saved.drive;
  return { settings, reset };
}

/**
 * Saves the settings. Returns false if the browser refuses (storage disabled or full);
 * the page keeps working, it just will not remember.
 * @param {Settings} settings
 */
export function saveSettings(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    return true;
  } catch {
    return false;
  }
}
