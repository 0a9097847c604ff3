// The page's own settings when nothing is saved: page settings, not engine parameters (those come
// from the engine's catalog). The explorer's and the map's are in their slices' checks
// (explorer-slice.js, map-slice.js), loaded with those views.

/** Whether the presliding view offers a law: a dynamic law whose state carries its stick (presliding
 * displacement), not one that holds the body exactly at rest (the θ model). */
export const hasPresliding = (law) => Boolean(law.can?.dynamic && !law.can?.holdsAtRest);

/** The drive editor's speed units (views/drive-editor.js), by their power of ten below m/s. */
export const SPEED_UNITS = Object.freeze({ 'm/s': 0, 'mm/s': 3, 'µm/s': 6, 'nm/s': 9 });

/** The spring-block charts' options when nothing is saved. */
export const CHART_DEFAULTS = Object.freeze({ position: false, phaseX: 'spring' });
