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
  loadCompare,
  loadExplorer,
  loadMap,
  loadPresliding,
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
  const dynamicLaws = presliding ? laws.filter(hasPresliding) : [];
  const fallback = () => ({
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
    map: loadMap(structuredClone(MAP_DEFAULTS), models, system ? laws : [], system).settings,
  });
  // Precedence: the link's state (location.hash), then the saved settings, then the defaults. The
  // link carries the whole state, so it wins field by field; saved fields fill in what an older link
  // lacks. Each source that cannot be read is reported and left out.
  const notices = [];
  const expected = Object.keys(fallback());
  const read = (text, what) => {
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
  };
  let storedText = null;
  try {
    if (useSaved) storedText = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing saved
  }
  const saved = {
    ...read(storedText, 'saved'),
    ...read(linkState(globalThis.location?.hash ?? ''), 'link'),
  };
  if (Object.keys(saved).length === 0)
    return { settings: fallback(), notice: notices.join(' ') || null };

  const reset = new Set();
  const settings = fallback();
  const drivingLaws = system ? laws : [];
  if (
    models.some((model) => model.id === saved.model) ||
    drivingLaws.some((law) => law.id === saved.model)
  ) {
    settings.model = saved.model;
  } else {
    reset.add('model');
  }
  const overrides = keepKnownOverrides(saved.overrides, models);
  settings.overrides = overrides.kept;
  if (overrides.dropped) reset.add('overrides');

  if (saved.view !== undefined) {
    if (
      saved.view === 'spring' ||
      saved.view === 'map' ||
      ((saved.view === 'explorer' || saved.view === 'fit') && laws.length > 0) ||
      (saved.view === 'presliding' && dynamicLaws.length > 0)
    )
      settings.view = saved.view;
    else reset.add('view');
  }
  if (saved.explorer !== undefined) {
    const explorer = loadExplorer(saved.explorer, laws);
    settings.explorer = explorer.settings;
    if (explorer.dropped) reset.add('explorer');
  }

  // The spring-block law runs. Without a system these fields cannot be checked: keep nothing.
  if (saved.system !== undefined) {
    const kept = keepKnownValues(saved.system, system);
    settings.system = kept.kept;
    if (kept.dropped) reset.add('system');
  }
  if (saved.lawOverrides !== undefined) {
    const kept = keepKnownOverrides(saved.lawOverrides, drivingLaws);
    settings.lawOverrides = kept.kept;
    if (kept.dropped) reset.add('lawOverrides');
  }
  if (saved.integrators !== undefined) {
    const valid = isPlainObject(saved.integrators) ? saved.integrators : {};
    if (valid !== saved.integrators) reset.add('integrators');
    for (const [id, integrator] of Object.entries(valid)) {
      if (
        drivingLaws.some((law) => law.id === id) &&
        integrators.some((candidate) => candidate.id === integrator)
      ) {
        settings.integrators[id] = integrator;
      } else {
        reset.add('integrators');
      }
    }
  }
  if (saved.charts !== undefined) {
    const charts = isPlainObject(saved.charts) ? saved.charts : {};
    if (charts !== saved.charts) reset.add('charts');
    if (typeof charts.position === 'boolean') settings.charts.position = charts.position;
    else if (charts.position !== undefined) reset.add('charts');
    if (charts.phaseX === 'spring' || charts.phaseX === 'x') settings.charts.phaseX = charts.phaseX;
    else if (charts.phaseX !== undefined) reset.add('charts');
  }

  if (saved.compare !== undefined) {
    const kept = loadCompare(saved.compare, models, drivingLaws, system, integrators);
    settings.compare = kept.requests;
    if (kept.dropped) reset.add('compare');
  }
  if (saved.presliding !== undefined) {
    const kept = loadPresliding(saved.presliding, dynamicLaws, presliding);
    settings.presliding = kept.settings;
    if (kept.dropped) reset.add('presliding');
  }

  if (saved.start !== undefined) {
    const start = isPlainObject(saved.start) ? saved.start : {};
    const mode = start.mode === 'rest' || start.mode === 'steady' ? start.mode : undefined;
    const kick = Number.isFinite(start.kick) ? start.kick : undefined;
    if (mode === undefined || kick === undefined) reset.add('start');
    settings.start = { mode: mode ?? 'rest', kick: kick ?? 0 };
  }
  // The fit view's slice is checked against the catalog by the fit view itself (views/fit-view.js),
  // which is loaded on demand.
  if (saved.fit !== undefined) settings.fit = saved.fit;
  // The drive (a research preset's): the engine reads and checks it with each run (its messages name
  // protocol.holds[2] and so on), and the spring-block view offers to clear it.
  if (saved.drive !== null && typeof saved.drive === 'object') settings.drive = saved.drive;
  if (saved.map !== undefined) {
    const kept = loadMap(saved.map, models, drivingLaws, system);
    settings.map = kept.settings;
    if (kept.dropped) reset.add('map');
  }

  if (reset.size > 0)
    notices.push(
      `Some saved or linked settings no longer apply and were reset to their defaults: ${[...reset].join(', ')}.`,
    );
  return { settings, notice: notices.join(' ') || null };
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
