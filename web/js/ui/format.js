// Number and text formatting for the page. Pure functions: no DOM, no engine.

/**
 * Formats a number for people: at most `digits` significant digits, no trailing zeros, and
 * exponent notation only when fixed notation would be unreadable (very large or very small).
 * @param {number} value
 * @param {number} [digits=4]
 * @returns {string}
 */
function formatNumber(value, digits = 4) {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-4) {
    // "1.50e-5" -> "1.5e-5": keep exponent form compact.
    return value.toExponential(digits - 1).replace(/\.?0+e/, 'e');
  }
  return String(roundSignificant(value, digits));
}

/**
 * `value` rounded to `digits` significant digits, as a number (so 0.5000 is 0.5).
 * @param {number} value
 * @param {number} digits
 */
export function roundSignificant(value, digits) {
  return Number(value.toPrecision(digits));
}

/**
 * A value with its unit, e.g. "0.6 kg"; a dimensionless value (unit '') is shown bare.
 * @param {number} value
 * @param {string} unit
 * @param {number} [digits]
 */
export function formatQuantity(value, unit, digits) {
  const text = formatNumber(value, digits);
  return unit ? `${text} ${unit}` : text;
}

/**
 * The range a parameter accepts, in words with its unit, as the engine's messages put it: "between 0 kg
 * and 1 kg", "greater than 0 m²" (minExclusive), "at least 0 s/m", "at most 1", or "any finite number"
 * where the catalog sets no bound (±Infinity: OpenSees's laws accept what OpenSees accepts).
 * @param {{min: number, max: number, minExclusive?: boolean, unit: string}} spec
 */
export function describeRange(spec) {
  const low = Number.isFinite(spec.min),
    high = Number.isFinite(spec.max);
  if (low && high && !spec.minExclusive)
    return `between ${formatQuantity(spec.min, spec.unit)} and ${formatQuantity(spec.max, spec.unit)}`;
  const parts = [];
  if (low)
    parts.push(
      `${spec.minExclusive ? 'greater than' : 'at least'} ${formatQuantity(spec.min, spec.unit)}`,
    );
  if (high) parts.push(`at most ${formatQuantity(spec.max, spec.unit)}`);
  return parts.length > 0 ? parts.join(' and ') : 'any finite number';
}

/**
 * The Resonance readout, character for character as the seed app prints it
 * (fixed two decimals, no space before the units), so the two apps can be compared side by side.
 * @param {{resonanceHz: number, resonanceRadPerS: number}} summary
 */
export function formatResonance(summary) {
  // √(c/m) is not a number on the quasi-static slider (m = 0): it has no resonance.
  if (!Number.isFinite(summary.resonanceHz)) return 'none without inertia';
  return summary.resonanceHz.toFixed(2) + 'Hz, ' + summary.resonanceRadPerS.toFixed(2) + 'rad/s';
}

// Plain-language names for the engine's regime tags (one classifier judges runs and map cells alike).
// An unknown tag is shown as it is, so a newer engine with more regimes still reads sensibly.
const REGIME_TEXT = {
  steady: 'Steady sliding',
  oscillation: 'Sustained oscillation',
  growing: 'Growing oscillation (squeal)',
  decaying: 'Decaying oscillation',
  'stick-slip': 'Stick-slip',
  stuck: 'Stuck: the block never slides',
  settling: 'Settling: relaxing towards steady sliding without oscillating',
  'not-settled': 'Not yet settled: too few cycles before the run ends to tell',
  'at-rest': 'At rest: friction has stopped the block',
};

/** @param {string} regime the engine's tag, e.g. 'stick-slip' */
export function describeRegime(regime) {
  return REGIME_TEXT[regime] ?? regime;
}

/**
 * The regime with its measure, as a run's readout and a map cell both say it: an oscillation's
 * growth rate (the engine's fit to its peaks), if it has one.
 * @param {string} regime @param {number} growthRate [1/s], NaN or undefined without one
 */
export function describeRegimeWithGrowth(regime, growthRate) {
  const oscillating = regime === 'growing' || regime === 'decaying' || regime === 'oscillation';
  if (!oscillating) return describeRegime(regime);
  if (!Number.isFinite(growthRate)) return describeRegime(regime);
  // The rate σ of |v − v_ref| ∝ e^(σt) as a learner reads it: the time ln 2/|σ| to halve or double,
  // with σ itself (a negative "growth rate" reads as a contradiction of "decaying").
  const halving = formatQuantity(Math.LN2 / Math.abs(growthRate), 's', 3),
    sigma = formatQuantity(growthRate, '1/s', 3);
  if (regime === 'decaying')
    return `${describeRegime(regime)}: amplitude halves every ${halving} (σ = ${sigma})`;
  if (regime === 'growing')
    return `${describeRegime(regime)}: amplitude doubles every ${halving} (σ = ${sigma})`;
  return `${describeRegime(regime)}, growth rate ${formatQuantity(growthRate, '1/s')}`;
}

/**
 * The words for a law scenario without a drive: the load point at a constant v0, or held still where
 * v0 is 0 (free vibration: the block let go from x0).
 */
export function describeConstantDrive(scenario) {
  const heldStill = scenario.system?.v0 === 0;
  const drive = heldStill
    ? 'none; the load point is held still (v0 = 0)'
    : 'the load point moves at v0 throughout';
  return `Drive: ${drive}.`;
}
