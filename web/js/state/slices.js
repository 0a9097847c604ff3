// Loading each slice of the saved settings (settings.js): what the catalog still knows is kept,
// the rest is dropped and reported.

import { MAX_LAWS, EXPLORER_DEFAULTS, MAP_DEFAULTS } from './defaults.js';

/** The explorer's defaults, keeping only default laws this catalog has. */
export function defaultExplorer(laws) {
  const known = EXPLORER_DEFAULTS.laws.filter((id) => laws.some((law) => law.id === id));
  return {
    ...structuredClone(EXPLORER_DEFAULTS),
    laws: known.length > 0 ? known : laws.slice(0, 2).map((law) => law.id),
    overrides: {},
  };
}

/** Validates a saved explorer object field by field; a bad field takes its default. */
export function loadExplorer(saved, laws) {
  const settings = defaultExplorer(laws);
  if (!isPlainObject(saved)) return { settings, dropped: true };
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

/** Validates saved compare runs: known models and laws, known values, at most four. */
export function loadCompare(saved, models, laws, system, integrators) {
  if (!Array.isArray(saved)) return { requests: [], dropped: true };
  const requests = [];
  let dropped = saved.length > 4;
  for (const item of saved.slice(0, 4)) {
    const run = loadCompareRun(item, models, laws, system, integrators);
    if (run.request) requests.push(run.request);
    dropped ||= run.dropped;
  }
  return { requests, dropped };
}

/** One saved compare run: {request} (null if it cannot be kept) and whether anything was dropped. */
function loadCompareRun(item, models, laws, system, integrators) {
  if (!isPlainObject(item)) return { request: null, dropped: true };
  const entry =
    models.find((model) => model.id === item.model) ?? laws.find((law) => law.id === item.law);
  if (!entry) return { request: null, dropped: true };
  const params = keepKnownValues(item.params ?? {}, entry);
  if (item.model !== undefined)
    return { request: { model: entry.id, params: params.kept }, dropped: params.dropped };
  const run = loadLawRun(item, system, integrators);
  run.request = { law: entry.id, params: params.kept, ...run.request };
  run.dropped ||= params.dropped;
  return run;
}

/** A law run's system, integrator and start: {request: {system, integrator, kick?}, dropped}. */
function loadLawRun(item, system, integrators) {
  // A steady start travels in system.start, and its kick beside it (as engine.simulate takes them).
  const { start, ...numbers } = isPlainObject(item.system) ? item.system : {};
  const kept = keepKnownValues(numbers, system);
  const integrator = integrators.some((candidate) => candidate.id === item.integrator)
    ? item.integrator
    : 'auto';
  const dropped =
    kept.dropped ||
    (start !== undefined && start !== 'steady' && start !== 'rest') ||
    (item.integrator !== undefined && integrator !== item.integrator);
  const request = { system: kept.kept, integrator };
  if (start === 'steady') {
    request.system.start = 'steady';
    if (Number.isFinite(item.kick) && item.kick !== 0) request.kick = item.kick;
  }
  return { request, dropped };
}

/** Validates the saved presliding view: a known dynamic law, known law and protocol values. */
export function loadPresliding(saved, dynamicLaws, protocolSpec) {
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
export function loadMap(saved, models, drivingLaws, system) {
  const subjects = [...models, ...drivingLaws];
  const settings = {
    subject: models[0].id,
    overrides: {},
    system: {},
    start: MAP_DEFAULTS.start,
    kick: MAP_DEFAULTS.kick,
    x: null,
    y: null,
  };
  if (!isPlainObject(saved)) return { settings, dropped: true };
  const subject = subjects.find((entry) => entry.id === saved.subject);
  if (subject) settings.subject = subject.id;
  const overrides = keepKnownOverrides(saved.overrides, subjects);
  settings.overrides = overrides.kept;
  const kept = keepKnownValues(saved.system ?? {}, system);
  settings.system = kept.kept;
  // Every check runs (an array, not ||): each keeps its own good fields.
  const dropped = [
    !subject,
    overrides.dropped,
    kept.dropped,
    keepMapStart(saved, settings),
    keepMapAxes(saved, settings, subject, drivingLaws.includes(subject) ? system : null),
  ].some(Boolean);
  return { settings, dropped };
}

/** The map's start ('rest' or 'steady') and kick (finite). Returns whether either was dropped. */
function keepMapStart(saved, settings) {
  let dropped = false;
  if (saved.start === 'rest' || saved.start === 'steady') settings.start = saved.start;
  else dropped ||= saved.start !== undefined;
  if (Number.isFinite(saved.kick)) settings.kick = saved.kick;
  else dropped ||= saved.kick !== undefined;
  return dropped;
}

/**
 * The map's two axes, kept together or not at all. `lawSystem` is the system a law subject runs on
 * (null for a seed model, whose axes can only be its own parameters).
 */
function keepMapAxes(saved, settings, subject, lawSystem) {
  if (
    subject &&
    isValidAxis(saved.x, subject, lawSystem) &&
    isValidAxis(saved.y, subject, lawSystem)
  ) {
    const axis = ({ target, key, min, max, count, log }) => ({ target, key, min, max, count, log });
    settings.x = axis(saved.x);
    settings.y = axis(saved.y);
    return false;
  }
  return saved.x !== null || saved.y !== null;
}

/** An axis over a number parameter of the subject (or of its system), finite ends, 2 to 256 cells. */
function isValidAxis(axis, subject, lawSystem) {
  if (!isPlainObject(axis)) return false;
  const specs =
    axis.target === 'params'
      ? subject.params
      : axis.target === 'system' && lawSystem !== null
        ? lawSystem.params
        : null;
  return (
    specs !== null &&
    specs.some((spec) => spec.key === axis.key && (spec.kind ?? 'number') !== 'list') &&
    Number.isFinite(axis.min) &&
    Number.isFinite(axis.max) &&
    Number.isInteger(axis.count) &&
    axis.count >= 2 &&
    axis.count <= 256 &&
    typeof axis.log === 'boolean'
  );
}

/** The saved view, if this catalog has what it shows ('explorer' and 'fit' need laws). */
export function loadView(saved, { laws, dynamicLaws }, fallback) {
  const shown =
    saved === 'spring' ||
    saved === 'map' ||
    ((saved === 'explorer' || saved === 'fit') && laws.length > 0) ||
    (saved === 'presliding' && dynamicLaws.length > 0);
  return shown ? { value: saved, dropped: false } : { value: fallback, dropped: true };
}

/** Each law's integrator: a law that can drive the block, an integrator the engine has. */
export function loadIntegrators(saved, { drivingLaws, integrators }) {
  const valid = isPlainObject(saved) ? saved : {};
  let dropped = valid !== saved;
  const value = {};
  for (const [id, integrator] of Object.entries(valid)) {
    if (
      drivingLaws.some((law) => law.id === id) &&
      integrators.some((candidate) => candidate.id === integrator)
    ) {
      value[id] = integrator;
    } else {
      dropped = true;
    }
  }
  return { value, dropped };
}

/** The charts' choices: position (boolean) and phaseX ('spring' or 'x'), each kept on its own. */
export function loadCharts(saved, catalog, fallback) {
  const charts = isPlainObject(saved) ? saved : {};
  const value = { ...fallback };
  let dropped = charts !== saved;
  if (typeof charts.position === 'boolean') value.position = charts.position;
  else dropped ||= charts.position !== undefined;
  if (charts.phaseX === 'spring' || charts.phaseX === 'x') value.phaseX = charts.phaseX;
  else dropped ||= charts.phaseX !== undefined;
  return { value, dropped };
}

/** The spring-block's start for law runs: mode 'rest' or 'steady' and a finite kick, or the defaults. */
export function loadStart(saved) {
  const start = isPlainObject(saved) ? saved : {};
  const mode = start.mode === 'rest' || start.mode === 'steady' ? start.mode : undefined;
  const kick = Number.isFinite(start.kick) ? start.kick : undefined;
  return {
    value: { mode: mode ?? 'rest', kick: kick ?? 0 },
    dropped: mode === undefined || kick === undefined,
  };
}

/**
 * Keeps the saved values of parameters the catalog still has, of the right kind: a finite number
 * for 'number' and 'integer', a non-empty array of finite numbers for 'list'.
 * @param {unknown} savedOverrides {<entryId>: {<paramKey>: value}}
 * @param {{id: string, params: {key: string, kind?: string}[]}[]} entries models or laws
 */
export function keepKnownOverrides(savedOverrides, entries) {
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
      const ok =
        kind === 'list'
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
export function keepKnownValues(values, entry) {
  const kept = keepKnownOverrides(
    { entry: values },
    entry ? [{ id: 'entry', params: entry.params }] : [],
  );
  return { kept: kept.kept.entry ?? {}, dropped: kept.dropped };
}

export function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
