// Remembers the page's settings across reloads, in localStorage.
//
// Stored JSON (one object; every field but `model` and `overrides` was added with the law explorer,
// and a missing field takes its default, so settings saved before it still load):
//   model       the spring-block model shown: <modelId>
//   overrides   {<modelId>: {<paramKey>: number}}
//   view        'spring' | 'explorer': the view shown
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
 * @typedef {{laws: string[], overrides: Record<string, Record<string, number | number[]>>,
 *   quantity: 'mu' | 'force', scale: 'linear' | 'log',
 *   ranges: Record<'linear' | 'log', {vMin: number, vMax: number}>, N: number, p: number, theta: number | null}} ExplorerSettings
 * @typedef {{model: string, overrides: Record<string, Record<string, number>>, view: 'spring' | 'explorer',
 *   explorer: ExplorerSettings}} Settings
 */

/**
 * Reads the saved settings and keeps only what the catalog still knows: an unknown model falls
 * back to the first (default) model; unknown models, laws and keys, values of the wrong kind and
 * non-finite numbers are dropped.
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} models the engine catalog; models[0] is the default
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} [laws] the law catalog ([] if the engine has none)
 * @returns {{settings: Settings, notice: string | null}} notice: what to tell the user, if anything was dropped
 */
export function loadSettings(models, laws = []) {
  const fallback = () => ({
    model: models[0].id, overrides: {}, view: 'spring', explorer: defaultExplorer(laws),
  });
  let saved;
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (text === null) return { settings: fallback(), notice: null };
    saved = JSON.parse(text);
  } catch {
    return { settings: fallback(), notice: 'Your saved settings could not be read, so the defaults are shown.' };
  }
  if (!isPlainObject(saved)) {
    return { settings: fallback(), notice: 'Your saved settings could not be read, so the defaults are shown.' };
  }

  let dropped = false;
  const settings = fallback();
  if (models.some((model) => model.id === saved.model)) {
    settings.model = saved.model;
  } else {
    dropped = true;
  }
  const overrides = keepKnownOverrides(saved.overrides, models);
  settings.overrides = overrides.kept;
  dropped ||= overrides.dropped;

  if (saved.view !== undefined) {
    if (saved.view === 'spring' || (saved.view === 'explorer' && laws.length > 0)) settings.view = saved.view;
    else dropped = true;
  }
  if (saved.explorer !== undefined) {
    const explorer = loadExplorer(saved.explorer, laws);
    settings.explorer = explorer.settings;
    dropped ||= explorer.dropped;
  }

  const notice = dropped ? 'Some saved settings no longer apply and were reset to their defaults.' : null;
  return { settings, notice };
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

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
