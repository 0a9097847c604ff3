// The page's own settings when nothing is saved: page settings, not engine parameters (those come
// from the engine's catalog).

/** The most laws the explorer compares at once (one colour and dash each on the chart). */
export const MAX_LAWS = 4;

/** Whether the presliding view offers a law: a dynamic law whose state carries its stick (presliding
 * displacement), not one that holds the body exactly at rest (the θ model). */
export const hasPresliding = (law) => Boolean(law.can?.dynamic && !law.can?.holdsAtRest);

/**
 * The explorer's own inputs when nothing is saved. These are page settings, not engine parameters.
 * The linear range straddles v = 0, where the laws differ most; the log range reaches down to the
 * micrometre-per-second creep of Drake's stiction region.
 * common: the "common coefficients" switch, off, and the values it drives every law from when on:
 * the seed app's μs 0.6 and μk 0.4, and a stiction speed of 1 mm/s (LuGre's Stribeck velocity in
 * Canudas de Wit et al.'s Table I), wide enough to see on the linear axis.
 */
export const EXPLORER_DEFAULTS = Object.freeze({
  laws: ['coulomb', 'drake-stribeck'],
  quantity: 'mu',
  scale: 'linear',
  ranges: { linear: { vMin: -0.2, vMax: 0.2 }, log: { vMin: 1e-6, vMax: 1 } },
  N: 10,
  p: 0,
  theta: null,
  common: { on: false, muS: 0.6, muK: 0.4, vS: 1e-3 },
});

/**
 * The stability map when nothing is saved: the seed model with a renewal length long enough that
 * steady sliding exists (D/τ = 0.5 m/s > v0), over the spring-dashpot plane, where its critical
 * damping E_c(c) crosses the map (physics-checks §3). Keys the catalog lacks are dropped on load.
 */
export const MAP_DEFAULTS = Object.freeze({
  subject: 'abbott-seed',
  overrides: { 'abbott-seed': { tau: 100, D: 50, tmax: 30 } },
  system: {},
  start: 'steady',
  kick: 0.01,
  x: { target: 'params', key: 'c', min: 2, max: 40, count: 32, log: false },
  y: { target: 'params', key: 'eta', min: 0.05, max: 1.2, count: 32, log: false },
});

/** The spring-block charts' options when nothing is saved. */
export const CHART_DEFAULTS = Object.freeze({ position: false, phaseX: 'spring' });
