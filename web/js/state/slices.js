// Loading each slice of the saved settings (settings.js): what the catalog still knows is kept,
// the rest is dropped and reported. The explorer's, the map's and the fit view's are checked when
// those views are first shown (explorer-slice.js, map-slice.js, views/fit-settings.js).

/** The most runs pinned at once (compare.js). */
const MAX_PINNED = 4;

import { CHART_DEFAULTS, SPEED_UNITS } from './defaults.js';
import {
  isPlainObject,
  keepKnownOverrides,
  keepKnownValues,
  loadKept,
  loadScenario,
} from './checks.js';

/** The presliding view when nothing is saved: the first dynamic law, the catalog's protocol. */
export const defaultPresliding = (dynamicLaws) => ({
  scenario: { law: dynamicLaws[0]?.id ?? null, params: {}, protocol: {} },
  kept: {},
});

/**
 * Validates the saved presliding view: {scenario: engine.runPresliding's request {law, params,
 * protocol}, kept: {<lawId>: {law, params}}, each other law's values from when it was last shown}.
 */
export function loadPresliding(saved, dynamicLaws, protocolSpec) {
  const settings = defaultPresliding(dynamicLaws);
  if (!isPlainObject(saved)) return { settings, dropped: true };
  const scenario = isPlainObject(saved.scenario) ? saved.scenario : {};
  const law = dynamicLaws.find((entry) => entry.id === scenario.law);
  if (law) settings.scenario.law = law.id;
  const shown = dynamicLaws.find((entry) => entry.id === settings.scenario.law) ?? null;
  const params = keepKnownValues(scenario.params ?? {}, shown);
  settings.scenario.params = params.kept;
  const protocol = keepKnownValues(scenario.protocol ?? {}, protocolSpec);
  settings.scenario.protocol = protocol.kept;
  const kept = keepKnownOverrides(
    Object.fromEntries(
      Object.entries(isPlainObject(saved.kept) ? saved.kept : {}).map(([id, entry]) => [
        id,
        isPlainObject(entry) ? entry.params : entry,
      ]),
    ),
    dynamicLaws,
  );
  for (const [id, values] of Object.entries(kept.kept))
    if (id !== settings.scenario.law) settings.kept[id] = { law: id, params: values };
  const dropped = [
    scenario.law !== undefined && !law,
    params.dropped,
    protocol.dropped,
    kept.dropped,
    saved.kept !== undefined && !isPlainObject(saved.kept),
  ].some(Boolean);
  return { settings, dropped };
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

/** The spring-block view's slice when nothing is saved: the first seed model, nothing pinned. */
export function defaultSpring(models) {
  return {
    scenario: { model: models[0].id, params: {} },
    kept: {},
    compare: [],
    charts: { ...CHART_DEFAULTS },
  };
}

/**
 * The spring-block view's slice: {scenario, kept, compare (the pinned runs' scenarios, at most four),
 * charts, speedUnit?}. Each field falls back to its default alone; `reset` collects what was dropped.
 */
export function loadSpring(saved, catalog, reset) {
  const spring = defaultSpring(catalog.models);
  if (!isPlainObject(saved)) {
    reset.add('spring');
    return spring;
  }
  const scenario = loadScenario(saved.scenario, catalog);
  if (scenario.value) spring.scenario = scenario.value;
  if (scenario.dropped) reset.add('spring.scenario');
  const shown = spring.scenario.model ?? spring.scenario.law;
  const kept = loadKept(saved.kept, catalog, shown);
  spring.kept = kept.value;
  if (kept.dropped) reset.add('spring.kept');
  const pinned = loadPinned(saved.compare, catalog);
  spring.compare = pinned.value;
  if (pinned.dropped) reset.add('spring.compare');
  const charts = loadCharts(saved.charts, catalog, spring.charts);
  if (saved.charts !== undefined) spring.charts = charts.value;
  if (saved.charts !== undefined && charts.dropped) reset.add('spring.charts');
  if (Object.hasOwn(SPEED_UNITS, saved.speedUnit ?? '')) spring.speedUnit = saved.speedUnit;
  else if (saved.speedUnit !== undefined) reset.add('spring.speedUnit');
  return spring;
}

/** The pinned runs: scenarios the catalog knows, at most MAX_PINNED. */
function loadPinned(saved, catalog) {
  if (saved === undefined) return { value: [], dropped: false };
  if (!Array.isArray(saved)) return { value: [], dropped: true };
  const loaded = saved.slice(0, MAX_PINNED).map((item) => loadScenario(item, catalog));
  return {
    value: loaded.filter((item) => item.value !== null).map((item) => item.value),
    dropped: saved.length > MAX_PINNED || loaded.some((item) => item.dropped),
  };
}
