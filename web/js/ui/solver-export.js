// The Fit view's Export dialog: the fitted law written as a solver's own input (the engine's
// exportLaw, in the fits' worker), with a Copy button. Where the solver's law differs from the fitted
// one, the engine fits the solver's law over the speed range given and the dialog says how far apart they are.

import { el } from './dom.js';
import { formatQuantity } from './format.js';

export class SolverExportDialog {
  #dialog;
  #client;
  #fields;
  #subject = null;

  /** @param {import('../engine/fit-client.js').FitClient} client @param {string[]} targets exportTargets() */
  constructor(client, targets) {
    this.#client = client;
    const field = (id, label, input) =>
      el('p', { className: 'fit-field' }, el('label', { htmlFor: id, textContent: label }), input);
    const f = (this.#fields = {
      target: el(
        'select',
        { id: 'fit-export-target' },
        ...targets.map((target) => new Option(target, target)),
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

  /** Opens the dialog for a law and its parameters; N [N] is the normal force of force-based targets. */
  open({ law, params, N }) {
    this.#subject = { law, params, N };
    this.#dialog.showModal();
    this.#write();
  }

  async #write() {
    const f = this.#fields;
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
    } catch (error) {
      f.text.textContent = '';
      f.note.textContent = `Not written: ${error.message}`;
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
