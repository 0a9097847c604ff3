// The stability map's slice of the settings (settings.map: the map's request {scenario, x, y} and the
// other subjects' scenarios), checked against the catalog when the map is first shown (main.js builds
// the view after it), as the fit view checks its own: a page that never opens the map does not
// download its checks.

import { isPlainObject, loadKept, loadScenario } from './checks.js';

/**
 * The stability map when nothing is saved: the seed model with a renewal length long enough that
 * steady sliding exists (D/τ = 0.5 m/s > v0), over the spring-dashpot plane, where its critical
 * damping E_c(c) crosses the map (docs/validation.md, "Closed forms: the θ model"). The map's
 * request as the engine reads it (engine.sweepCells: {scenario, x, y}). Keys the catalog lacks are
 * dropped on load.
 */
export const MAP_DEFAULTS = Object.freeze({
  scenario: { model: 'abbott-seed', params: { tau: 100, D: 50, tmax: 30 } },
  x: { target: 'params', key: 'c', min: 2, max: 40, count: 32, log: false },
  y: { target: 'params', key: 'eta', min: 0.05, max: 1.2, count: 32, log: false },
});

/** The map's slice when nothing is saved, or nothing the catalog knows. */
export const defaultMap = (catalog) => loadMap(structuredClone(MAP_DEFAULTS), catalog).settings;

/**
 * Validates the saved stability map: the map's request {scenario, x, y} (a known subject, known
 * values, and axes over number parameters of the subject, or of the system for a law, with finite
 * ends, 2 to 256 cells and a log flag) and `kept`, each other subject's scenario from when it was last
 * shown. An axis that fails goes back to null (the subject's default axes); whether its range suits
 * the parameter is the engine's to say when the map is drawn.
 * @param {object} catalog {models, drivingLaws, system, integrators}
 */
export function loadMap(saved, catalog) {
  const settings = {
    scenario: { model: catalog.models[0].id, params: {} },
    kept: {},
    x: null,
    y: null,
  };
  if (saved === undefined) return { settings: defaultMap(catalog), dropped: false };
  if (!isPlainObject(saved)) return { settings, dropped: true };
  const scenario = loadScenario(saved.scenario, catalog);
  if (scenario.value) settings.scenario = scenario.value;
  const id = settings.scenario.model ?? settings.scenario.law;
  const kept = loadKept(saved.kept, catalog, id);
  settings.kept = kept.value;
  const subject = [...catalog.models, ...catalog.drivingLaws].find((entry) => entry.id === id);
  const lawSystem = settings.scenario.law !== undefined ? catalog.system : null;
  // Every check runs (an array, not ||): each keeps its own good fields.
  const dropped = [
    scenario.dropped,
    kept.dropped,
    keepMapAxes(saved, settings, scenario.value ? subject : null, lawSystem),
  ].some(Boolean);
  return { settings, dropped };
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
