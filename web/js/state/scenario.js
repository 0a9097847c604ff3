// A view's scenario: what engine.simulate() takes (docs/reference/scenario.md), kept as the page's
// state as it is sent, so what is saved, linked, embedded, pinned, fitted and exported is one object.
// A seed model's is {model, params}; a law's is {law, params, system, integrator} and, where set,
// kick, tolerance, samples, grid and protocol. The helpers here move a view from one model or law to
// another, keeping each one's own values, and take the drive in and out.

/** The id of what a scenario runs: a model or a law. */
export const subjectOf = (scenario) => scenario.model ?? scenario.law;

/**
 * `id`'s scenario with every value at its default: a model's own parameters, or a law on the default
 * system. `start`: what a law's scenario starts from ({system: {start}, kick}: the map's steady start).
 */
export function defaultScenario(id, isModel, start = {}) {
  if (isModel) return { model: id, params: {} };
  return { law: id, params: {}, system: {}, integrator: 'auto', ...structuredClone(start) };
}

/**
 * Moves a view from `current` to `next` (the scenario `id` had last, from `kept`, or `fallback`, its
 * defaults). `current` is kept under its own id, so choosing it again brings its values back. From one
 * law to another the spring-block stays as it is (system, start, kick, drive and output rows): only
 * the law, its parameters and its integrator change, as when the same block is tried with another law.
 * @returns {{scenario: object, kept: Record<string, object>}}
 */
export function switchScenario(current, kept, id, fallback) {
  const others = { ...kept, [subjectOf(current)]: current };
  const next = Object.hasOwn(others, id) ? others[id] : fallback;
  delete others[id];
  if (current.law === undefined || next.law === undefined) return { scenario: next, kept: others };
  const { law, params, integrator } = next;
  return { scenario: { ...current, law, params, integrator }, kept: others };
}

/**
 * Whether a law scenario's drive does more than move the load point at a constant v0: velocity steps
 * (system.v0 as [[t, v], …]), a protocol (holds, a displacement table, normal-force steps) or the log grid.
 */
export const hasDrive = (scenario) =>
  Array.isArray(scenario.system?.v0) || scenario.protocol !== undefined || scenario.grid === 'log';

/**
 * The scenario with its drive cleared: no velocity steps (v0 back to its default), protocol, log grid
 * or output rows of the drive's (a preset's); the start and the kick are the settings' own and stay.
 */
export function withoutDrive(scenario) {
  const { protocol, grid, samples, ...rest } = scenario;
  const { v0, ...system } = scenario.system ?? {};
  return { ...rest, system: Array.isArray(v0) || v0 === undefined ? system : { ...system, v0 } };
}
