// The spring-block view's settings: what drives the block (a seed model, or any catalog law run on
// the spring-block system) and its controls. A seed model has one form (its own parameters); a law
// has three parts: the system's parameters (engine.system()), the law's parameters (engine.laws()),
// both built by ParamsForm, and the integrator (engine.integrators()). Nothing here is physics: the
// catalog describes every control, and the engine checks every value.

import { splitFieldPath } from '../engine/field-path.js';
import { el } from '../ui/dom.js';
import { ParamsForm } from '../ui/params-form.js';

/**
 * @typedef {{kind: 'model' | 'law', id: string, entry: object}} Choice
 */

const AUTO = 'auto';

export class SpringControls {
  #ui;
  #catalog;
  #onChange;
  #modelForm;
  #systemForm;
  #lawForm;
  /** @type {Choice} */
  #choice;
  /** The scenario last shown (select()): what the controls do not show comes from it. */
  #scenario;

  /**
   * @param {{select: HTMLSelectElement, description: HTMLElement, citation: HTMLElement, modelParams: HTMLElement,
   *   systemSection: HTMLElement, systemDescription: HTMLElement, systemParams: HTMLElement, quasiStatic: HTMLInputElement,
   *   lawSection: HTMLElement, lawTitle: HTMLElement, lawOrigin: HTMLElement, lawCitation: HTMLElement, lawParams: HTMLElement,
   *   integratorPicker: HTMLElement, integrator: HTMLSelectElement, integratorDescription: HTMLElement,
   *   integratorError: HTMLElement, reset: HTMLButtonElement, startPicker: HTMLElement, start: HTMLSelectElement,
   *   kickRow: HTMLElement, kick: HTMLInputElement, startError: HTMLElement}} ui
   * @param {{models: object[], laws: object[], system: object | null, integrators: {id: string, name: string, description: string}[]}} catalog
   *   without a system, only the seed models are offered
   * @param {() => void} onChange called after every change the user makes to a value or the integrator
   */
  constructor(ui, catalog, onChange) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#onChange = onChange;
    this.#modelForm = new ParamsForm(ui.modelParams, onChange);
    this.#systemForm = new ParamsForm(
      ui.systemParams,
      () => {
        this.#showQuasiStatic();
        onChange();
      },
      { idPrefix: 'system-' },
    );
    this.#lawForm = new ParamsForm(ui.lawParams, onChange, { idPrefix: 'spring-law-' });
    this.#fillSelect();
    if (catalog.system) {
      ui.systemDescription.textContent = catalog.system.description;
      ui.integrator.replaceChildren(
        ...catalog.integrators.map((integrator) => new Option(integrator.name, integrator.id)),
      );
      ui.integrator.addEventListener('change', () => {
        this.#showIntegrator();
        this.#onChange();
      });
      ui.start.addEventListener('change', () => {
        ui.kickRow.hidden = ui.start.value !== 'steady';
        this.#onChange();
      });
      ui.kick.addEventListener('input', () => this.#onChange());
      ui.quasiStatic.addEventListener('change', () => this.#setQuasiStatic(ui.quasiStatic.checked));
    }
  }

  /** The laws that can drive the block: every catalog law, if the engine can run the system. */
  get drivingLaws() {
    return this.#catalog.system ? this.#catalog.laws : [];
  }

  /** @returns {Choice} */
  get choice() {
    return this.#choice;
  }

  /**
   * Shows the controls of a scenario (state/scenario.js): its model or law, with its values. What the
   * controls do not show (a drive's velocity steps, protocol, log grid and output rows, a tolerance)
   * goes back into every request unchanged.
   * @param {object} scenario
   */
  select(scenario) {
    const id = scenario.model ?? scenario.law;
    const model = this.#catalog.models.find((candidate) => candidate.id === id);
    const law = model ? undefined : this.drivingLaws.find((candidate) => candidate.id === id);
    this.#choice = model ? { kind: 'model', id, entry: model } : { kind: 'law', id, entry: law };
    this.#scenario = scenario;
    const { entry } = this.#choice;
    const ui = this.#ui;
    ui.select.value = id;
    ui.description.textContent = entry.description;
    const isLaw = this.#choice.kind === 'law';
    // A law's citation heads its own section below.
    ui.citation.textContent = isLaw ? '' : entry.citation;
    ui.modelParams.hidden = isLaw;
    ui.systemSection.hidden = !isLaw;
    ui.lawSection.hidden = !isLaw;
    ui.integratorPicker.hidden = !isLaw;
    ui.startPicker.hidden = !isLaw;
    this.clearErrors();
    if (isLaw) {
      this.#showLaw(entry, scenario);
      ui.reset.textContent = 'Reset the system and this law to defaults';
      this.#modelForm.render({ params: [] }, {});
    } else {
      this.#modelForm.render(entry, scenario.params);
      ui.reset.textContent = 'Reset this model to defaults';
    }
  }

  /** A law's controls: the system (v0 hidden while the drive's steps set the speed), the law, integrator and start. */
  #showLaw(entry, scenario) {
    const ui = this.#ui;
    ui.lawTitle.textContent = entry.name;
    ui.lawOrigin.textContent = entry.origin;
    ui.lawOrigin.dataset.origin = entry.origin;
    ui.lawCitation.textContent = entry.citation;
    const { start = 'rest', v0, ...system } = scenario.system;
    this.#renderSystem(Array.isArray(v0) || v0 === undefined ? system : { ...system, v0 });
    this.#lawForm.render(entry, scenario.params);
    ui.integrator.value = scenario.integrator ?? AUTO;
    ui.start.value = start;
    ui.kick.value = String(scenario.kick ?? 0);
    ui.kickRow.hidden = start !== 'steady';
    this.#showIntegrator();
  }

  /**
   * What the engine is to run now: engine.simulate's scenario.
   * @returns {object}
   */
  get request() {
    if (this.#choice.kind === 'model')
      return { model: this.#choice.id, params: this.#modelForm.overrides };
    // What the controls do not show, as select() was given it.
    const { law, params, system, integrator, kick, ...rest } = this.#scenario;
    const request = {
      law: this.#choice.id,
      params: this.#lawForm.overrides,
      system: this.#systemForm.overrides,
      integrator: this.#ui.integrator.value,
      ...rest,
    };
    if (Array.isArray(system.v0)) request.system.v0 = system.v0;
    // A steady start, and its kick (a box that is not a number goes as NaN, for the engine to refuse).
    if (this.#ui.start.value === 'steady') {
      request.system.start = 'steady';
      const kick = this.#ui.kick.value.trim() === '' ? 0 : Number(this.#ui.kick.value);
      if (kick !== 0) request.kick = kick;
    }
    return request;
  }

  /**
   * Shows the engine's message beside the control of the value it names. The engine names it by its
   * path in the request ('params.v0', 'system.v0', 'system.start', 'kick'), so a key the law and the
   * system both have (the θ law's reference velocity and the drive velocity, v0) goes to its own form.
   * @param {string | undefined} parameter the engine's `error.parameter`
   * @returns {'model' | 'system' | 'law' | 'integrator' | 'start' | null} where it went; null: nowhere (the caller shows it)
   */
  showError(parameter, message) {
    const { section, key } = splitFieldPath(parameter);
    if (key === undefined) return null;
    if (this.#choice.kind === 'model')
      return section === 'params' && this.#modelForm.showError(key, message) ? 'model' : null;
    if ((section === '' && key === 'kick') || (section === 'system' && key === 'start')) {
      this.#ui.startError.textContent = message;
      this.#ui.kick.setAttribute('aria-invalid', 'true');
      return 'start';
    }
    if (section === '' && key === 'integrator') {
      this.#ui.integratorError.textContent = message;
      this.#ui.integrator.setAttribute('aria-invalid', 'true');
      return 'integrator';
    }
    if (section === 'system') return this.#systemForm.showError(key, message) ? 'system' : null;
    if (section === 'params') return this.#lawForm.showError(key, message) ? 'law' : null;
    return null;
  }

  /**
   * Sets a value as if the user had typed it: `target` 'params' (the model's or the law's) or 'system'.
   * Returns its number box, or null where no control shows it.
   */
  setValue(target, key, value) {
    if (this.#choice.kind === 'model') return this.#modelForm.setValue(key, value);
    return (target === 'system' ? this.#systemForm : this.#lawForm).setValue(key, value);
  }

  /** The engine ran with the values shown: they are the ones a refused box goes back to. */
  acceptValues() {
    for (const form of [this.#modelForm, this.#systemForm, this.#lawForm]) form.accept();
  }

  clearErrors() {
    this.#modelForm.clearErrors();
    this.#systemForm.clearErrors();
    this.#lawForm.clearErrors();
    this.#ui.integratorError.textContent = '';
    this.#ui.integrator.removeAttribute('aria-invalid');
    this.#ui.startError.textContent = '';
    this.#ui.kick.removeAttribute('aria-invalid');
  }

  /**
   * The quasi-static switch is the mass box at 0 (docs/guide/lab-protocols.md#research-scale):
   * switching it sets or clears the mass the user typed, so it is saved and shared as the system's
   * other values are. The engine alone decides which laws run without inertia, and refuses the
   * others at `system.m`.
   */
  #setQuasiStatic(on) {
    const { m, ...others } = this.#systemForm.overrides;
    this.#renderSystem(on ? { ...others, m: 0 } : others);
    this.#onChange();
  }

  /** The system's controls; v0's is hidden while the drive's velocity steps set the speed. */
  #renderSystem(values) {
    this.#systemForm.render(this.#catalog.system, values);
    const v0 = this.#ui.systemParams.querySelector('[data-key="v0"]');
    if (v0) v0.hidden = Array.isArray(this.#scenario.system?.v0);
    this.#showQuasiStatic();
  }

  #showQuasiStatic() {
    this.#ui.quasiStatic.checked = this.#systemForm.overrides.m === 0;
  }

  #showIntegrator() {
    const integrator = this.#catalog.integrators.find(
      (candidate) => candidate.id === this.#ui.integrator.value,
    );
    this.#ui.integratorDescription.textContent = integrator?.description ?? '';
  }

  /**
   * Seed models first, then the laws grouped by origin, in catalog order. A law that is also a model
   * (the state-variable θ law) is listed once, as the model that select() opens for its id.
   */
  #fillSelect() {
    const groups = [
      el(
        'optgroup',
        { label: 'Seed models' },
        ...this.#catalog.models.map((model) => new Option(model.name, model.id)),
      ),
    ];
    const byOrigin = new Map();
    const modelIds = new Set(this.#catalog.models.map((model) => model.id));
    for (const law of this.drivingLaws.filter((candidate) => !modelIds.has(candidate.id))) {
      if (!byOrigin.has(law.origin))
        byOrigin.set(law.origin, el('optgroup', { label: `Friction laws: ${law.origin}` }));
      byOrigin.get(law.origin).append(new Option(law.name, law.id));
    }
    this.#ui.select.replaceChildren(...groups, ...byOrigin.values());
  }
}
