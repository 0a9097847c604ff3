// The checks the slices of the saved settings share: which values of a catalog entry's parameters are
// still known and of the kind the catalog gives, and a saved scenario (state/scenario.js) kept where
// the catalog still knows it, of the shape the page reads. Values are not judged here (the engine
// refuses a bad one by its path, beside its control). Used at start-up (settings.js, slices.js) and by
// the checks of the views loaded on demand (explorer-slice.js, map-slice.js).

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

const numbers = (value) => Array.isArray(value) && value.every(Number.isFinite);
const pairs = (value) =>
  Array.isArray(value) && value.every((pair) => numbers(pair) && pair.length === 2);

/** The protocol's fields and the shape each must have (the scenario reader's keys). */
const PROTOCOL_SHAPES = {
  holds: numbers,
  slide: Number.isFinite,
  table: (table) => isPlainObject(table) && numbers(table.t) && numbers(table.x),
  normalForce: pairs,
};

/** A law scenario's options beside its system, and the values each may take. */
const OPTION_CHECKS = {
  kick: Number.isFinite,
  tolerance: Number.isFinite,
  samples: Number.isInteger,
  grid: (grid) => grid === 'uniform' || grid === 'log',
};

/**
 * A saved scenario, or null if it runs nothing the catalog knows.
 * @param {{models: object[], drivingLaws: object[], system: object | null, integrators: {id: string}[]}} catalog
 * @returns {{value: object | null, dropped: boolean}}
 */
export function loadScenario(saved, catalog) {
  if (!isPlainObject(saved)) return { value: null, dropped: true };
  const model = catalog.models.find((entry) => entry.id === saved.model);
  const law = model ? undefined : catalog.drivingLaws.find((entry) => entry.id === saved.law);
  if (!model && !law) return { value: null, dropped: true };
  const params = keepKnownValues(saved.params ?? {}, model ?? law);
  if (model) return { value: { model: model.id, params: params.kept }, dropped: params.dropped };
  const value = { law: law.id, params: params.kept };
  const dropped = [params.dropped, keepLawRun(saved, value, catalog)].some(Boolean);
  return { value, dropped };
}

/** A law run's system, integrator, options and protocol, into `value`. Returns whether any was dropped. */
function keepLawRun(saved, value, { system, integrators }) {
  const { start, v0, ...given } = isPlainObject(saved.system) ? saved.system : {};
  const steps = pairs(v0) && v0.length > 0;
  const kept = keepKnownValues(steps || v0 === undefined ? given : { ...given, v0 }, system);
  value.system = kept.kept;
  if (steps) value.system.v0 = v0;
  if (start === 'steady') value.system.start = 'steady';
  const integrator = saved.integrator ?? 'auto';
  value.integrator = integrators.some((entry) => entry.id === integrator) ? integrator : 'auto';
  let dropped = [
    kept.dropped,
    start !== undefined && start !== 'steady' && start !== 'rest',
    value.integrator !== integrator,
  ].some(Boolean);
  for (const [key, valid] of Object.entries(OPTION_CHECKS)) {
    if (saved[key] === undefined) continue;
    if (valid(saved[key])) value[key] = saved[key];
    else dropped = true;
  }
  return keepProtocol(saved.protocol, value) || dropped;
}

/** The protocol, kept whole if every field it has is one of the reader's, of the right shape. */
function keepProtocol(saved, value) {
  if (saved === undefined) return false;
  const valid =
    isPlainObject(saved) &&
    Object.entries(saved).every(
      ([key, field]) => Object.hasOwn(PROTOCOL_SHAPES, key) && PROTOCOL_SHAPES[key](field),
    );
  if (valid) value.protocol = saved;
  return !valid;
}

/**
 * The scenarios each other model or law had when last shown ({<id>: scenario}), each filed under the id
 * it runs; the shown one's (`shownId`) is not kept beside it.
 */
export function loadKept(saved, catalog, shownId) {
  if (saved === undefined) return { value: {}, dropped: false };
  if (!isPlainObject(saved)) return { value: {}, dropped: true };
  const value = {};
  let dropped = false;
  for (const [id, entry] of Object.entries(saved)) {
    const scenario = loadScenario(entry, catalog);
    const fits = scenario.value !== null && (scenario.value.model ?? scenario.value.law) === id;
    if (fits && id !== shownId) value[id] = scenario.value;
    dropped ||= scenario.dropped || !fits;
  }
  return { value, dropped };
}
