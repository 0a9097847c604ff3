// The Fit view's slice of the settings (settings.fit): its defaults, and a saved or linked slice
// checked against the law catalog and the fit options (views/fit-view.js). A record's free system
// values are "system.KEY" (the engine's own name for them) among the free keys and the values.

const DEFAULTS = {
  law: 'opensees-veldependent',
  free: ['muSlow', 'muFast', 'transRate'],
  values: {},
  kind: 'curve',
  compare: 'mu',
  x: null,
  y: null,
  sigma: null,
  units: {},
  N: 1,
  starts: 8,
  shown: false,
  format: { delimiter: 'auto', decimal: 'auto', headerLine: 0, signs: 'auto' },
};

const FORMAT_CHOICES = {
  delimiter: ['auto', ',', ';', 'tab', 'space'],
  decimal: ['auto', '.', ','],
  signs: ['auto', 'magnitudes', 'signed'],
};

/**
 * The parameters ticked when a law is chosen for a kind of data: the engine's default free parameters
 * (fitOptions().free: its coefficients that data of that kind can determine; for a curve, those its steady
 * curve depends on and tells apart).
 */
export function defaultFree(free, law, kind) {
  return [...(free?.[law]?.[kind] ?? [])];
}

/** A saved format with anything unknown set back to "detect". */
function keepFormat(format) {
  const out = { ...DEFAULTS.format };
  if (!format || typeof format !== 'object') return out;
  for (const [key, choices] of Object.entries(FORMAT_CHOICES))
    if (choices.includes(format[key])) out[key] = format[key];
  if (Number.isInteger(format.headerLine) && format.headerLine > 0)
    out.headerLine = format.headerLine;
  return out;
}

/**
 * The spring-block system's values a record fit may free: every number parameter of the system but its
 * duration (the record's span is the data's), as "system.KEY".
 */
export function systemKeys(system) {
  return (system?.params ?? [])
    .filter((param) => param.kind === 'number' && param.key !== 'duration')
    .map((param) => `system.${param.key}`);
}

/** settings.fit as saved (or linked), with anything the catalog or the fit options do not know reset. */
export function sanitizeFit(saved, laws, kinds, system) {
  const fit = { ...DEFAULTS, ...(saved && typeof saved === 'object' ? saved : {}) };
  keepLawAndValues(fit, laws, systemKeys(system));
  keepKindAndCompare(fit, kinds);
  fit.units = fit.units && typeof fit.units === 'object' ? fit.units : {};
  fit.format = keepFormat(fit.format);
  if (!(Number.isFinite(fit.N) && fit.N > 0)) fit.N = DEFAULTS.N;
  if (!(Number.isInteger(fit.starts) && fit.starts >= 1)) fit.starts = DEFAULTS.starts;
  return fit;
}

/**
 * A known law (else the default law, else the catalog's first, with no free or set values), and of
 * its free parameters and set values only its number parameters and the system's (the values finite).
 */
function keepLawAndValues(fit, laws, system) {
  const law =
    laws.find((candidate) => candidate.id === fit.law) ??
    laws.find((candidate) => candidate.id === DEFAULTS.law) ??
    laws[0];
  if (law.id !== fit.law) Object.assign(fit, { law: law.id, free: [], values: {} });
  const numbers = new Set([
    ...law.params.filter((param) => param.kind === 'number').map((param) => param.key),
    ...system,
  ]);
  fit.free = Array.isArray(fit.free) ? fit.free.filter((key) => numbers.has(key)) : [];
  fit.values = Object.fromEntries(
    Object.entries(fit.values ?? {}).filter(
      ([key, value]) => numbers.has(key) && Number.isFinite(value),
    ),
  );
}

/** A known kind of data (else the first), and a quantity compared that this kind offers. */
function keepKindAndCompare(fit, kinds) {
  const kind = kinds.find((candidate) => candidate.id === fit.kind) ?? kinds[0];
  fit.kind = kind.id;
  if (!kind.compares.some((compare) => compare.id === fit.compare))
    fit.compare = kind.compares[0].id;
}
