// Presets (engine.presets()): scenarios declared once in the engine, each applied in place of its
// view's scenario as if the user had set every value. A preset is a new set-up: the pinned runs go
// with what it replaced, and a short notice offers to undo it all (ui/undo-notice.js). Loaded the
// first time a preset is chosen.

import { showUndo } from '../ui/undo-notice.js';

/** A spring-block preset's scenario: the engine's written form of what it runs, copied. */
export function presetScenario(preset) {
  return structuredClone(preset.scenario);
}

/** The presliding view's settings with `preset`'s experiment shown and the shown law's values kept. */
function preslidingWith(preset, presliding) {
  const shown = presliding.scenario;
  const { law, params = {} } = preset.scenario;
  const kept = { ...presliding.kept };
  if (shown.law !== null && shown.law !== law)
    kept[shown.law] = { law: shown.law, params: shown.params };
  delete kept[law];
  return { scenario: { law, params: { ...params }, protocol: { ...preset.presliding } }, kept };
}

/**
 * Applies `preset` to its view and shows it, then offers to undo it.
 * @param {object} preset one of engine.presets()
 * @param {{store: import('./store.js').Store, spring: import('../views/spring-view.js').SpringView,
 *   showView: (view: string) => unknown, showPresliding: () => unknown, endPreset: () => void}} page
 *   showView: selects a view (building it if need be); showPresliding: the presliding view shows its settings
 */
export async function applyPreset(preset, { store, spring, showView, showPresliding, endPreset }) {
  const settings = store.settings;
  const before = { view: settings.view, presliding: structuredClone(settings.presliding) };
  const changes = await spring.changes();
  let replaced = null;
  settings.view = preset.view;
  if (preset.view === 'presliding') {
    settings.presliding = preslidingWith(preset, settings.presliding);
    store.persist();
    showView('presliding');
    showPresliding();
  } else {
    spring.preset = preset;
    showView('spring');
    replaced = changes.replace(presetScenario(preset), { clearPins: 'always' });
  }
  const cleared = replaced?.cleared ?? 0;
  const pins =
    cleared === 0 ? '' : `; the ${cleared} pinned run${cleared === 1 ? '' : 's'} cleared`;
  showUndo(`Preset “${preset.name}” set${pins}.`, () => {
    Object.assign(settings, before);
    endPreset();
    if (replaced) changes.restore(replaced.before);
    else store.persist();
    showView(before.view);
    if (preset.view === 'presliding') showPresliding();
  });
}
