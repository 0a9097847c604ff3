// What the spring-block view (views/spring-view.js) saves of a run: its scenario, as the engine ran it
// or, where the engine refused one value, with that value at its last good one.

import { splitFieldPath } from '../engine/field-path.js';
import { subjectOf } from '../state/scenario.js';

/**
 * The scenario that ran, as the engine writes it (it leaves out empty objects and defaults), in the
 * page's shape: a law's run always has its params and system, a seed model's its params.
 */
function pageScenario(written) {
  const shaped = { ...written, params: written.params ?? {} };
  if (written.law !== undefined) shaped.system = written.system ?? {};
  return shaped;
}

/**
 * Saves a scenario the engine accepted: the view's own, or, for a reply to a model or law the user
 * has left since, the scenario kept for it.
 */
export function rememberRun(spring, written) {
  const scenario = pageScenario(written);
  const id = subjectOf(scenario);
  if (id === subjectOf(spring.scenario)) spring.scenario = scenario;
  else if (Object.hasOwn(spring.kept, id)) spring.kept[id] = scenario;
}

/**
 * Saves every value the user set but the refused one (`parameter`, the engine's path: 'params.mu_s',
 * 'system.v0[2]', 'kick'), which keeps its last good value from the saved scenario.
 */
export function keepOtherValues(spring, scenario, parameter) {
  const saved = spring.scenario;
  if (subjectOf(saved) !== subjectOf(scenario)) return;
  const { section, key } = splitFieldPath(parameter);
  const kept = structuredClone(scenario);
  const good = section === '' ? saved : (saved[section] ?? {});
  const part = section === '' ? kept : (kept[section] ??= {});
  if (Object.hasOwn(good, key)) part[key] = structuredClone(good[key]);
  else delete part[key];
  spring.scenario = kept;
}
