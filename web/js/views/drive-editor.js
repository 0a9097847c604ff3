// The drive editor (issue 15): what the load point does, as friction labs drive it — a constant speed,
// velocity steps, slide-hold-slide, or a load-point displacement table — with normal-force steps and
// output rows logarithmic in time. It edits the drive of the spring-block's scenario in the scenario
// reader's own keys (system.v0 as a speed or [[t, v], …], system.start, protocol.holds/slide/table/
// normalForce, grid: 'log'); the engine checks it, and a refusal is shown beside the field its path
// names (protocol.holds[2] beside the holds). Speeds are typed and shown in the unit chosen in the
// editor (µm/s stays µm/s); a slide-hold-slide slides at the drive's own speed. Loaded on demand.

import { el } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';
import { SPEED_UNITS } from '../state/defaults.js';
import { fromSI, speedsOf, toSI, unitFor } from './drive-words.js';
import { TypedError, fieldOf, numbersOf, pairsOf, pairsText } from './drive-text.js';

/** The drive kinds, each with its field. */
const KINDS = [
  ['constant', 'Constant speed (v0)'],
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
    unit: el(
      'select',
      { id: 'drive-unit' },
      ...Object.keys(SPEED_UNITS).map((unit) => new Option(unit, unit)),
    ),
    speed: el('input', { id: 'drive-speed', type: 'number', step: 'any', inputMode: 'decimal' }),
    steps: text('drive-steps', 4, '0, 1\n10, 10'),
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
  #labels = new Map();
  #onApply;
  /** The scenario opened, its drive cleared: what a drive is applied to. */
  #base = null;
  /** The unit the speeds are shown in now (the menu's, until it changes). */
  #unit = 'm/s';

  /**
   * @param {(scenario: object, unit: string) => Promise<{parameter: string, message: string} | null>} onApply
   *   runs the scenario with the drive (and keeps the unit it was typed in); resolves to the engine's refusal or null
   */
  constructor(onApply) {
    this.#onApply = onApply;
    this.#fields = driveFields();
    this.#dialog = this.#buildDialog();
    this.#dialog.setAttribute('aria-labelledby', 'drive-title');
    document.body.append(this.#dialog);
    const f = this.#fields;
    f.kind.addEventListener('change', () => this.#showKind());
    f.unit.addEventListener('change', () => this.#changeUnit());
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
          'normal-force steps run on the quasi-static slider (m = 0); velocity steps on either. ' +
          'Times in s, one pair per line.',
      }),
      f.duration,
      this.#row('kind', 'Drive'),
      this.#row('unit', 'Speeds in', 'The unit the speeds below are typed and shown in.'),
      this.#row('speed', '', 'The load point’s speed (v0); a slide-hold-slide slides at it.'),
      this.#row(
        'steps',
        '',
        'The first at t = 0; from each time on the load point moves at that speed.',
      ),
      this.#row('slide', 'Slide before each hold [s]', 'At the speed above.'),
      this.#row(
        'holds',
        'Holds [s]',
        'Durations, in order; the load point stops for each, then reloads at the speed above.',
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
    const name = el('label', { htmlFor: field.id, textContent: label });
    this.#labels.set(key, name);
    return el(
      'div',
      { className: `drive-row drive-row-${key}` },
      name,
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

  /**
   * Opens the editor on a law's scenario (its drive, system and start).
   * @param {object} scenario the spring-block's scenario
   * @param {object} base the same with its drive cleared (state/scenario.js withoutDrive)
   * @param {string | undefined} unit the unit the user typed speeds in last (settings.spring.speedUnit)
   * @param {number} v0Default the catalog's drive velocity [m/s], where the scenario sets none
   */
  open(scenario, base, unit, v0Default) {
    const f = this.#fields,
      { system = {}, protocol = {} } = scenario;
    const speeds = speedsOf(scenario, v0Default);
    this.#base = base;
    this.#showUnit(unitFor(speeds, unit));
    f.kind.value = kindOf(scenario);
    f.speed.value = String(fromSI(speeds[0], this.#unit));
    const steps = Array.isArray(system.v0) ? system.v0 : null;
    f.steps.value = pairsText(steps?.map(([t, v]) => [t, fromSI(v, this.#unit)]));
    f.slide.value = protocol.slide ?? '';
    f.holds.value = (protocol.holds ?? []).join(', ');
    const table = protocol.table;
    f.table.value = table ? pairsText(table.t.map((t, k) => [t, table.x[k]])) : '';
    f.normal.value = pairsText(protocol.normalForce);
    f.steady.checked = system.start === 'steady';
    f.logGrid.checked = scenario.grid === 'log';
    f.duration.textContent =
      `The run lasts ${formatQuantity(system.duration ?? 10, 's')} (system.duration, in the settings)` +
      (system.m === 0 ? ' on the quasi-static slider (m = 0).' : '.');
    this.#clearErrors();
    this.#showKind();
    this.#dialog.showModal();
  }

  /** The speeds' unit: the menu and the labels that name it. */
  #showUnit(unit) {
    this.#unit = unit;
    this.#fields.unit.value = unit;
    this.#labels.get('speed').textContent = `Speed [${unit}]`;
    this.#labels.get('steps').textContent = `Velocity steps: t [s], v [${unit}]`;
  }

  /** Another unit: the speeds shown are written in it (what they are does not change). */
  #changeUnit() {
    const f = this.#fields,
      from = this.#unit,
      to = f.unit.value;
    const convert = (value) => fromSI(toSI(value, from), to);
    if (f.speed.value.trim() !== '' && Number.isFinite(Number(f.speed.value)))
      f.speed.value = String(convert(Number(f.speed.value)));
    try {
      const steps = pairsOf(f.steps.value, 'system.v0', from);
      f.steps.value = pairsText(steps.map(([t, v]) => [t, convert(v)]));
    } catch {
      // Text that is not pairs of numbers is left as it is, for the user to see and mend.
    }
    this.#showUnit(to);
  }

  /** Only the chosen kind's fields. */
  #showKind() {
    const kind = this.#fields.kind.value;
    const shown = {
      unit: kind !== 'table',
      speed: kind === 'constant' || kind === 'holds',
      steps: kind === 'steps',
      slide: kind === 'holds',
      holds: kind === 'holds',
      table: kind === 'table',
    };
    for (const [key, visible] of Object.entries(shown))
      this.#fields[key].closest('.drive-row').hidden = !visible;
  }

  /** The speed box, in m/s; refused by its path when it holds no number. */
  #speed() {
    const text = this.#fields.speed.value.trim();
    if (text === '' || !Number.isFinite(Number(text)))
      throw new TypedError('system.v0', `system.v0: give the drive's speed, in ${this.#unit}.`);
    return toSI(Number(text), this.#unit);
  }

  /** The drive the fields describe, in the scenario reader's keys. Throws TypedError for what is not a number. */
  #drive() {
    const f = this.#fields,
      drive = {},
      system = {},
      protocol = {};
    const kind = f.kind.value;
    const unitText = `t in s, v in ${this.#unit}`;
    if (kind === 'constant' || kind === 'holds') system.v0 = this.#speed();
    if (kind === 'steps')
      system.v0 = pairsOf(f.steps.value, 'system.v0', unitText).map(([t, v]) => [
        t,
        toSI(v, this.#unit),
      ]);
    if (kind === 'holds') {
      protocol.holds = numbersOf(f.holds.value, 'protocol.holds', 's');
      if (f.slide.value.trim() === '')
        throw new TypedError(
          'protocol.slide',
          'protocol.slide: give the slide before each hold, in s.',
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
    drive.system = system;
    if (Object.keys(protocol).length > 0) drive.protocol = protocol;
    if (f.logGrid.checked) drive.grid = 'log';
    return drive;
  }

  /** The opened scenario with the drive of the fields (its start the editor's, its other values kept). */
  #scenario(drive) {
    const { system: driveSystem, ...rest } = drive;
    const { start, ...system } = this.#base.system;
    return { ...this.#base, ...rest, system: { ...system, ...driveSystem } };
  }

  async #apply() {
    this.#clearErrors();
    let scenario;
    try {
      scenario = this.#scenario(this.#drive());
    } catch (error) {
      this.#showError(error.parameter, error.message);
      return;
    }
    const f = this.#fields;
    f.apply.disabled = true;
    f.apply.textContent = 'Running…';
    const refusal = await this.#onApply(scenario, this.#unit);
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
    const shown = (key) => key && !this.#fields[key].closest('.drive-row').hidden;
    const mapped = fieldOf(path);
    // v0 itself is the speed box's where the steps are not shown (a constant speed, slide-hold-slide).
    const candidate = mapped === 'steps' && !shown('steps') ? 'speed' : mapped;
    const key = shown(candidate) ? candidate : undefined;
    const place = this.#errors.get(key) ?? this.#fields.general;
    place.textContent = message;
    if (key) this.#fields[key].setAttribute('aria-invalid', 'true');
    (key ? this.#fields[key] : place).focus?.();
  }
}
