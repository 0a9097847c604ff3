// The law explorer's list of laws: one card per chosen law (name, origin, description, citation,
// the inputs it reads, and its parameter controls built by ParamsForm from engine.laws()), and the
// control that adds a law. Cards are in slot order; slot i is drawn in lawStyle(i) on the chart.
// While the common coefficients drive a law's parameters, their controls show the driven value,
// disabled, with where it comes from ("from μs"); the values the user set stay in the form.

import { lawStyle } from '../charts/palette.js';
import { el } from '../ui/dom.js';
import { isLogScale, ParamsForm } from '../ui/params-form.js';
import { MAX_LAWS } from '../state/explorer-slice.js';

const SVG = 'http://www.w3.org/2000/svg';

export class LawCards {
  #list;
  #addSelect;
  #addButton;
  #addNote;
  #laws;
  #onChange;
  /** @type {{law: object, form: ParamsForm, card: HTMLElement, error: HTMLElement, driven: string[]}[]} in slot order */
  #cards = [];
  /** The parameters the common coefficients drive, by law id and key (see drive()). */
  #driven = {};
  /** Values the user set, by law id, kept for laws removed from the list so that adding one back restores them. */
  #overrides = {};

  /**
   * @param {{list: HTMLElement, addSelect: HTMLSelectElement, addButton: HTMLButtonElement, addNote: HTMLElement}} elements
   * @param {object[]} laws engine.laws()
   * @param {() => void} onChange called after every change: a value, a law added or removed
   */
  constructor({ list, addSelect, addButton, addNote }, laws, onChange) {
    this.#list = list;
    this.#addSelect = addSelect;
    this.#addButton = addButton;
    this.#addNote = addNote;
    this.#laws = laws;
    this.#onChange = onChange;
    addButton.addEventListener('click', () => {
      if (!addSelect.value) return;
      this.#add(addSelect.value);
      this.#refresh();
      this.#onChange();
    });
  }

  /**
   * Shows the cards of `ids`, in that order, with the values the user set.
   * @param {string[]} ids
   * @param {Record<string, Record<string, number | number[]>>} overrides by law id
   */
  render(ids, overrides) {
    this.#overrides = structuredClone(overrides);
    this.#cards = [];
    this.#list.replaceChildren();
    for (const id of ids) this.#add(id);
    this.#refresh();
  }

  /** The chosen laws in slot order, each with the values the user set. */
  get selection() {
    return this.#cards.map(({ law, form }) => ({
      id: law.id,
      name: law.name,
      params: form.overrides,
    }));
  }

  /**
   * Shows the engine's message on the card of law `id`: beside the control of `parameter` if the
   * law has one, else at the top of the card.
   */
  showError(id, parameter, message) {
    const entry = this.#cards.find((card) => card.law.id === id);
    if (!entry) return false;
    if (!entry.form.showError(parameter, message)) entry.error.textContent = message;
    return true;
  }

  /**
   * Shows the parameters the common coefficients drive as driven: each control disabled, showing the
   * value and its source. A parameter no longer driven gets the user's value (or the default) back.
   * @param {Record<string, Record<string, {value: number, from: string}>>} driven by law id, then key; {} when off
   */
  drive(driven) {
    this.#driven = driven;
    for (const entry of this.#cards) this.#applyDriven(entry);
  }

  /** True if law `id` is shown and has a parameter called `key`. */
  hasParam(id, key) {
    return this.#cards.some((card) => card.law.id === id && card.form.has(key));
  }

  clearErrors() {
    for (const { form, error } of this.#cards) {
      form.clearErrors();
      error.textContent = '';
    }
  }

  #add(id) {
    const law = this.#laws.find((candidate) => candidate.id === id);
    if (!law || this.#cards.some((card) => card.law.id === id) || this.#cards.length >= MAX_LAWS)
      return;
    const prefix = `law-${id}-`;
    const title = el('h3', { id: `${prefix}title`, className: 'law-name', textContent: law.name });
    const swatch = document.createElementNS(SVG, 'svg');
    swatch.setAttribute('class', 'law-swatch');
    swatch.setAttribute('viewBox', '0 0 32 8');
    swatch.setAttribute('aria-hidden', 'true');
    swatch.append(document.createElementNS(SVG, 'line'));
    const badge = el('span', { className: 'origin-badge', textContent: law.origin });
    badge.dataset.origin = law.origin;
    const remove = el('button', { type: 'button', className: 'law-remove', textContent: 'Remove' });
    remove.setAttribute('aria-label', `Remove ${law.name}`);
    const params = el('div', { className: 'params' });
    params.setAttribute('role', 'group');
    params.setAttribute('aria-labelledby', title.id);
    const error = el('p', { className: 'param-error law-error' });
    error.setAttribute('role', 'alert');
    const reset = el('button', {
      type: 'button',
      className: 'law-reset',
      textContent: 'Reset to defaults',
    });
    reset.setAttribute('aria-label', `Reset to defaults: ${law.name}`);

    const card = el(
      'article',
      { id: `law-card-${id}`, className: 'law-card' },
      el(
        'header',
        { className: 'law-card-head' },
        el('div', { className: 'law-title-row' }, swatch, title),
        el('div', { className: 'law-meta-row' }, badge, remove),
      ),
      el('p', { className: 'law-description', textContent: law.description }),
      el('p', { className: 'law-citation', textContent: law.citation }),
      el('p', { className: 'law-inputs', textContent: describeInputs(law.inputs) }),
      error,
      params,
      el('div', { className: 'actions' }, reset),
    );
    card.setAttribute('aria-labelledby', title.id);
    card.dataset.law = id;

    const form = new ParamsForm(
      params,
      () => {
        this.#overrides[id] = form.overrides;
        this.#onChange();
      },
      { idPrefix: prefix },
    );
    form.render(law, this.#overrides[id] ?? {});

    remove.addEventListener('click', () => {
      this.#cards = this.#cards.filter((entry) => entry.law.id !== id);
      card.remove();
      this.#refresh();
      // The button that had focus is gone: continue from the law picker.
      this.#addSelect.focus();
      this.#onChange();
    });
    reset.addEventListener('click', () => {
      this.#overrides[id] = {};
      form.render(law, {});
      entry.driven = [];
      this.#applyDriven(entry);
      this.#onChange();
    });

    const entry = { law, form, card, error, driven: [] };
    this.#cards.push(entry);
    this.#list.append(card);
    this.#applyDriven(entry);
  }

  /** Marks the driven rows of one card; rows driven before but not now are rebuilt by the form. */
  #applyDriven(entry) {
    const driven = this.#driven[entry.law.id] ?? {};
    const keys = Object.keys(driven);
    if (entry.driven.some((key) => !(key in driven))) {
      // The form shows the user's values (or the defaults) again, enabled.
      entry.form.render(entry.law, this.#overrides[entry.law.id] ?? {});
    }
    entry.driven = keys;
    for (const [key, { value, from }] of Object.entries(driven))
      markDrivenRow(entry, key, value, from);
  }

  /** Swatches follow the slots; the picker offers the laws not shown, while there is room. */
  #refresh() {
    this.#cards.forEach(({ card }, index) => {
      const { colour, dash } = lawStyle(index);
      const line = card.querySelector('.law-swatch line');
      for (const [name, value] of Object.entries({
        x1: 1,
        y1: 4,
        x2: 31,
        y2: 4,
        stroke: colour,
        'stroke-width': 3,
        'stroke-dasharray': dash.join(' ') || 'none',
      })) {
        line.setAttribute(name, String(value));
      }
    });
    const shown = new Set(this.#cards.map((card) => card.law.id));
    const groups = new Map();
    for (const law of this.#laws) {
      if (shown.has(law.id)) continue;
      if (!groups.has(law.origin)) groups.set(law.origin, el('optgroup', { label: law.origin }));
      groups.get(law.origin).append(new Option(law.name, law.id));
    }
    this.#addSelect.replaceChildren(...groups.values());
    const full = this.#cards.length >= MAX_LAWS;
    const none = groups.size === 0;
    this.#addSelect.disabled = full || none;
    this.#addButton.disabled = full || none;
    this.#addNote.textContent = full
      ? `The chart compares up to ${MAX_LAWS} laws: remove one to add another.`
      : this.#cards.length === 0
        ? 'No law chosen: add one to see its curve.'
        : '';
  }
}

/**
 * Which of the curve inputs the law reads, e.g. "Inputs: v, N and p." from ['v', 'N', 'p'].
 * Inputs of the vector form (vt, n, Fn, Fe) are not curve inputs and are left out.
 */
function describeInputs(inputs) {
  const names = { v: 'v', N: 'N', p: 'p', theta: 'θ' };
  const list = (inputs ?? []).filter((input) => input in names).map((input) => names[input]);
  if (list.length === 0) return '';
  const joined = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
  return `Inputs: ${joined}.`;
}

/**
 * One driven row: its slider and number box show the common value and are disabled, and a badge
 * names where the value comes from (`from`). A row the card does not have is left alone.
 */
function markDrivenRow(entry, key, value, from) {
  const prefix = `law-${entry.law.id}-`;
  const row = entry.card.querySelector(`.param[data-key="${CSS.escape(key)}"]`);
  const spec = entry.law.params.find((candidate) => candidate.key === key);
  if (!row || !spec) return;
  const range = row.querySelector(`#${CSS.escape(prefix + key)}`);
  const number = row.querySelector(`#${CSS.escape(`${prefix}${key}-number`)}`);
  if (!range || !number) return;
  row.classList.add('is-driven');
  number.value = String(value);
  number.disabled = true;
  range.disabled = true;
  const log = isLogScale(spec);
  range.value = String(log ? (value > 0 ? Math.log10(value) : range.min) : value);
  range.setAttribute('aria-valuetext', `${value}${spec.unit ? ` ${spec.unit}` : ''}, from ${from}`);
  drivenBadge(row, `${prefix}${key}-driven`, [range, number]).textContent = `from ${from}`;
}

/** The row's "from …" badge, made (and named by the row's controls) the first time. */
function drivenBadge(row, badgeId, controls) {
  let badge = row.querySelector('.param-driven');
  if (badge) return badge;
  badge = el('small', { id: badgeId, className: 'param-driven' });
  row.querySelector('.param-head')?.append(badge);
  for (const control of controls) {
    const described = control.getAttribute('aria-describedby') ?? '';
    if (!described.split(' ').includes(badgeId))
      control.setAttribute('aria-describedby', `${badgeId} ${described}`.trim());
  }
  return badge;
}
