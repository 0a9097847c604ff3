// The Fit view's parameter table (which parameters are free, and the values of the others or the
// starts of the free ones) and its result: converged or not, each fitted value ± its standard error,
// R², the RMS error and the engine's warnings.

import { el } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';

/** A law's number parameters as rows: a "fit" checkbox and a value (fixed, or the fit's start). */
export class FitParamsTable {
  #onChange;
  #rows = [];

  constructor(onChange) {
    this.#onChange = onChange;
    this.element = el('table', { id: 'fit-params', className: 'fit-table' });
  }

  /** Rows for `law`'s parameters with `fit`'s free set and values (the catalog's defaults otherwise). */
  show(law, fit) {
    const head = el(
      'tr',
      {},
      ...['Fit', 'Parameter', 'Value or start'].map((text) =>
        el('th', { scope: 'col', textContent: text }),
      ),
    );
    this.#rows = law.params
      .filter((param) => param.kind !== 'list')
      .map((param) => {
        const free = el('input', {
          id: `fit-free-${param.key}`,
          type: 'checkbox',
          checked: fit.free.includes(param.key),
          disabled: param.kind !== 'number',
        });
        const value = el('input', {
          id: `fit-value-${param.key}`,
          type: 'number',
          step: 'any',
          value: String(fit.values[param.key] ?? param.default),
        });
        const name = `${param.symbol} ${param.label}${param.unit ? ` [${param.unit}]` : ''}`;
        free.setAttribute('aria-label', `Fit ${param.label}`);
        value.setAttribute('aria-label', `${param.label}${param.unit ? ` in ${param.unit}` : ''}`);
        for (const input of [free, value]) input.addEventListener('change', () => this.#onChange());
        return {
          param,
          free,
          value,
          row: el(
            'tr',
            {},
            el('td', {}, free),
            el('th', { scope: 'row', textContent: name, title: param.help }),
            el('td', {}, value),
          ),
        };
      });
    this.element.replaceChildren(
      el('thead', {}, head),
      el('tbody', {}, ...this.#rows.map(({ row }) => row)),
    );
  }

  /** {free, values}: the checked keys, and every value the user typed that differs from the default. */
  read() {
    const free = this.#rows.filter(({ free: box }) => box.checked).map(({ param }) => param.key);
    const values = {};
    for (const { param, value } of this.#rows) {
      const number = Number(value.value);
      if (value.value.trim() !== '' && Number.isFinite(number) && number !== param.default)
        values[param.key] = number;
    }
    return { free, values };
  }
}

/** Fills the result's verdict, table, statistics and warnings. */
export function showFitResult(ui, result, law) {
  const byKey = new Map(law.params.map((param) => [param.key, param]));
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
