// Remembers the chosen model and the values the user set, across reloads, in localStorage.
//
// Stored JSON: {model: <modelId>, overrides: {<modelId>: {<paramKey>: number}}}. Only values the user
// set are stored; every other parameter follows the engine's default, so a new engine default
// reaches returning users. Whatever is stored is checked against the engine catalog on load:
// storage is user-editable and outlives engine versions, so a bad entry must never break the page.

const STORAGE_KEY = 'friction-lab/settings/v1';

/** @typedef {{model: string, overrides: Record<string, Record<string, number>>}} Settings */

/**
 * Reads the saved settings and keeps only what the catalog still knows: an unknown model falls
 * back to the first (default) model, and unknown models, unknown keys and non-finite numbers are
 * dropped.
 * @param {{id: string, params: {key: string}[]}[]} models the engine catalog; models[0] is the default
 * @returns {{settings: Settings, notice: string | null}} notice: what to tell the user, if anything was dropped
 */
export function loadSettings(models) {
  const fallback = { model: models[0].id, overrides: {} };
  let saved;
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    if (text === null) return { settings: fallback, notice: null };
    saved = JSON.parse(text);
  } catch {
    return { settings: fallback, notice: 'Your saved settings could not be read, so the defaults are shown.' };
  }
  if (!isPlainObject(saved)) {
    return { settings: fallback, notice: 'Your saved settings could not be read, so the defaults are shown.' };
  }

  let dropped = false;
  const settings = { model: fallback.model, overrides: {} };
  if (models.some((model) => model.id === saved.model)) {
    settings.model = saved.model;
  } else {
    dropped = true;
  }
  const savedOverrides = isPlainObject(saved.overrides) ? saved.overrides : {};
  for (const [modelId, values] of Object.entries(savedOverrides)) {
    const model = models.find((candidate) => candidate.id === modelId);
    if (!model || !isPlainObject(values)) {
      dropped = true;
      continue;
    }
    const keys = new Set(model.params.map((param) => param.key));
    const kept = {};
    for (const [key, value] of Object.entries(values)) {
      if (keys.has(key) && Number.isFinite(value)) {
        kept[key] = value;
      } else {
        dropped = true;
      }
    }
    settings.overrides[modelId] = kept;
  }
  const notice = dropped ? 'Some saved settings no longer apply and were reset to their defaults.' : null;
  return { settings, notice };
}

/**
 * Saves the settings. Returns false if the browser refuses (storage disabled or full);
 * the page keeps working, it just will not remember.
 * @param {Settings} settings
 */
export function saveSettings(settings) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    return true;
  } catch {
    return false;
  }
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
