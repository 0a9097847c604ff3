// The Fit view's Export dialog: the fitted law written as a solver's own input (the engine's
// exportLaw, in the fits' worker), with a Copy button. Where the solver's law differs from the fitted
// one, the engine fits the solver's law over the speed range given (a curve's own speeds, to begin
// with) and the dialog says how far apart they are. The solvers are named as their users name them,
// and a solver that takes SI only (Drake, Ratel, Simscape, Modelica) has the units menu set and shut.

import { el } from './dom.js';
import { formatQuantity } from './format.js';

/** The dialog's controls by the request's fields (an Error's `parameter`), as the dialog names them. */
const CONTROLS = { vMin: 'Speed range from', vMax: 'Speed range to', units: 'Units', to: 'Solver' };

/** A refusal naming the dialog's control where the field is one of them (the law's own: as the engine says). */
function inDialogWords(error) {
  const control = CONTROLS[error.parameter];
  const message = String(error.message).replace(/^\w+: /, '');
  return control ? `${control}: ${message}` : error.message;
}

export class SolverExportDialog {
  #dialog;
  #client;
  #fields;
  #subject = null;

  #targets;

  /**
   * @param {import('../engine/fit-client.js').FitClient} client
   * @param {{id: string, name: string, units: string}[]} targets exportTargetList(): units 'any' or 'SI'
   */
  constructor(client, targets) {
    this.#client = client;
    this.#targets = targets;
    const field = (id, label, input) =>
      el('p', { className: 'fit-field' }, el('label', { htmlFor: id, textContent: label }), input);
    const f = (this.#fields = {
      target: el(
        'select',
        { id: 'fit-export-target' },
        ...targets.map((target) => new Option(target.name, target.id)),
      ),
      units: el(
        'select',
        { id: 'fit-export-units' },
        new Option('SI (m, N, s)', 'SI'),
        new Option('mm, N, s', 'mm-N-s'),
      ),
      vMin: el('input', { id: 'fit-export-vmin', type: 'number', value: '1e-4', step: 'any' }),
      vMax: el('input', { id: 'fit-export-vmax', type: 'number', value: '1', step: 'any' }),
      text: el('pre', { id: 'fit-export-text', className: 'fit-export-text', tabIndex: 0 }),
      note: el('p', { id: 'fit-export-note', role: 'status' }),
      unitsNote: el('p', { id: 'fit-export-units-note', className: 'hint' }),
      copy: el('button', { id: 'fit-export-copy', type: 'button', textContent: 'Copy' }),
      close: el('button', { id: 'fit-export-close', type: 'button', textContent: 'Close' }),
    });
    this.#dialog = el(
      'dialog',
      { id: 'fit-export-dialog', className: 'fit-export' },
      el('h2', { id: 'fit-export-title', textContent: 'Export to your solver' }),
      el(
        'div',
        { className: 'fit-export-options' },
        field('fit-export-target', 'Solver', f.target),
        field('fit-export-units', 'Units', f.units),
        field('fit-export-vmin', 'Speed range from [m/s]', f.vMin),
        field('fit-export-vmax', 'to [m/s]', f.vMax),
      ),
      f.unitsNote,
      f.note,
      f.text,
      el('div', { className: 'export' }, f.copy, f.close),
    );
    this.#dialog.setAttribute('aria-labelledby', 'fit-export-title');
    document.body.append(this.#dialog);
    for (const input of [f.target, f.units, f.vMin, f.vMax])
      input.addEventListener('change', () => this.#write());
    f.copy.addEventListener('click', () => this.#copy());
    f.close.addEventListener('click', () => this.#dialog.close());
  }

  /**
   * Opens the dialog for a law and its parameters; N [N] is the normal force of force-based targets, and
   * `speeds` [m/s] the data's range of speeds (the range an approximate mapping is fitted over; null: a
   * record's data, 0.1 mm/s to 1 m/s).
   */
  open({ law, params, N, speeds = null }) {
    this.#subject = { law, params, N };
    const [low, high] = speeds ?? [1e-4, 1];
    this.#fields.vMin.value = String(low);
    this.#fields.vMax.value = String(high);
    this.#dialog.showModal();
    this.#write();
  }

  /** The units menu: open for a solver that takes any consistent units, set to SI and shut for the others. */
  #followTarget() {
    const f = this.#fields;
    const target = this.#targets.find((candidate) => candidate.id === f.target.value);
    const siOnly = target?.units === 'SI';
    if (siOnly) f.units.value = 'SI';
    f.units.disabled = siOnly;
    f.unitsNote.textContent = siOnly ? `${target.name} takes SI units only (m, N, s).` : '';
  }

  async #write() {
    const f = this.#fields;
    this.#followTarget();
    const request = {
      ...this.#subject,
      to: f.target.value,
      units: f.units.value,
      vMin: Number(f.vMin.value),
      vMax: Number(f.vMax.value),
    };
    f.note.textContent = 'Writing…';
    try {
      const result = await this.#client.exportLaw(request);
      f.text.textContent = result.text;
      const deviation = result.deviation;
      f.note.textContent = result.exact
        ? `Exact: ${result.targetLaw} is the fitted law, parameter for parameter.`
        : `Approximate: ${result.targetLaw} fitted over ${formatQuantity(request.vMin, 'm/s')} to ${formatQuantity(request.vMax, 'm/s')}; ` +
          `largest deviation ${formatQuantity(deviation.force, 'N')} (${formatQuantity(100 * deviation.relative, '%', 2)}) at ${formatQuantity(deviation.atVelocity, 'm/s')}.`;
      // The warnings are in the text's first lines too (WARNING first), where a solver's user reads them.
      if (result.warnings.length > 0)
        f.note.textContent += ` Read the ${result.warnings.length === 1 ? 'warning' : `${result.warnings.length} warnings`} at the top of the text: ${result.warnings[0]}`;
    } catch (error) {
      f.text.textContent = '';
      f.note.textContent = `Not written: ${inDialogWords(error)}`;
    }
  }

  async #copy() {
    const f = this.#fields;
    try {
      await navigator.clipboard.writeText(f.text.textContent);
      f.note.textContent = 'Copied to the clipboard.';
    } catch {
      // No clipboard permission (an embedded page, an old browser): select the text for Ctrl+C.
      getSelection().selectAllChildren(f.text);
      f.note.textContent = 'Select-all done: press Ctrl+C (⌘C) to copy.';
    }
  }
}
