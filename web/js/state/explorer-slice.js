// The law explorer's slice of the settings (settings.explorer), checked against the law catalog when
// the explorer is first shown (views/explorer-view.js), as the fit view checks its own: a page that
// never opens the explorer does not download its checks. What the catalog still knows is kept, the
// rest is dropped and reported.

import { isPlainObject, keepKnownOverrides } from './checks.js';

/** The most laws the explorer compares at once (one colour and dash each on the chart). */
export const MAX_LAWS = 4;

/**
 * The explorer's own inputs when nothing is saved. These are page settings, not engine parameters.
 * The linear range straddles v = 0, where the laws differ most; the log range reaches down to the
 * micrometre-per-second creep of Drake's stiction region.
 * common: the "common coefficients" switch, off, and the values it drives every law from when on:
 * the seed app's μs 0.6 and μk 0.4, and a stiction speed of 1 mm/s (LuGre's Stribeck velocity in
 * Canudas de Wit et al.'s Table I), wide enough to see on the linear axis.
 */
export const EXPLORER_DEFAULTS = Object.freeze({
  laws: ['coulomb', 'drake-stribeck'],
  quantity: 'mu',
  scale: 'linear',
  ranges: { linear: { vMin: -0.2, vMax: 0.2 }, log: { vMin: 1e-6, vMax: 1 } },
  N: 10,
  p: 0,
  theta: null,
  common: { on: false, muS: 0.6, muK: 0.4, vS: 1e-3 },
});

/** The explorer's defaults, keeping only default laws this catalog has. */
export function defaultExplorer(laws) {
  const known = EXPLORER_DEFAULTS.laws.filter((id) => laws.some((law) => law.id === id));
  return {
    ...structuredClone(EXPLORER_DEFAULTS),
    laws: known.length > 0 ? known : laws.slice(0, 2).map((law) => law.id),
    overrides: {},
  };
}

/**
 * Validates a saved explorer object field by field; a bad field takes its default. Nothing saved
 * (undefined) is the defaults, nothing dropped.
 */
export function loadExplorer(saved, laws) {
  const settings = defaultExplorer(laws);
  if (!isPlainObject(saved)) return { settings, dropped: saved !== undefined };
  const overrides = keepKnownOverrides(saved.overrides, laws);
  settings.overrides = overrides.kept;
  // Every check runs (an array, not ||): each keeps its own good fields.
  const dropped = [
    keepExplorerLaws(saved.laws, laws, settings),
    overrides.dropped,
    keepExplorerChoices(saved, settings),
    keepExplorerRanges(saved.ranges, settings.ranges),
    keepExplorerInputs(saved, settings),
    keepCommonCoefficients(saved.common, settings.common),
  ].some(Boolean);
  return { settings, dropped };
}

/** The explorer's laws: known ones, without repeats, at most MAX_LAWS. Returns whether any was dropped. */
function keepExplorerLaws(saved, laws, settings) {
  if (saved === undefined) return false;
  if (!Array.isArray(saved)) return true;
  const ids = saved.filter(
    (id, index) => laws.some((law) => law.id === id) && saved.indexOf(id) === index,
  );
  settings.laws = ids.slice(0, MAX_LAWS);
  return ids.length !== saved.length || ids.length > MAX_LAWS;
}

/** The explorer's quantity and scale, each one of its allowed values. */
function keepExplorerChoices(saved, settings) {
  let dropped = false;
  const choices = { quantity: ['mu', 'force'], scale: ['linear', 'log'] };
  for (const [key, allowed] of Object.entries(choices)) {
    if (saved[key] === undefined) continue;
    if (allowed.includes(saved[key])) settings[key] = saved[key];
    else dropped = true;
  }
  return dropped;
}

/** The speed ranges of the linear and the log axis [m/s], each with finite ends. */
function keepExplorerRanges(saved, ranges) {
  if (saved === undefined) return false;
  let dropped = false;
  for (const scale of ['linear', 'log']) {
    const range = isPlainObject(saved) ? saved[scale] : undefined;
    if (isPlainObject(range) && Number.isFinite(range.vMin) && Number.isFinite(range.vMax)) {
      ranges[scale] = { vMin: range.vMin, vMax: range.vMax };
    } else {
      dropped = true;
    }
  }
  return dropped;
}

/** The explorer's inputs: N [N] and p [Pa] finite, θ finite or null (at its steady state). */
function keepExplorerInputs(saved, settings) {
  let dropped = false;
  for (const key of ['N', 'p']) {
    if (saved[key] === undefined) continue;
    if (Number.isFinite(saved[key])) settings[key] = saved[key];
    else dropped = true;
  }
  if (saved.theta !== undefined) {
    if (saved.theta === null || Number.isFinite(saved.theta)) settings.theta = saved.theta;
    else dropped = true;
  }
  return dropped;
}

/**
 * The common coefficients: a boolean switch and three finite numbers, each kept on its own (whether
 * the engine takes a value is its to say when the curves are drawn).
 */
function keepCommonCoefficients(saved, common) {
  if (saved === undefined) return false;
  if (!isPlainObject(saved)) return true;
  const { on, ...values } = saved;
  let dropped = false;
  if (typeof on === 'boolean') common.on = on;
  else dropped ||= on !== undefined;
  for (const key of ['muS', 'muK', 'vS']) {
    if (Number.isFinite(values[key])) common[key] = values[key];
    else dropped ||= values[key] !== undefined;
  }
  return dropped || Object.keys(values).some((key) => !['muS', 'muK', 'vS'].includes(key));
}
