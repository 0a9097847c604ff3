// The Fit view's parameter table (which parameters are free, and the values of the others or the
// starts of the free ones) and its result: converged or not, each fitted value ± its standard error,
// R², the RMS error and the engine's warnings.

import { el } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';

/**
 * A law's number parameters as rows (and, for a record, the spring-block system's): a "fit" checkbox
 * and a value (fixed, or the fit's start).
 */
export class FitParamsTable {
  #onChange;
  #rows = [];

  constructor(onChange) {
    this.#onChange = onChange;
    this.element = el('table', { id: 'fit-params', className: 'fit-table' });
  }

  /**
   * Rows for `law`'s parameters and the `system` rows with `fit`'s free set and values (the catalog's
   * defaults, or the system's values, otherwise).
   * @param {{params: object[]}} law
   * @param {{free: string[], values: object}} fit
   * @param {{key: string, spec: object, base: number}[]} [system] the record's system values that may
   *   be freed: key "system.KEY", base the value the record runs with
   */
  show(law, fit, system = []) {
    const head = el(
      'tr',
      {},
      ...['Fit', 'Parameter', 'Value or start'].map((text) =>
        el('th', { scope: 'col', textContent: text }),
      ),
    );
    const own = law.params
      .filter((param) => param.kind !== 'list')
      .map((param) => ({ key: param.key, spec: param, base: param.default }));
    this.#rows = [...own, ...system].map((row) => this.#row(row, fit));
    this.element.replaceChildren(
      el('thead', {}, head),
      el('tbody', {}, ...this.#rows.map(({ row }) => row)),
    );
  }

  /** One row: its checkbox, its name (a system value says so) and its value box. */
  #row({ key, spec, base }, fit) {
    const id = key.replace('.', '-');
    const free = el('input', {
      id: `fit-free-${id}`,
      type: 'checkbox',
      checked: fit.free.includes(key),
      disabled: spec.kind !== 'number',
    });
    const value = el('input', {
      id: `fit-value-${id}`,
      type: 'number',
      step: 'any',
      value: String(fit.values[key] ?? base),
    });
    const whose = key.startsWith('system.') ? ' (spring-block)' : '';
    const name = `${spec.symbol} ${spec.label}${whose}${spec.unit ? ` [${spec.unit}]` : ''}`;
    free.setAttribute('aria-label', `Fit ${spec.label}${whose}`);
    value.setAttribute('aria-label', `${spec.label}${whose}${spec.unit ? ` in ${spec.unit}` : ''}`);
    for (const input of [free, value]) input.addEventListener('change', () => this.#onChange());
    return {
      key,
      base,
      free,
      value,
      row: el(
        'tr',
        {},
        el('td', {}, free),
        el('th', { scope: 'row', textContent: name, title: spec.help }),
        el('td', {}, value),
      ),
    };
  }

  /** {free, values}: the checked keys, and every value the user typed that differs from its row's base. */
  read() {
    const free = this.#rows.filter(({ free: box }) => box.checked).map(({ key }) => key);
    const values = {};
    for (const { key, base, value } of this.#rows) {
      const number = Number(value.value);
      if (value.value.trim() !== '' && Number.isFinite(number) && number !== base)
        values[key] = number;
    }
    return { free, values };
  }
}

/** Fills the result's verdict, table, statistics and warnings; `system`: the spring-block's catalog entry. */
export function showFitResult(ui, result, law, system) {
  const byKey = new Map(law.params.map((param) => [param.key, param]));
  for (const param of system?.params ?? [])
    byKey.set(`system.${param.key}`, { ...param, label: `${param.label} (spring-block)` });
  ui.verdict.dataset.converged = String(result.converged);
  ui.verdict.textContent = result.converged
    ? `Converged: ${law.name}`
    : `Not converged: ${law.name}, its best point so far (see the warnings)`;
  const rows = result.free.map((key) => {
    const param = byKey.get(key) ?? { symbol: key, label: key, unit: '' };
    const error = result.standardErrors[key];
    const errorText = Number.isFinite(error)
      ? `± ${formatQuantity(error, '', 3)}`
      : '± not determined';
    return el(
      'tr',
      {},
      el('th', { scope: 'row', textContent: `${param.symbol} ${param.label}` }),
      el('td', { textContent: `${formatQuantity(result.values[key], '', 6)} ${errorText}` }),
      el('td', { textContent: param.unit || '–' }),
    );
  });
  const head = el(
    'tr',
    {},
    ...['Parameter', 'Value ± standard error', 'Unit'].map((text) =>
      el('th', { scope: 'col', textContent: text }),
    ),
  );
  ui.table.replaceChildren(el('thead', {}, head), el('tbody', {}, ...rows));
  const r2 = Number.isFinite(result.rSquared)
    ? `R² = ${result.rSquared.toFixed(6)}`
    : 'R² not defined (constant data)';
  ui.stats.textContent = `${r2}; RMS error ${formatQuantity(result.rms, '', 4)} in the y column's SI unit; ${result.x.length} points; ${result.evaluations} evaluations.`;
  ui.warnings.replaceChildren(
    ...result.warnings.map((warning) => el('li', { textContent: warning })),
  );
}
