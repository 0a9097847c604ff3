// The Fit view's request to the engine (from its settings, its data and the other views' scenarios) and
// the engine's refusals put in the page's words: a message names the control to change ("Tick at least
// one parameter…", "Value of Stribeck velocity vs…"), not the request's keys ("free", "params.vs").

import { formatQuantity } from '../ui/format.js';
import { describeDrive } from './drive-words.js';
import { formatRequest } from './fit-format.js';
import { systemKeys } from './fit-settings.js';

/**
 * The record's scenario: the spring-block view's (a law's; the defaults beside a seed model), drive
 * included, without its law and parameters (the fit's own), with the fit's values of the system.
 * The integrator goes only with the law it was chosen for.
 */
export function recordScenario(store) {
  const fit = store.settings.fit;
  const shown = store.settings.spring.scenario;
  const { law, params, ...rig } = shown.law !== undefined ? structuredClone(shown) : {};
  rig.system ??= {};
  if (law !== fit.law) delete rig.integrator;
  for (const [key, value] of Object.entries(fit.values))
    if (key.startsWith('system.')) rig.system[key.slice('system.'.length)] = value;
  return rig;
}

/** A record's system rows: each value it may free, with the value the record runs with. */
export function systemRows(store, catalog) {
  if (store.settings.fit.kind !== 'record') return [];
  const shown = store.settings.spring.scenario;
  const system = shown.law !== undefined ? shown.system : {};
  const specs = catalog.system?.params ?? [];
  const valueOf = (spec) => {
    if (typeof system[spec.key] === 'number') return system[spec.key];
    const from = spec.defaultFrom && specs.find((other) => other.key === spec.defaultFrom.key);
    return from ? spec.defaultFrom.factor * valueOf(from) : spec.default;
  };
  // v0 given as velocity steps is the drive's, not a value to fit.
  const keys = systemKeys(catalog.system).filter(
    (key) => key !== 'system.v0' || !Array.isArray(system.v0),
  );
  return keys.map((key) => {
    const spec = specs.find((candidate) => `system.${candidate.key}` === key);
    return { key, spec, base: valueOf(spec) };
  });
}

/** What a record runs on, in words: the spring-block view's system, start and drive. */
export function recordNote(store, catalog) {
  const shown = store.settings.spring.scenario;
  if (shown.law === undefined)
    return 'The record runs on the spring-block system at its defaults: the spring-block view shows a seed model. Choose a law there to set the system and its drive.';
  const specs = catalog.system?.params ?? [];
  const values = Object.entries(shown.system)
    .filter((entry) => typeof entry[1] === 'number')
    .map(([key, value]) => {
      const spec = specs.find((candidate) => candidate.key === key);
      return `${spec?.symbol ?? key} = ${formatQuantity(value, spec?.unit ?? '')}`;
    });
  const v0 = specs.find((spec) => spec.key === 'v0')?.default;
  const drive = describeDrive(shown, store.settings.spring.speedUnit, v0);
  return (
    `The record runs on the spring-block view's scenario (set it there): ` +
    `${values.length > 0 ? values.join(', ') : 'the default system'}. ${drive}`
  );
}

/**
 * The engine's fit request from the settings, the data and the columns chosen.
 * @param {{x: string, y: string, sigma: string, xUnit: string, yUnit: string}} columns the menus'
 *   values (sigma: '' for none)
 */
export function fitRequest(store, catalog, data, columns) {
  const fit = store.settings.fit;
  const request = {
    kind: fit.kind,
    compare: fit.compare,
    file: data.name,
    text: data.text,
    x: columns.x,
    y: columns.y,
    units: { [columns.x]: columns.xUnit, [columns.y]: columns.yUnit },
    ...(columns.sigma ? { sigma: columns.sigma } : {}),
    ...formatRequest(fit.format),
  };
  if (fit.kind === 'curve') Object.assign(request, { N: fit.N, signs: fit.format.signs });
  // The law's own values; a record's system values go in its scenario. Only what the kind offers is sent.
  const offered = new Set(systemRows(store, catalog).map((row) => row.key));
  const own = (key) => !key.startsWith('system.');
  const out = {
    law: fit.law,
    params: Object.fromEntries(Object.entries(fit.values).filter(([key]) => own(key))),
    free: fit.free.filter((key) => own(key) || offered.has(key)),
    data: request,
    options: { starts: fit.starts },
  };
  if (fit.kind === 'record') out.scenario = recordScenario(store);
  if (fit.kind === 'presliding') out.presliding = store.settings.presliding.scenario.protocol;
  return out;
}

/** The controls a request's fields come from, as the page names them. */
const CONTROLS = {
  free: 'Law and free parameters',
  'data.x': 'x column',
  'data.y': 'y column',
  'data.units': 'x unit and y unit',
  'data.N': 'Normal force N',
  'data.delimiter': 'Delimiter',
  'data.decimal': 'Decimal mark',
  'data.headerLine': 'Header line',
  'data.signs': 'Negative speeds',
  'data.sigma': 'σ column',
  'options.starts': 'Starts',
  presliding: "the presliding view's force protocol",
  scenario: "the spring-block view's scenario",
};

/** The parameters table's name for a law's or the system's key ("Stribeck velocity vs"). */
function paramName(key, law, catalog) {
  const system = key.startsWith('system.');
  const specs = system ? (catalog.system?.params ?? []) : law.params;
  const spec = specs.find((candidate) => candidate.key === (system ? key.slice(7) : key));
  return spec ? `${spec.label} ${spec.symbol}${system ? ' (spring-block)' : ''}` : key;
}

/**
 * A refusal in the page's words: the control it concerns first, and the request's own names in the
 * engine's text replaced by the page's (free → the parameters' ticks, data.signs → Negative speeds).
 * @param {{parameter?: string, message: string}} error the engine's
 * @param {{name: string, params: object[]}} law the law fitted
 * @param {object} request the request refused (its free list names free[i])
 */
export function pageMessage(error, law, catalog, request) {
  const field = error.parameter ?? '';
  let message = String(error.message)
    .replace(/\bdata\.signs to "magnitudes"/g, 'Negative speeds to “Magnitudes”')
    .replace(/\(data\.signs "auto"; "signed"/g, '(“Detect”; “Signed like v”')
    .replace(/\bdata\.(delimiter|decimal|headerLine)\b/g, (_, key) => CONTROLS[`data.${key}`])
    .replace(/Declare it in "units"/g, 'Choose its unit in “x unit” or “y unit”')
    .replace(/^(free\[\d+\]|params\.[\w.]+|data\.[\w.]+): /, '');
  let control = CONTROLS[field] ?? '';
  const ticked = field.match(/^free\[(\d+)\]$/);
  if (field.startsWith('params.')) control = `Value of ${paramName(field.slice(7), law, catalog)}`;
  else if (ticked)
    control = `Fit ${paramName(request?.free?.[Number(ticked[1])] ?? '', law, catalog)}`;
  else if (field.startsWith('scenario')) control = CONTROLS.scenario;
  else if (field.startsWith('presliding')) control = CONTROLS.presliding;
  if (field === 'free')
    message = `tick at least one parameter of ${law.name} to fit (the Fit column).`;
  return control ? `${control}: ${message}` : message;
}
