// Builds the model picker and the parameter controls from the engine catalog. Nothing about a
// parameter (label, symbol, unit, range, step, default, help, derived default) is written here:
// it all comes from engine.models(), so the page follows the engine when parameters change.

import { formatQuantity, roundSignificant } from './format.js';

// Log-scale sliders move in log10(value); this many steps span the slider's range.
const LOG_SLIDER_STEPS = 200;
// Significant digits for values the page computes (log-slider positions, derived defaults):
// enough to see every slider step, few enough to read at a glance.
const LOG_VALUE_DIGITS = 3;
const DERIVED_VALUE_DIGITS = 6;

/**
 * Fills the model <select> with one option per model, in catalog order.
 * @param {HTMLSelectElement} select
 * @param {{id: string, name: string}[]} models
 */
export function fillModelSelect(select, models) {
  select.replaceChildren(...models.map((model) => new Option(model.name, model.id)));
}

/**
 * One row per parameter: a range input and a number box kept in step, a help line and an error
 * line. The form holds the values the user set ("overrides"); every other parameter shows its
 * catalog default, or, for a parameter with `defaultFrom`, the default its formula gives.
 */
export class ParamsForm {
  #container;
  #onChange;
  /** @type {{key: string, defaultFrom: {key: string, factor: number, formula: string} | null}[]} */
  #specs = [];
  /** @type {Record<string, number>} */
  #overrides = {};
  /** @type {Map<string, {spec: object, range: HTMLInputElement, number: HTMLInputElement, formula: HTMLElement | null, error: HTMLElement}>} */
  #rows = new Map();

  /**
   * @param {HTMLElement} container receives the rows
   * @param {() => void} onChange called after every change of a value the user made
   */
  constructor(container, onChange) {
    this.#container = container;
    this.#onChange = onChange;
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
    this.#container.replaceChildren(...model.params.map((spec) => this.#buildRow(spec)));
    for (const key of this.#rows.keys()) this.#show(key);
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
    return true;
  }

  clearErrors() {
    for (const row of this.#rows.values()) {
      row.error.textContent = '';
      row.number.removeAttribute('aria-invalid');
    }
  }

  #buildRow(spec) {
    const id = `param-${spec.key}`;
    const log = isLogScale(spec);

    const label = el('label', { htmlFor: id, id: `${id}-label`, className: 'param-label' });
    label.append(el('span', { className: 'param-name', textContent: spec.label }));
    if (spec.symbol && spec.symbol !== spec.label) {
      label.append(' ', el('span', { className: 'param-symbol', textContent: spec.symbol }));
    }
    const head = el('div', { className: 'param-head' }, label);
    if (spec.unit) head.append(el('span', { id: `${id}-unit`, className: 'param-unit', textContent: spec.unit }));
    const formula = spec.defaultFrom ? el('small', { className: 'param-formula' }) : null;
    if (formula) head.append(formula);

    const describedBy = `${id}-help ${id}-error`;
    const range = el('input', {
      type: 'range', id, title: spec.help,
      min: String(log ? Math.log10(spec.min) : spec.min),
      max: String(log ? Math.log10(spec.max) : spec.max),
      step: String(log ? (Math.log10(spec.max) - Math.log10(spec.min)) / LOG_SLIDER_STEPS : spec.step),
    });
    range.setAttribute('aria-describedby', describedBy);
    // The number box has no min/max on purpose: a typed value may lie outside the slider's range,
    // and the engine, not the page, decides whether it is valid.
    const number = el('input', {
      type: 'number', id: `${id}-number`, title: spec.help, inputMode: 'decimal', autocomplete: 'off',
      step: log ? 'any' : String(spec.step),
    });
    // The box's accessible name carries the unit too; the slider's unit is in its aria-valuetext.
    number.setAttribute('aria-labelledby', spec.unit ? `${id}-label ${id}-unit` : `${id}-label`);
    number.setAttribute('aria-describedby', describedBy);

    const help = el('small', { id: `${id}-help`, className: 'param-help', textContent: spec.help });
    const error = el('p', { id: `${id}-error`, className: 'param-error' });
    error.setAttribute('role', 'alert');

    range.addEventListener('input', () => {
      const position = Number(range.value);
      const value = log ? roundSignificant(10 ** position, LOG_VALUE_DIGITS) : position;
      this.#set(spec.key, value, { from: 'range' });
    });
    number.addEventListener('input', () => {
      // Mid-typing states ("", "-", "1e") have no value yet: wait for a number.
      if (Number.isFinite(number.valueAsNumber)) this.#set(spec.key, number.valueAsNumber, { from: 'number' });
    });
    number.addEventListener('change', () => {
      // Leaving the box without a number puts the current value back.
      if (!Number.isFinite(number.valueAsNumber)) this.#show(spec.key);
    });

    this.#rows.set(spec.key, { spec, range, number, formula, error });
    return el('div', { className: 'param' }, head, el('div', { className: 'param-inputs' }, range, number), help, error);
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
    if (skip !== 'number') number.value = String(value);
    if (skip !== 'range') {
      // A log slider cannot show a value <= 0; it rests at its minimum until the value is fixed.
      range.value = String(isLogScale(spec) ? (value > 0 ? Math.log10(value) : range.min) : value);
    }
    range.setAttribute('aria-valuetext', formatQuantity(value, spec.unit, DERIVED_VALUE_DIGITS));
    if (formula) {
      const following = !(key in this.#overrides);
      formula.textContent = following ? `= ${spec.defaultFrom.formula}` : `default ${spec.defaultFrom.formula}`;
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

function isLogScale(spec) {
  // log10 needs a positive range; a catalog entry that breaks this is shown on a linear slider.
  return spec.scale === 'log' && spec.min > 0 && spec.max > spec.min;
}

/** document.createElement with properties and children. */
function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
