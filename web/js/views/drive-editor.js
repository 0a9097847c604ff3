// The drive editor (issue 15): what the load point does, as friction labs drive it — a constant v0,
// velocity steps, slide-hold-slide, or a load-point displacement table — with normal-force steps and
// output rows logarithmic in time. It edits settings.drive in the scenario reader's own keys
// (system.v0 as [[t, v], …], protocol.holds/slide/table/normalForce, grid: 'log'); the engine checks
// it, and a refusal is shown beside the field its path names (protocol.holds[2] beside the holds).
// Loaded on demand, with the drive's description in words.

import { el } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';

/** The drive in words: its velocity steps, holds, table, normal-force steps and grid. */
export function describeDrive({ system = {}, protocol = {}, grid }) {
  const parts = [];
  const list = (pairs, unit) =>
    pairs
      .map(([t, value]) => `${formatQuantity(value, unit)} from ${formatQuantity(t, 's')}`)
      .join(', ');
  if (Array.isArray(system.v0)) parts.push(`velocity steps ${list(system.v0, 'm/s')}`);
  if (protocol.holds)
    parts.push(
      `slides of ${formatQuantity(protocol.slide, 's')} at v0 and holds of ${protocol.holds.join(', ')} s`,
    );
  if (protocol.table)
    parts.push(`a load-point displacement table of ${protocol.table.t.length} points`);
  if (protocol.normalForce) parts.push(`normal force ${list(protocol.normalForce, 'N')}`);
  if (system.start === 'steady') parts.push('starting in steady sliding');
  if (grid === 'log') parts.push('rows logarithmic in time');
  return parts.length > 0
    ? `Drive: ${parts.join('; ')}.`
    : 'Drive: the load point moves at v0 throughout.';
}

/** A refusal of what was typed, before the engine sees it: the field's path and the reason. */
class TypedError extends Error {
  constructor(parameter, message) {
    super(message);
    this.parameter = parameter;
  }
}

/** The numbers of one line of text (separated by commas, spaces, tabs or semicolons), named by `path`. */
function numbersOf(line, path, unitText) {
  return line
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((token, k) => {
      const value = Number(token);
      if (!Number.isFinite(value))
        throw new TypedError(
          `${path}[${k}]`,
          `${path}[${k}]: '${token}' is not a number (${unitText}).`,
        );
      return value;
    });
}

/** "t, value" lines -> [[t, value], …]; each line must hold two numbers. */
function pairsOf(text, path, unitText) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, k) => {
      const numbers = numbersOf(line, `${path}[${k}]`, unitText);
      if (numbers.length !== 2)
        throw new TypedError(
          `${path}[${k}]`,
          `${path}[${k}]: a line holds two numbers (${unitText}); got '${line}'.`,
        );
      return numbers;
    });
}

const pairsText = (pairs) => (pairs ?? []).map((pair) => pair.join(', ')).join('\n');

/** The drive kinds, each with its field. */
const KINDS = [
  ['constant', 'Constant speed v0 (the settings’)'],
  ['steps', 'Velocity steps'],
  ['holds', 'Slide-hold-slide'],
  ['table', 'Load-point displacement table'],
];

function kindOf(drive) {
  if (Array.isArray(drive.system?.v0)) return 'steps';
  if (drive.protocol?.holds) return 'holds';
  if (drive.protocol?.table) return 'table';
  return 'constant';
}

/** The editor's controls, by key. */
function driveFields() {
  const text = (id, rows, placeholder) =>
    el('textarea', { id, rows, placeholder, spellcheck: false });
  return {
    kind: el(
      'select',
      { id: 'drive-kind' },
      ...KINDS.map(([value, label]) => new Option(label, value)),
    ),
    steps: text('drive-steps', 4, '0, 1e-6\n10, 1e-5'),
    slide: el('input', {
      id: 'drive-slide',
      type: 'number',
      step: 'any',
      min: '0',
      inputMode: 'decimal',
    }),
    holds: el('input', {
      id: 'drive-holds',
      type: 'text',
      placeholder: '1, 10, 100, 1000',
      spellcheck: false,
    }),
    table: text('drive-table', 4, '0, 0\n10, 1e-4\n20, 1e-4'),
    normal: text('drive-normal', 2, '0, 1\n15, 2'),
    steady: el('input', { id: 'drive-steady', type: 'checkbox' }),
    logGrid: el('input', { id: 'drive-log', type: 'checkbox' }),
    general: el('p', { id: 'drive-error', className: 'param-error', role: 'alert' }),
    duration: el('p', { className: 'section-note' }),
    apply: el('button', { type: 'button', id: 'drive-apply', textContent: 'Run this drive' }),
    cancel: el('button', { type: 'button', id: 'drive-cancel', textContent: 'Close' }),
  };
}

export class DriveEditor {
  #dialog;
  #fields;
  #errors = new Map();
  #onApply;

  /** @param {(drive: object) => Promise<{parameter: string, message: string} | null>} onApply runs a drive; resolves to the engine's refusal or null */
  constructor(onApply) {
    this.#onApply = onApply;
    this.#fields = driveFields();
    this.#dialog = this.#buildDialog();
    this.#dialog.setAttribute('aria-labelledby', 'drive-title');
    document.body.append(this.#dialog);
    const f = this.#fields;
    f.kind.addEventListener('change', () => this.#showKind());
    f.apply.addEventListener('click', () => this.#apply());
    f.cancel.addEventListener('click', () => this.#dialog.close());
  }

  /** The dialog: one row per field with its help and its error, then the buttons. */
  #buildDialog() {
    const f = this.#fields;
    return el(
      'dialog',
      { id: 'drive-dialog', className: 'drive-dialog' },
      el('h2', { id: 'drive-title', textContent: 'The drive' }),
      el('p', {
        className: 'section-note',
        textContent:
          'What the load point (the spring’s far end) does. Holds, a table and ' +
          'normal-force steps run on the quasi-static slider (m = 0); velocity steps on either. SI units, one pair per line.',
      }),
      f.duration,
      this.#row('kind', 'Drive'),
      this.#row(
        'steps',
        'Velocity steps: t [s], v [m/s]',
        'The first at t = 0; from each time on the load point moves at that speed.',
      ),
      this.#row('slide', 'Slide before each hold [s]', 'At v0, the settings’ drive speed.'),
      this.#row(
        'holds',
        'Holds [s]',
        'Durations, in order; the load point stops for each, then reloads at v0.',
      ),
      this.#row(
        'table',
        'Displacement table: t [s], x [m]',
        'From t = 0, times increasing; the load point moves linearly between rows.',
      ),
      this.#row(
        'normal',
        'Normal-force steps: t [s], Fn [N] (optional)',
        'The first at t = 0; for laws that respond (rsf: Linker–Dieterich).',
      ),
      this.#check('steady', 'Start in steady sliding at the first speed'),
      this.#check(
        'logGrid',
        'Rows logarithmic in the time since each change (quasi-static slider; holds)',
      ),
      f.general,
      el('div', { className: 'export' }, f.apply, f.cancel),
    );
  }

  /** A labelled field with its help (if any) and the element its error is shown in. */
  #row(key, label, help) {
    const field = this.#fields[key];
    const error = this.#errorOf(key);
    field.setAttribute('aria-describedby', error.id);
    return el(
      'div',
      { className: `drive-row drive-row-${key}` },
      el('label', { htmlFor: field.id, textContent: label }),
      field,
      help ? el('small', { className: 'param-help', textContent: help }) : '',
      error,
    );
  }

  /** A checkbox inside its label, and the element its error is shown in. */
  #check(key, text) {
    const error = this.#errorOf(key);
    return el(
      'div',
      { className: 'drive-row' },
      el('label', { className: 'chart-option' }, this.#fields[key], ` ${text}`),
      error,
    );
  }

  #errorOf(key) {
    const error = el('p', {
      id: `${this.#fields[key].id}-error`,
      className: 'param-error',
      role: 'alert',
    });
    this.#errors.set(key, error);
    return error;
  }

  /** Opens the editor on `drive` (settings.drive); `system` is the settings' system (its v0 and duration). */
  open(drive, system) {
    const f = this.#fields;
    f.kind.value = kindOf(drive);
    f.steps.value = pairsText(Array.isArray(drive.system?.v0) ? drive.system.v0 : null);
    f.slide.value = drive.protocol?.slide ?? '';
    f.holds.value = (drive.protocol?.holds ?? []).join(', ');
    const table = drive.protocol?.table;
    f.table.value = table ? pairsText(table.t.map((t, k) => [t, table.x[k]])) : '';
    f.normal.value = pairsText(drive.protocol?.normalForce);
    f.steady.checked = drive.system?.start === 'steady';
    f.logGrid.checked = drive.grid === 'log';
    f.duration.textContent =
      `The run lasts ${formatQuantity(system.duration, 's')} (system.duration, in the settings) at v0 = ` +
      `${formatQuantity(system.v0, 'm/s')} and m = ${formatQuantity(system.m, 'kg')}.`;
    this.#clearErrors();
    this.#showKind();
    this.#dialog.showModal();
  }

  /** Only the chosen kind's fields. */
  #showKind() {
    const kind = this.#fields.kind.value;
    const shown = {
      steps: kind === 'steps',
      slide: kind === 'holds',
      holds: kind === 'holds',
      table: kind === 'table',
    };
    for (const [key, visible] of Object.entries(shown))
      this.#fields[key].closest('.drive-row').hidden = !visible;
  }

  /** The drive the fields describe, in the scenario reader's keys. Throws TypedError for what is not a number. */
  #drive() {
    const f = this.#fields,
      drive = {},
      system = {},
      protocol = {};
    const kind = f.kind.value;
    if (kind === 'steps') system.v0 = pairsOf(f.steps.value, 'system.v0', 't in s, v in m/s');
    if (kind === 'holds') {
      protocol.holds = numbersOf(f.holds.value, 'protocol.holds', 's');
      if (f.slide.value.trim() === '')
        throw new TypedError(
          'protocol.slide',
          'protocol.slide: give the slide at v0 before each hold, in s.',
        );
      protocol.slide = Number(f.slide.value);
    }
    if (kind === 'table') {
      const rows = pairsOf(f.table.value, 'protocol.table', 't in s, x in m');
      protocol.table = { t: rows.map(([t]) => t), x: rows.map(([, x]) => x) };
    }
    const normal = pairsOf(f.normal.value, 'protocol.normalForce', 't in s, Fn in N');
    if (normal.length > 0) protocol.normalForce = normal;
    if (f.steady.checked) system.start = 'steady';
    if (Object.keys(system).length > 0) drive.system = system;
    if (Object.keys(protocol).length > 0) drive.protocol = protocol;
    if (f.logGrid.checked) drive.grid = 'log';
    return drive;
  }

  async #apply() {
    this.#clearErrors();
    let drive;
    try {
      drive = this.#drive();
    } catch (error) {
      this.#showError(error.parameter, error.message);
      return;
    }
    const f = this.#fields;
    f.apply.disabled = true;
    f.apply.textContent = 'Running…';
    const refusal = await this.#onApply(drive);
    f.apply.disabled = false;
    f.apply.textContent = 'Run this drive';
    if (refusal) this.#showError(refusal.parameter ?? '', refusal.message);
    else this.#dialog.close();
  }

  #clearErrors() {
    for (const error of [...this.#errors.values(), this.#fields.general]) error.textContent = '';
    for (const key of this.#errors.keys()) this.#fields[key].removeAttribute('aria-invalid');
  }

  /** Shows a refusal beside the field its path names (protocol.holds[2] beside the holds), else below all. */
  #showError(path, message) {
    const mapped = fieldOf(path);
    // A path of a field this kind of drive does not show (v0 itself, with a constant drive): below all.
    const key = mapped && !this.#fields[mapped].closest('.drive-row').hidden ? mapped : undefined;
    const place = this.#errors.get(key) ?? this.#fields.general;
    place.textContent = message;
    if (key) this.#fields[key].setAttribute('aria-invalid', 'true');
    (key ? this.#fields[key] : place).focus?.();
  }
}

/** The editor's field for an engine path: system.v0[3] -> steps, protocol.table.t[17] -> table, … */
function fieldOf(path) {
  const rules = [
    [/^(system\.)?v0\b/, 'steps'],
    [/^protocol\.holds\b/, 'holds'],
    [/^protocol\.slide\b/, 'slide'],
    [/^protocol\.table\b/, 'table'],
    [/^(protocol\.normalForce|(system\.)?Fn)\b/, 'normal'],
    [/^grid\b/, 'logGrid'],
    [/^(system\.)?start\b/, 'steady'],
  ];
  return rules.find(([pattern]) => pattern.test(path))?.[1];
}
