// The law explorer's evaluation inputs: what to plot (μ or F), the velocity range and axis, and the
// normal force N, pressure p and contact state θ at which every law is evaluated; and the "common
// coefficients" switch with the μs, μk and stiction speed vs it drives every law from. These are page
// settings (settings.js keeps them), not engine parameters; their controls are in index.html.
// The engine checks the values (engine.lawCurve): a refused one gets its message beside it.

const NUMBER_KEYS = ['vMin', 'vMax', 'N', 'p'];
/** The common values' number boxes (#ex-muS, #ex-muK, #ex-vS), kept in values.common. */
const COMMON_KEYS = ['muS', 'muK', 'vS'];

/**
 * What each parameter role of the engine's catalog (engine.laws()[i].params[j].role) takes from the
 * common values: the input it follows, how the card says so, and its value from the common values
 * and the normal force N. Which parameter of a law has which role is the engine's to declare.
 */
const ROLES = {
  'static-coefficient': { input: 'muS', from: 'μs', value: (common) => common.muS },
  'kinetic-coefficient': { input: 'muK', from: 'μk', value: (common) => common.muK },
  'static-force': { input: 'muS', from: 'μs·N', value: (common, N) => common.muS * N },
  'kinetic-force': { input: 'muK', from: 'μk·N', value: (common, N) => common.muK * N },
  'stiction-speed': { input: 'vS', from: 'vs', value: (common) => common.vS },
  'inverse-stiction-speed': { input: 'vS', from: '1/vs', value: (common) => 1 / common.vS },
  'normal-force': { input: 'N', from: 'N', value: (common, N) => N },
};

/**
 * The parameters of `law` that the common values drive, by key: the value, where it comes from
 * ('μs', 'μk·N', '1/vs'…) and the explorer input that sets it. Parameters with no role, or a role
 * this page does not know, keep the law's own value.
 * @param {{params: {key: string, role?: string}[]}} law an engine.laws() entry
 * @param {{muS: number, muK: number, vS: number}} common
 * @param {number} N the explorer's normal force [N]
 * @returns {Record<string, {value: number, from: string, input: string}>}
 */
export function drivenParams(law, common, N) {
  const driven = {};
  for (const spec of law.params) {
    const role = ROLES[spec.role];
    if (role)
      driven[spec.key] = { value: role.value(common, N), from: role.from, input: role.input };
  }
  return driven;
}

/**
 * @typedef {{on: boolean, muS: number, muK: number, vS: number}} CommonValues
 * @typedef {{quantity: 'mu' | 'force', scale: 'linear' | 'log',
 *   ranges: Record<'linear' | 'log', {vMin: number, vMax: number}>, N: number, p: number, theta: number | null,
 *   common: CommonValues}} ExplorerInputValues
 */

export class ExplorerInputs {
  #root;
  #onChange;
  /** @type {ExplorerInputValues} */
  #values;
  /** The θ shown in the box while θ is steady, so unticking "steady" restores the last fixed θ. */
  #fixedTheta = 1;

  /**
   * @param {HTMLElement} root contains the controls: radios named `quantity` and `scale`, number boxes
   *   #ex-vMin, #ex-vMax, #ex-N, #ex-p, #ex-theta, the checkbox #ex-theta-steady, the switch #ex-common with
   *   the boxes #ex-muS, #ex-muK, #ex-vS and the note #ex-common-note, and #ex-<key>-error lines
   * @param {(key: string) => void} onChange called after each change the user makes, with the changed key
   *   ('quantity', 'scale', 'vMin', 'vMax', 'N', 'p', 'theta', 'common', 'muS', 'muK' or 'vS')
   */
  constructor(root, onChange) {
    this.#root = root;
    this.#onChange = onChange;
    for (const name of ['quantity', 'scale']) {
      for (const radio of this.#radios(name)) {
        radio.addEventListener('change', () => {
          if (!radio.checked) return;
          this.#values[name] = radio.value;
          // Each axis keeps its own range: a log axis cannot show the linear default −0.2 … 0.2 m/s.
          if (name === 'scale') this.#showRange();
          this.#onChange(name);
        });
      }
    }
    for (const key of NUMBER_KEYS) {
      const box = this.#box(key);
      box.addEventListener('input', () => {
        // Mid-typing states ("", "-", "1e") have no value yet: wait for a number.
        if (!Number.isFinite(box.valueAsNumber)) return;
        if (key === 'vMin' || key === 'vMax')
          this.#values.ranges[this.#values.scale][key] = box.valueAsNumber;
        else this.#values[key] = box.valueAsNumber;
        this.#onChange(key);
      });
      // Leaving the box without a number puts the current value back.
      box.addEventListener('change', () => {
        if (!Number.isFinite(box.valueAsNumber)) this.#showNumber(key);
      });
    }
    const theta = this.#box('theta');
    const steady = this.#el('ex-theta-steady');
    steady.addEventListener('change', () => {
      this.#values.theta = steady.checked ? null : this.#fixedTheta;
      this.#showTheta();
      this.#onChange('theta');
    });
    theta.addEventListener('input', () => {
      if (!Number.isFinite(theta.valueAsNumber)) return;
      this.#fixedTheta = theta.valueAsNumber;
      this.#values.theta = theta.valueAsNumber;
      this.#onChange('theta');
    });
    theta.addEventListener('change', () => {
      if (!Number.isFinite(theta.valueAsNumber)) this.#showTheta();
    });
    const common = this.#el('ex-common');
    common.addEventListener('change', () => {
      this.#values.common.on = common.checked;
      this.#showCommon();
      this.#onChange('common');
    });
    for (const key of COMMON_KEYS) {
      const box = this.#box(key);
      box.addEventListener('input', () => {
        if (!Number.isFinite(box.valueAsNumber)) return;
        this.#values.common[key] = box.valueAsNumber;
        this.#onChange(key);
      });
      box.addEventListener('change', () => {
        if (!Number.isFinite(box.valueAsNumber)) box.value = String(this.#values.common[key]);
      });
    }
  }

  /** Shows `values` in the controls. @param {ExplorerInputValues} values */
  set(values) {
    this.#values = structuredClone(values);
    if (values.theta !== null) this.#fixedTheta = values.theta;
    for (const name of ['quantity', 'scale']) {
      for (const radio of this.#radios(name)) radio.checked = radio.value === values[name];
    }
    for (const key of NUMBER_KEYS) this.#showNumber(key);
    this.#showTheta();
    for (const key of COMMON_KEYS) this.#box(key).value = String(values.common[key]);
    this.#showCommon();
  }

  /**
   * Lists, under the switch, what the common values could not set in the laws shown: one item per
   * law with the engine's reason (engine.laws()[i].unmapped). Empty while the switch is off.
   * @param {{name: string, unmapped?: string}[]} laws the laws on the chart
   */
  showUnmapped(laws) {
    const note = this.#el('ex-common-note');
    const items = this.#values.common.on ? laws.filter((law) => law.unmapped) : [];
    if (items.length === 0) {
      note.replaceChildren();
      return;
    }
    const list = document.createElement('ul');
    for (const law of items) {
      const item = document.createElement('li');
      const name = document.createElement('strong');
      name.textContent = `${law.name}:`;
      item.append(name, ` ${law.unmapped}`);
      list.append(item);
    }
    const head = document.createElement('p');
    head.textContent = 'Not set by the common values:';
    note.replaceChildren(head, list);
  }

  /** The values the controls show now. @returns {ExplorerInputValues} */
  get values() {
    return structuredClone(this.#values);
  }

  /**
   * Shows `message` beside the input called `key` (as the engine names it: vMin, vMax, N, p, theta).
   * @returns {boolean} false if there is no such input (the caller shows the message elsewhere)
   */
  showError(key, message) {
    const error = this.#el(`ex-${key}-error`);
    if (!error) return false;
    error.textContent = message;
    this.#box(key).setAttribute('aria-invalid', 'true');
    return true;
  }

  clearErrors() {
    for (const key of [...NUMBER_KEYS, 'theta', ...COMMON_KEYS]) {
      this.#el(`ex-${key}-error`).textContent = '';
      this.#box(key).removeAttribute('aria-invalid');
    }
  }

  /** The common boxes follow the switch: they drive nothing while it is off. */
  #showCommon() {
    const { on } = this.#values.common;
    this.#el('ex-common').checked = on;
    for (const key of COMMON_KEYS) this.#box(key).disabled = !on;
    this.#root.querySelector('.ex-common')?.classList.toggle('is-on', on);
  }

  #showRange() {
    this.#showNumber('vMin');
    this.#showNumber('vMax');
  }

  #showNumber(key) {
    const value =
      key === 'vMin' || key === 'vMax'
        ? this.#values.ranges[this.#values.scale][key]
        : this.#values[key];
    this.#box(key).value = String(value);
  }

  #showTheta() {
    const steady = this.#values.theta === null;
    this.#el('ex-theta-steady').checked = steady;
    const box = this.#box('theta');
    box.disabled = steady;
    box.value = String(steady ? this.#fixedTheta : this.#values.theta);
  }

  #radios(name) {
    return this.#root.querySelectorAll(`input[type="radio"][name="${name}"]`);
  }

  #box(key) {
    return this.#el(`ex-${key}`);
  }

  #el(id) {
    return this.#root.querySelector(`#${CSS.escape(id)}`);
  }
}
