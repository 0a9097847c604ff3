// Builds the parameter controls from the engine catalog. Nothing about a parameter (label, symbol,
// unit, range, step, default, help, derived default, kind) is written here: it all comes from
// engine.models(), engine.laws() and engine.system(), so the page follows the engine when
// parameters change.
//
// Kinds: 'number' (slider + number box), 'integer' (slider and number box moving in steps of 1,
// e.g. Radioss's Iform), 'list' (a text box of comma-separated numbers, e.g. OpenSees's `vel`;
// min/max bound every item). A catalog without `kind` means 'number'.
//
// Two ranges: a slider spans sliderMin … sliderMax, a friendly span around the default; min/max
// (maybe ±Infinity, minExclusive refusing min itself) is what the engine accepts, which a typed value
// may use in full. A catalog without slider fields slides over min … max.

import { el } from './dom.js';
import { describeRange, formatQuantity, roundSignificant } from './format.js';

// Log-scale sliders move in log10(value); this many steps span the slider's range.
const LOG_SLIDER_STEPS = 200;
// Significant digits for values the page computes (log-slider positions, derived defaults):
// enough to see every slider step, few enough to read at a glance.
const LOG_VALUE_DIGITS = 3;
const DERIVED_VALUE_DIGITS = 6;

/**
 * Parses the text of a list box: numbers separated by commas (spaces and semicolons work too).
 * @param {string} text e.g. "0, 2, 8, 10"
 * @returns {number[] | null} null unless every item is a finite number and there is at least one
 */
export function parseNumberList(text) {
  const parts = text.trim().split(/\s*[,;]\s*|\s+/);
  if (parts.length === 0 || parts.some((part) => part === '')) return null;
  const items = parts.map(Number);
  return items.every(Number.isFinite) ? items : null;
}

/** How a list is written into its box, and how the page shows it back. */
export function formatNumberList(items) {
  return items.join(', ');
}

/** A parameter's kind; catalogs from before kinds existed mean 'number'. */
export function kindOf(spec) {
  return spec.kind ?? 'number';
}

/** The span a slider offers: the catalog's friendly one, or the accepted range where it has none. */
export function sliderSpan(spec) {
  return { min: spec.sliderMin ?? spec.min, max: spec.sliderMax ?? spec.max };
}

/**
 * One row per parameter: a range input and a number box kept in step (or, for a list, one text
 * box), a help line and an error line. The form holds the values the user set ("overrides");
 * every other parameter shows its catalog default, or, for a parameter with `defaultFrom`, the
 * default its formula gives.
 */
export class ParamsForm {
  #container;
  #onChange;
  #idPrefix;
  /** @type {{key: string, defaultFrom: {key: string, factor: number, formula: string} | null}[]} */
  #specs = [];
  /** @type {Record<string, number | number[]>} */
  #overrides = {};
  /** @type {Map<string, {spec: object, range: HTMLInputElement | null, number: HTMLInputElement, formula: HTMLElement | null, error: HTMLElement}>} */
  #rows = new Map();
  /** Messages the page itself gives (a list box that does not parse), by key; they outlive clearErrors(). */
  #localErrors = new Map();
  /** Each value as it was at the last accept(): the last value the engine ran with. */
  #lastGood = new Map();

  /**
   * @param {HTMLElement} container receives the rows
   * @param {() => void} onChange called after every change of a value the user made
   * @param {{idPrefix?: string}} [options] idPrefix starts every element id (default 'param-'),
   *   so that several forms can share a page: the control for key k is #<idPrefix>k.
   */
  constructor(container, onChange, { idPrefix = 'param-' } = {}) {
    this.#container = container;
    this.#onChange = onChange;
    this.#idPrefix = idPrefix;
  }

  /**
   * Rebuilds every row for `model`, showing `overrides` where set and defaults elsewhere.
   * @param {{params: object[]}} model
   * @param {Record<string, number>} overrides
   */
  render(model, overrides) {
    this.#specs = model.params;
    this.#overrides = { ...overrides };
    this.#rows.clear();
    this.#localErrors.clear();
    this.#container.replaceChildren(...model.params.map((spec) => this.#buildRow(spec)));
    for (const key of this.#rows.keys()) this.#show(key);
  }

  /** Records every shown value as valid: the engine has just run with them (see #revert). */
  accept() {
    for (const spec of this.#specs) this.#lastGood.set(spec.key, this.#value(spec));
  }

  /** The values the user set, keyed by parameter: what the engine is sent and what is saved. */
  get overrides() {
    return { ...this.#overrides };
  }

  /**
   * Shows `message` next to the control for `key` and marks its number box invalid.
   * @returns {boolean} false if no control has that key (the caller shows the message elsewhere)
   */
  showError(key, message) {
    const row = this.#rows.get(key);
    if (!row) return false;
    row.error.textContent = message;
    row.number.setAttribute('aria-invalid', 'true');
    // The field in error comes into view (its message is a live alert, so it is announced too).
    row.error.closest('.param')?.scrollIntoView({ block: 'nearest' });
    return true;
  }

  /** Removes the engine's messages; a list box that still does not parse keeps its own. */
  clearErrors() {
    for (const [key, row] of this.#rows) {
      const local = this.#localErrors.get(key);
      row.error.textContent = local ?? '';
      if (local) row.number.setAttribute('aria-invalid', 'true');
      else row.number.removeAttribute('aria-invalid');
    }
  }

  /**
   * Sets `key` to `value` as if the user had typed it (the change is reported), e.g. the value "Why it
   * sticks" offers. Returns the number box, or null if the form has no such parameter.
   */
  setValue(key, value) {
    const row = this.#rows.get(key);
    if (!row) return null;
    this.#setLocalError(key, null);
    this.#set(key, value, { from: 'api' });
    return row.number;
  }

  /** True if `key` is one of this form's parameters. */
  has(key) {
    return this.#rows.has(key);
  }

  #buildRow(spec) {
    return kindOf(spec) === 'list' ? this.#buildListRow(spec) : this.#buildNumberRow(spec);
  }

  /** Label, symbol, unit and (for a derived default) its formula: the head of every row. */
  #buildHead(spec, id) {
    const label = el('label', { htmlFor: id, id: `${id}-label`, className: 'param-label' });
    label.append(el('span', { className: 'param-name', textContent: spec.label }));
    // The symbol after the label, unless the label already ends with it ("Renewal law", symbol "law").
    if (spec.symbol && spec.symbol !== spec.label && !spec.label.endsWith(` ${spec.symbol}`)) {
      label.append(' ', el('span', { className: 'param-symbol', textContent: spec.symbol }));
    }
    const head = el('div', { className: 'param-head' }, label);
    if (spec.unit)
      head.append(
        el('span', { id: `${id}-unit`, className: 'param-unit', textContent: spec.unit }),
      );
    const formula = spec.defaultFrom ? el('small', { className: 'param-formula' }) : null;
    if (formula) head.append(formula);
    return { head, formula };
  }

  #buildHelpAndError(spec, id, helpText = spec.help) {
    const help = el('small', { id: `${id}-help`, className: 'param-help', textContent: helpText });
    const error = el('p', { id: `${id}-error`, className: 'param-error' });
    error.setAttribute('role', 'alert');
    return { help, error };
  }

  /**
   * A list parameter: one text box of comma-separated numbers. Nothing is sent while the text
   * does not parse (mid-typing, e.g. "0, 2,"); leaving the box with such text says why.
   */
  #buildListRow(spec) {
    const id = `${this.#idPrefix}${spec.key}`;
    const { head, formula } = this.#buildHead(spec, id);
    const bounds = `Numbers separated by commas, each ${describeRange(spec)}.`;
    const { help, error } = this.#buildHelpAndError(
      spec,
      id,
      spec.help ? `${spec.help} ${bounds}` : bounds,
    );
    const box = el('input', {
      type: 'text',
      id,
      title: spec.help ?? '',
      autocomplete: 'off',
      spellcheck: false,
      className: 'param-list',
    });
    box.setAttribute('aria-labelledby', spec.unit ? `${id}-label ${id}-unit` : `${id}-label`);
    box.setAttribute('aria-describedby', `${id}-help ${id}-error`);

    box.addEventListener('input', () => {
      const items = parseNumberList(box.value);
      if (items) {
        this.#setLocalError(spec.key, null);
        this.#set(spec.key, items, { from: 'number' });
      }
    });
    box.addEventListener('change', () => {
      if (parseNumberList(box.value)) return;
      this.#setLocalError(
        spec.key,
        `Write numbers separated by commas, such as "${formatNumberList(spec.default ?? [0, 1])}".`,
      );
    });

    this.#rows.set(spec.key, { spec, range: null, number: box, formula, error });
    const row = el(
      'div',
      { className: 'param' },
      head,
      el('div', { className: 'param-inputs' }, box),
      help,
      error,
    );
    row.dataset.key = spec.key;
    return row;
  }

  #setLocalError(key, message) {
    const row = this.#rows.get(key);
    if (message) {
      this.#localErrors.set(key, message);
      row.error.textContent = message;
      row.number.setAttribute('aria-invalid', 'true');
    } else if (this.#localErrors.delete(key)) {
      row.error.textContent = '';
      row.number.removeAttribute('aria-invalid');
    }
  }

  #buildNumberRow(spec) {
    const id = `${this.#idPrefix}${spec.key}`;
    const integer = kindOf(spec) === 'integer';
    const log = isLogScale(spec);

    const { head, formula } = this.#buildHead(spec, id);
    // An integer switch (Iform 1–2) moves in whole steps whatever step the catalog gives.
    const step = integer ? 1 : spec.step;

    const describedBy = `${id}-help ${id}-error`;
    const span = sliderSpan(spec);
    const range = el('input', {
      type: 'range',
      id,
      title: spec.help,
      min: String(log ? Math.log10(span.min) : span.min),
      max: String(log ? Math.log10(span.max) : span.max),
      step: String(log ? (Math.log10(span.max) - Math.log10(span.min)) / LOG_SLIDER_STEPS : step),
    });
    range.setAttribute('aria-describedby', describedBy);
    // The number box has no min/max on purpose: a typed value may lie outside the slider's span (in
    // the whole range the engine accepts), and the engine, not the page, decides whether it is valid.
    const number = el('input', {
      type: 'number',
      id: `${id}-number`,
      title: spec.help,
      inputMode: integer ? 'numeric' : 'decimal',
      autocomplete: 'off',
      step: log ? 'any' : String(step),
    });
    // The box's accessible name carries the unit too; the slider's unit is in its aria-valuetext.
    number.setAttribute('aria-labelledby', spec.unit ? `${id}-label ${id}-unit` : `${id}-label`);
    number.setAttribute('aria-describedby', describedBy);

    const { help, error } = this.#buildHelpAndError(spec, id);

    range.addEventListener('input', () => {
      this.#setLocalError(spec.key, null);
      const position = Number(range.value);
      const value = log ? roundSignificant(10 ** position, LOG_VALUE_DIGITS) : position;
      this.#set(spec.key, value, { from: 'range' });
    });
    number.addEventListener('input', () => {
      // Mid-typing states ("", "-", "1e") have no value yet: wait for a number.
      if (!Number.isFinite(number.valueAsNumber)) return;
      this.#setLocalError(spec.key, null);
      this.#set(spec.key, number.valueAsNumber, { from: 'number' });
    });
    number.addEventListener('change', () => {
      // Leaving the box without a number puts the last valid value back, and says why.
      if (!Number.isFinite(number.valueAsNumber)) this.#revert(spec);
    });

    this.#rows.set(spec.key, { spec, range, number, formula, error });
    const row = el(
      'div',
      { className: 'param' },
      head,
      el('div', { className: 'param-inputs' }, range, number),
      help,
      error,
    );
    row.dataset.key = spec.key;
    return row;
  }

  /**
   * The box holds text that is no number the engine can take: the browser reads a number beyond the
   * double range (±1.8e308, e.g. 1e400) or an unfinished one ("1e") as no value at all. The box goes
   * back to the last value the engine ran with, and the message says so.
   */
  #revert(spec) {
    const good = this.#lastGood.get(spec.key) ?? this.#value(spec);
    const message =
      `${spec.label}: that is not a number the engine can take (a number beyond ±1.8e308, the range ` +
      `of a double, or an unfinished one such as "1e"), so the box is back at the last valid value, ` +
      `${formatQuantity(good, spec.unit, DERIVED_VALUE_DIGITS)}. It must be ${describeRange(spec)}.`;
    if (this.#value(spec) !== good) this.#set(spec.key, good, { from: 'revert' });
    else this.#show(spec.key);
    this.#setLocalError(spec.key, message);
  }

  #set(key, value, { from }) {
    this.#overrides[key] = value;
    this.#show(key, { skip: from });
    // Parameters whose default follows this one (e.g. Fn = m·g) move with it unless set by hand.
    for (const spec of this.#specs) {
      if (spec.defaultFrom?.key === key && !(spec.key in this.#overrides)) this.#show(spec.key);
    }
    this.#onChange();
  }

  /** Writes the current value of `key` into its controls (except the one being edited). */
  #show(key, { skip } = {}) {
    const { spec, range, number, formula } = this.#rows.get(key);
    const value = this.#value(spec);
    if (!range) {
      // A list box: the text the user is typing is left alone.
      if (skip !== 'number') number.value = formatNumberList(value);
      return;
    }
    if (skip !== 'number') number.value = String(value);
    if (skip !== 'range') {
      // A log slider cannot show a value <= 0; it rests at its minimum until the value is fixed.
      range.value = String(isLogScale(spec) ? (value > 0 ? Math.log10(value) : range.min) : value);
    }
    range.setAttribute('aria-valuetext', formatQuantity(value, spec.unit, DERIVED_VALUE_DIGITS));
    if (formula) {
      const following = !(key in this.#overrides);
      formula.textContent = following
        ? `= ${spec.defaultFrom.formula}`
        : `default ${spec.defaultFrom.formula}`;
      formula.classList.toggle('is-following', following);
    }
  }

  /** The value a parameter has now: the user's, or its (possibly derived) default. */
  #value(spec) {
    if (spec.key in this.#overrides) return this.#overrides[spec.key];
    if (!spec.defaultFrom) return spec.default;
    const source = this.#specs.find((other) => other.key === spec.defaultFrom.key);
    return roundSignificant(spec.defaultFrom.factor * this.#value(source), DERIVED_VALUE_DIGITS);
  }
}

export function isLogScale(spec) {
  // log10 needs a positive span; a catalog entry that breaks this is shown on a linear slider.
  // An integer switch always moves in whole steps.
  const span = sliderSpan(spec);
  return kindOf(spec) === 'number' && spec.scale === 'log' && span.min > 0 && span.max > span.min;
}
