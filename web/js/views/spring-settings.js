// What the spring-block view (views/spring-view.js) saves of a run: its slice of the settings
// (overrides, system, start, lawOverrides, integrators) from the request the engine ran or refused.

/** The id of what a request runs: a model or a law. */
export const choiceOf = (request) => request.model ?? request.law;

/** Saves the values of a request the engine accepted. */
export function rememberRun(settings, request) {
  if (request.model !== undefined) {
    settings.overrides[request.model] = request.params;
    return;
  }
  const { start = 'rest', ...system } = request.system;
  settings.system = system;
  settings.start = { mode: start, kick: request.kick ?? 0 };
  settings.lawOverrides[request.law] = request.params;
  if (request.integrator === 'auto') delete settings.integrators[request.law];
  else settings.integrators[request.law] = request.integrator;
}

/**
 * Saves every value the user set but the refused one (`parameter`, in the part `placed`: 'model',
 * 'system' or 'law'), which keeps its last good value.
 */
export function keepOtherValues(settings, request, parameter, placed) {
  const keepGood = (values, good) => {
    const kept = { ...values };
    if (parameter in good) kept[parameter] = good[parameter];
    else delete kept[parameter];
    return kept;
  };
  if (placed === 'model') {
    settings.overrides[request.model] = keepGood(
      request.params,
      settings.overrides[request.model] ?? {},
    );
    return;
  }
  // The integrator stays as it was saved; the other part keeps all of its values.
  const { start, ...system } = request.system;
  settings.system = placed === 'system' ? keepGood(system, settings.system) : system;
  settings.lawOverrides[request.law] =
    placed === 'law'
      ? keepGood(request.params, settings.lawOverrides[request.law] ?? {})
      : request.params;
}
