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
//   view        'spring' | 'explorer' | 'presliding' | 'map': the view shown
//   compare     [request, …]: the runs pinned for comparison (at most 4), each {model, params} or
//               {law, params, system, integrator}
//   presliding  the presliding view: {law: <dynamic lawId>, overrides: {<lawId>: {<paramKey>: number}},
//               protocol: {<presliding paramKey>: number}}
//   start       the spring-block's start for law runs: {mode: 'rest' | 'steady', kick: number (fraction of v0)}
//   map         the stability-map view: {subject: <modelId | lawId>, overrides: {<id>: {<paramKey>: number}},
//               system: {<systemParamKey>: number}, start: 'rest' | 'steady', kick: number,
//               x, y: null (the subject's default axes) | {target: 'params' | 'system', key, min, max,
//               count (2 … 256), log: boolean}}
//   explorer    the law explorer: {
//     laws: [<lawId>, …] (at most MAX_LAWS, no repeats), overrides: {<lawId>: {<paramKey>: number | number[]}},
//     quantity: 'mu' | 'force', scale: 'linear' | 'log',
//     ranges: {linear: {vMin, vMax}, log: {vMin, vMax}} [m/s] (each axis keeps its own range),
//     N [N], p [Pa], theta: null (θ at its steady state) | number }
// Only values the user set are stored; every other parameter follows the engine's default, so a new
// engine default reaches returning users. Whatever is stored is checked against the engine catalog on
// load: storage is user-editable and outlives engine versions, so a bad entry must never break the page.

const STORAGE_KEY = 'friction-lab/settings/v1';

/** The most laws the explorer compares at once (one colour and dash each on the chart). */
export const MAX_LAWS = 4;

/**
 * The explorer's own inputs when nothing is saved. These are page settings, not engine parameters.
 * The linear range straddles v = 0, where the laws differ most; the log range reaches down to the
 * micrometre-per-second creep of Drake's stiction region.
 */
export const EXPLORER_DEFAULTS = Object.freeze({
  laws: ['coulomb', 'drake-stribeck'],
  quantity: 'mu',
  scale: 'linear',
  ranges: { linear: { vMin: -0.2, vMax: 0.2 }, log: { vMin: 1e-6, vMax: 1 } },
  N: 10,
  p: 0,
  theta: null,
});

/**
 * The stability map when nothing is saved: the seed model with a renewal length long enough that
 * steady sliding exists (D/τ = 0.5 m/s > v0), over the spring-dashpot plane, where its critical
 * damping E_c(c) crosses the map (physics-checks §3). Keys the catalog lacks are dropped on load.
 */
export const MAP_DEFAULTS = Object.freeze({
  subject: 'abbott-seed',
  overrides: { 'abbott-seed': { tau: 100, D: 50, tmax: 30 } },
  system: {},
  start: 'steady',
  kick: 0.01,
  x: { target: 'params', key: 'c', min: 2, max: 40, count: 32, log: false },
  y: { target: 'params', key: 'eta', min: 0.05, max: 1.2, count: 32, log: false },
});

/** The spring-block charts' options when nothing is saved. */
export const CHART_DEFAULTS = Object.freeze({ position: false, phaseX: 'spring' });

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
export function loadSettings(models, laws = [], { system = null, integrators = [], presliding = null, useSaved = true } = {}) {
  const dynamicLaws = presliding ? laws.filter((law) => law.can?.dynamic) : [];
  const fallback = () => ({
    model: models[0].id, overrides: {}, view: 'spring', explorer: defaultExplorer(laws),
    system: {}, lawOverrides: {}, integrators: {}, charts: { ...CHART_DEFAULTS },
    presliding: { law: dynamicLaws[0]?.id ?? null, overrides: {}, protocol: {} },
    compare: [],
    start: { mode: 'rest', kick: 0 },
    map: loadMap(structuredClone(MAP_DEFAULTS), models, system ? laws : [], system).settings,
  });
  // Precedence: the link's state (location.hash), then the saved settings, then the defaults. The
  // link carries the whole state, so it wins field by field; saved fields fill in what an older link
  // lacks. Each source that cannot be read is reported and left out.
  const notices = [];
  const read = (text, what) => {
    if (text === null) return {};
    try {
      const value = JSON.parse(text);
      if (isPlainObject(value)) return value;
    } catch {
      // reported below
    }
    notices.push(what === 'link' ? 'The link\'s settings could not be read, so your own settings (or the defaults) are shown.'
      : 'Your saved settings could not be read, so the defaults are shown.');
    return {};
  };
  let storedText = null;
  try {
    if (useSaved) storedText = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage disabled: nothing saved
  }
  const saved = { ...read(storedText, 'saved'), ...read(linkState(globalThis.location?.hash ?? ''), 'link') };
  if (Object.keys(saved).length === 0) return { settings: fallback(), notice: notices.join(' ') || null };

  let dropped = false;
  const settings = fallback();
  const drivingLaws = system ? laws : [];
  if (models.some((model) => model.id === saved.model) || drivingLaws.some((law) => law.id === saved.model)) {
    settings.model = saved.model;
  } else {
    dropped = true;
  }
  const overrides = keepKnownOverrides(saved.overrides, models);
  settings.overrides = overrides.kept;
  dropped ||= overrides.dropped;

  if (saved.view !== undefined) {
    if (saved.view === 'spring' || saved.view === 'map' || (saved.view === 'explorer' && laws.length > 0)
      || (saved.view === 'presliding' && dynamicLaws.length > 0)) settings.view = saved.view;
    else dropped = true;
  }
  if (saved.explorer !== undefined) {
    const explorer = loadExplorer(saved.explorer, laws);
    settings.explorer = explorer.settings;
    dropped ||= explorer.dropped;
  }

  // The spring-block law runs. Without a system these fields cannot be checked: keep nothing.
  if (saved.system !== undefined) {
    const kept = keepKnownValues(saved.system, system);
    settings.system = kept.kept;
    dropped ||= kept.dropped;
  }
  if (saved.lawOverrides !== undefined) {
    const kept = keepKnownOverrides(saved.lawOverrides, drivingLaws);
    settings.lawOverrides = kept.kept;
    dropped ||= kept.dropped;
  }
  if (saved.integrators !== undefined) {
    const valid = isPlainObject(saved.integrators) ? saved.integrators : {};
    dropped ||= valid !== saved.integrators;
    for (const [id, integrator] of Object.entries(valid)) {
      if (drivingLaws.some((law) => law.id === id) && integrators.some((candidate) => candidate.id === integrator)) {
        settings.integrators[id] = integrator;
      } else {
        dropped = true;
      }
    }
  }
  if (saved.charts !== undefined) {
    const charts = isPlainObject(saved.charts) ? saved.charts : {};
    dropped ||= charts !== saved.charts;
    if (typeof charts.position === 'boolean') settings.charts.position = charts.position;
    else if (charts.position !== undefined) dropped = true;
    if (charts.phaseX === 'spring' || charts.phaseX === 'x') settings.charts.phaseX = charts.phaseX;
    else if (charts.phaseX !== undefined) dropped = true;
  }

  if (saved.compare !== undefined) {
    const kept = loadCompare(saved.compare, models, drivingLaws, system, integrators);
    settings.compare = kept.requests;
    dropped ||= kept.dropped;
  }
  if (saved.presliding !== undefined) {
    const kept = loadPresliding(saved.presliding, dynamicLaws, presliding);
    settings.presliding = kept.settings;
    dropped ||= kept.dropped;
  }

  if (saved.start !== undefined) {
    const start = isPlainObject(saved.start) ? saved.start : {};
    const mode = start.mode === 'rest' || start.mode === 'steady' ? start.mode : undefined;
    const kick = Number.isFinite(start.kick) ? start.kick : undefined;
    dropped ||= mode === undefined || kick === undefined;
    settings.start = { mode: mode ?? 'rest', kick: kick ?? 0 };
  }
  if (saved.map !== undefined) {
    const kept = loadMap(saved.map, models, drivingLaws, system);
    settings.map = kept.settings;
    dropped ||= kept.dropped;
  }

  if (dropped) notices.push('Some saved or linked settings no longer apply and were reset to their defaults.');
  return { settings, notice: notices.join(' ') || null };
}

const LINK_PREFIX = '#state=';

/** The JSON text a location hash carries (#state=…), or null if it carries none. */
export function linkState(hash) {
  if (!hash.startsWith(LINK_PREFIX)) return null;
  try {
    return decodeURIComponent(hash.slice(LINK_PREFIX.length));
  } catch {
    return '';  // a malformed escape: reported as unreadable
  }
}

/** The hash that carries `settings`: what a shared link ends with. */
export function linkHash(settings) {
  return LINK_PREFIX + encodeURIComponent(JSON.stringify(settings));
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

/** The explorer's defaults, keeping only default laws this catalog has. */
function defaultExplorer(laws) {
  const known = EXPLORER_DEFAULTS.laws.filter((id) => laws.some((law) => law.id === id));
  return {
    ...structuredClone(EXPLORER_DEFAULTS),
    laws: known.length > 0 ? known : laws.slice(0, 2).map((law) => law.id),
    overrides: {},
  };
}

/** Validates a saved explorer object field by field; a bad field takes its default. */
function loadExplorer(saved, laws) {
  const settings = defaultExplorer(laws);
  if (!isPlainObject(saved)) return { settings, dropped: true };
  let dropped = false;

  if (saved.laws !== undefined) {
    if (Array.isArray(saved.laws)) {
      const ids = saved.laws.filter((id, index) => laws.some((law) => law.id === id) && saved.laws.indexOf(id) === index);
      dropped ||= ids.length !== saved.laws.length || ids.length > MAX_LAWS;
      settings.laws = ids.slice(0, MAX_LAWS);
    } else {
      dropped = true;
    }
  }
  const overrides = keepKnownOverrides(saved.overrides, laws);
  settings.overrides = overrides.kept;
  dropped ||= overrides.dropped;

  const choices = { quantity: ['mu', 'force'], scale: ['linear', 'log'] };
  for (const [key, allowed] of Object.entries(choices)) {
    if (saved[key] === undefined) continue;
    if (allowed.includes(saved[key])) settings[key] = saved[key];
    else dropped = true;
  }
  if (saved.ranges !== undefined) {
    for (const scale of ['linear', 'log']) {
      const range = isPlainObject(saved.ranges) ? saved.ranges[scale] : undefined;
      if (isPlainObject(range) && Number.isFinite(range.vMin) && Number.isFinite(range.vMax)) {
        settings.ranges[scale] = { vMin: range.vMin, vMax: range.vMax };
      } else {
        dropped = true;
      }
    }
  }
  for (const key of ['N', 'p']) {
    if (saved[key] === undefined) continue;
    if (Number.isFinite(saved[key])) settings[key] = saved[key];
    else dropped = true;
  }
  if (saved.theta !== undefined) {
    if (saved.theta === null || Number.isFinite(saved.theta)) settings.theta = saved.theta;
    else dropped = true;
  }
  return { settings, dropped };
}

/** Validates saved compare runs: known models and laws, known values, at most four. */
function loadCompare(saved, models, laws, system, integrators) {
  if (!Array.isArray(saved)) return { requests: [], dropped: true };
  const requests = [];
  let dropped = saved.length > 4;
  for (const item of saved.slice(0, 4)) {
    if (!isPlainObject(item)) {
      dropped = true;
      continue;
    }
    const entry = models.find((model) => model.id === item.model) ?? laws.find((law) => law.id === item.law);
    if (!entry) {
      dropped = true;
      continue;
    }
    const params = keepKnownValues(item.params ?? {}, entry);
    dropped ||= params.dropped;
    if (item.model !== undefined) {
      requests.push({ model: entry.id, params: params.kept });
      continue;
    }
    // A steady start travels in system.start, and its kick beside it (as engine.simulate takes them).
    const { start, ...numbers } = isPlainObject(item.system) ? item.system : {};
    const kept = keepKnownValues(numbers, system);
    dropped ||= kept.dropped || (start !== undefined && start !== 'steady' && start !== 'rest');
    const integrator = integrators.some((candidate) => candidate.id === item.integrator) ? item.integrator : 'auto';
    dropped ||= item.integrator !== undefined && integrator !== item.integrator;
    const request = { law: entry.id, params: params.kept, system: kept.kept, integrator };
    if (start === 'steady') {
      request.system.start = 'steady';
      if (Number.isFinite(item.kick) && item.kick !== 0) request.kick = item.kick;
    }
    requests.push(request);
  }
  return { requests, dropped };
}

/** Validates the saved presliding view: a known dynamic law, known law and protocol values. */
function loadPresliding(saved, dynamicLaws, protocolSpec) {
  const settings = { law: dynamicLaws[0]?.id ?? null, overrides: {}, protocol: {} };
  if (!isPlainObject(saved)) return { settings, dropped: true };
  let dropped = false;
  if (saved.law !== undefined) {
    if (dynamicLaws.some((law) => law.id === saved.law)) settings.law = saved.law;
    else dropped = true;
  }
  const overrides = keepKnownOverrides(saved.overrides, dynamicLaws);
  settings.overrides = overrides.kept;
  dropped ||= overrides.dropped;
  if (saved.protocol !== undefined) {
    const kept = keepKnownValues(saved.protocol, protocolSpec);
    settings.protocol = kept.kept;
    dropped ||= kept.dropped;
  }
  return { settings, dropped };
}

/**
 * Validates the saved stability map: a known subject, known values, and axes over number parameters
 * of the subject (or of the system, for a law) with finite ends, 2 to 256 cells and a log flag. An
 * axis that fails goes back to null (the subject's default axes); whether its range suits the
 * parameter is the engine's to say when the map is drawn.
 */
function loadMap(saved, models, drivingLaws, system) {
  const subjects = [...models, ...drivingLaws];
  const settings = { subject: models[0].id, overrides: {}, system: {}, start: MAP_DEFAULTS.start, kick: MAP_DEFAULTS.kick, x: null, y: null };
  if (!isPlainObject(saved)) return { settings, dropped: true };
  let dropped = false;
  const subject = subjects.find((entry) => entry.id === saved.subject);
  if (subject) settings.subject = subject.id;
  else dropped = true;
  const overrides = keepKnownOverrides(saved.overrides, subjects);
  settings.overrides = overrides.kept;
  dropped ||= overrides.dropped;
  const kept = keepKnownValues(saved.system ?? {}, system);
  settings.system = kept.kept;
  dropped ||= kept.dropped;
  if (saved.start === 'rest' || saved.start === 'steady') settings.start = saved.start;
  else dropped ||= saved.start !== undefined;
  if (Number.isFinite(saved.kick)) settings.kick = saved.kick;
  else dropped ||= saved.kick !== undefined;
  const isLaw = drivingLaws.includes(subject);
  const validAxis = (axis) => isPlainObject(axis)
    && (axis.target === 'params' || (axis.target === 'system' && isLaw && system !== null))
    && (axis.target === 'params' ? subject?.params : system.params)
      .some((spec) => spec.key === axis.key && (spec.kind ?? 'number') !== 'list')
    && Number.isFinite(axis.min) && Number.isFinite(axis.max)
    && Number.isInteger(axis.count) && axis.count >= 2 && axis.count <= 256 && typeof axis.log === 'boolean';
  if (subject && validAxis(saved.x) && validAxis(saved.y)) {
    const axis = ({ target, key, min, max, count, log }) => ({ target, key, min, max, count, log });
    settings.x = axis(saved.x);
    settings.y = axis(saved.y);
  } else {
    dropped ||= saved.x !== null || saved.y !== null;
  }
  return { settings, dropped };
}

/**
 * Keeps the saved values of parameters the catalog still has, of the right kind: a finite number
 * for 'number' and 'integer', a non-empty array of finite numbers for 'list'.
 * @param {unknown} savedOverrides {<entryId>: {<paramKey>: value}}
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} entries models or laws
 */
function keepKnownOverrides(savedOverrides, entries) {
  let dropped = false;
  const kept = {};
  if (savedOverrides !== undefined && !isPlainObject(savedOverrides)) dropped = true;
  for (const [id, values] of Object.entries(isPlainObject(savedOverrides) ? savedOverrides : {})) {
    const entry = entries.find((candidate) => candidate.id === id);
    if (!entry || !isPlainObject(values)) {
      dropped = true;
      continue;
    }
    const kinds = new Map(entry.params.map((param) => [param.key, param.kind ?? 'number']));
    const valid = {};
    for (const [key, value] of Object.entries(values)) {
      const kind = kinds.get(key);
      const ok = kind === 'list'
        ? Array.isArray(value) && value.length > 0 && value.every(Number.isFinite)
        : kind !== undefined && Number.isFinite(value);
      if (ok) valid[key] = value;
      else dropped = true;
    }
    kept[id] = valid;
  }
  return { kept, dropped };
}

/**
 * The saved values of one catalog entry (a model, a law, the system, the presliding protocol) that it
 * still has; with no entry (an engine without it), none.
 * @param {unknown} values {<paramKey>: value}
 * @param {{params: {key: string, kind?: string}[]} | null} entry
 */
function keepKnownValues(values, entry) {
  const kept = keepKnownOverrides({ entry: values }, entry ? [{ id: 'entry', params: entry.params }] : []);
  return { kept: kept.kept.entry ?? {}, dropped: kept.dropped };
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
