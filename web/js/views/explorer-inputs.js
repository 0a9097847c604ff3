// The law explorer's evaluation inputs: what to plot (μ or F), the velocity range and axis, and the
// normal force N, pressure p and contact state θ at which every law is evaluated. These are page
// settings (settings.js keeps them), not engine parameters; their controls are in index.html.
// The engine checks the values (engine.lawCurve): a refused one gets its message beside it.

const NUMBER_KEYS = ['vMin', 'vMax', 'N', 'p'];

/**
 * @typedef {{quantity: 'mu' | 'force', scale: 'linear' | 'log',
 *   ranges: Record<'linear' | 'log', {vMin: number, vMax: number}>, N: number, p: number, theta: number | null}} ExplorerInputValues
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
   *   #ex-vMin, #ex-vMax, #ex-N, #ex-p, #ex-theta, the checkbox #ex-theta-steady, and #ex-<key>-error lines
   * @param {(key: string) => void} onChange called after each change the user makes, with the changed key
   *   ('quantity', 'scale', 'vMin', 'vMax', 'N', 'p' or 'theta')
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
        if (key === 'vMin' || key === 'vMax') this.#values.ranges[this.#values.scale][key] = box.valueAsNumber;
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
    for (const key of [...NUMBER_KEYS, 'theta']) {
      this.#el(`ex-${key}-error`).textContent = '';
      this.#box(key).removeAttribute('aria-invalid');
    }
  }

  #showRange() {
    this.#showNumber('vMin');
    this.#showNumber('vMax');
  }

  #showNumber(key) {
    const value = key === 'vMin' || key === 'vMax' ? this.#values.ranges[this.#values.scale][key] : this.#values[key];
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
