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
  let dropped = false;

  if (saved.laws !== undefined) {
    if (Array.isArray(saved.laws)) {
      const ids = saved.laws.filter(
        (id, index) => laws.some((law) => law.id === id) && saved.laws.indexOf(id) === index,
      );
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
  // The common coefficients: a boolean switch and three finite numbers, each kept on its own (whether
  // the engine takes a value is its to say when the curves are drawn).
  if (saved.common !== undefined) {
    if (isPlainObject(saved.common)) {
      const { on, ...values } = saved.common;
      if (typeof on === 'boolean') settings.common.on = on;
      else dropped ||= on !== undefined;
      for (const key of ['muS', 'muK', 'vS']) {
        if (Number.isFinite(values[key])) settings.common[key] = values[key];
        else dropped ||= values[key] !== undefined;
      }
      dropped ||= Object.keys(values).some((key) => !['muS', 'muK', 'vS'].includes(key));
    } else {
      dropped = true;
    }
  }
  return { settings, dropped };
}

/** Validates saved compare runs: known models and laws, known values, at most four. */
export function loadCompare(saved, models, laws, system, integrators) {
  if (!Array.isArray(saved)) return { requests: [], dropped: true };
  const requests = [];
  let dropped = saved.length > 4;
  for (const item of saved.slice(0, 4)) {
    if (!isPlainObject(item)) {
      dropped = true;
      continue;
    }
    const entry =
      models.find((model) => model.id === item.model) ?? laws.find((law) => law.id === item.law);
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
    const integrator = integrators.some((candidate) => candidate.id === item.integrator)
      ? item.integrator
      : 'auto';
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
  const validAxis = (axis) =>
    isPlainObject(axis) &&
    (axis.target === 'params' || (axis.target === 'system' && isLaw && system !== null)) &&
    (axis.target === 'params' ? subject?.params : system.params).some(
      (spec) => spec.key === axis.key && (spec.kind ?? 'number') !== 'list',
    ) &&
    Number.isFinite(axis.min) &&
    Number.isFinite(axis.max) &&
    Number.isInteger(axis.count) &&
    axis.count >= 2 &&
    axis.count <= 256 &&
    typeof axis.log === 'boolean';
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
