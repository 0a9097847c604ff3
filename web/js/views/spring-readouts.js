// The spring-block view's readouts: resonance, regime and, for law runs, what the engine's analysis
// of the run found (period, peak velocity, energy balance, integrator, events). Every figure is the
// engine's summary as it is: the page adds units and words, never a judgement of its own.

import { expose } from '../test-hooks.js';
import { describeRegimeWithGrowth, formatQuantity, formatResonance } from '../ui/format.js';
import { el } from '../ui/dom.js';

// A law run's period is located to 1e-12 s: show five significant digits of it.
const PERIOD_DIGITS = 5;
// Energies in the summary (drive work, dissipation, residual) are in joules.
const ENERGY_UNIT = 'J';

/** A second, smaller line inside a readout. */
const detail = (text) => el('span', { className: 'readout-detail', textContent: text });

export class SpringReadouts {
  #ui;
  #catalog;
  #unitOf;

  /**
   * @param {{resonance: HTMLElement, regime: HTMLElement, lawReadouts: NodeList, period: HTMLElement,
   *   peakVelocity: HTMLElement, energyResidual: HTMLElement, integratorUsed: HTMLElement, runInfo: HTMLElement}} ui
   * @param {{columns: object[], integrators: object[]}} catalog
   */
  constructor(ui, catalog) {
    this.#ui = ui;
    this.#catalog = catalog;
    const units = Object.fromEntries(catalog.columns.map((column) => [column.key, column.unit]));
    this.#unitOf = (key) => units[key] ?? '';
  }

  /**
   * @param {object} summary the engine's summary of the shown run
   * @param {object} request what ran ({model} or {law})
   * @param {Record<string, number> | undefined} expected a preset's closed-form figures (its period, or a
   *   free vibration's restTime), shown beside the computed ones
   */
  show(summary, request, expected = {}) {
    expose('lastSummary', summary);
    const ui = this.#ui;
    ui.resonance.textContent = formatResonance(summary);
    ui.regime.textContent = describeRegimeWithGrowth(summary.regime, summary.growthRate);
    ui.regime.dataset.regime = summary.regime;
    const isLaw = request.law !== undefined;
    for (const readout of ui.lawReadouts) readout.hidden = !isLaw;
    if (!isLaw) {
      ui.runInfo.textContent =
        `${summary.integrator} · ${summary.steps.toLocaleString('en')} steps of ` +
        `${formatQuantity(summary.dt, this.#unitOf('t'))} · peak velocity ${formatQuantity(summary.peakVelocity, this.#unitOf('v'))}`;
      return;
    }
    this.#showLawRun(summary, expected);
  }

  /** The period, or where a free vibration came to rest (the last stick), each with its closed form. */
  #showPeriod(summary, expected) {
    const ui = this.#ui;
    const time = this.#unitOf('t');
    const rest = summary.regime === 'at-rest' ? summary.stickIntervals?.at(-1) : undefined;
    const closedForm = rest ? expected.restTime : expected.period;
    if (rest)
      ui.period.textContent = `at rest from ${formatQuantity(rest[0], time, PERIOD_DIGITS)}`;
    else
      ui.period.textContent =
        summary.period > 0 ? formatQuantity(summary.period, time, PERIOD_DIGITS) : 'no limit cycle';
    if (closedForm !== undefined)
      ui.period.append(detail(`closed form ${formatQuantity(closedForm, time, PERIOD_DIGITS)}`));
  }

  #showLawRun(summary, expected) {
    const ui = this.#ui;
    this.#showPeriod(summary, expected);
    ui.peakVelocity.textContent = formatQuantity(summary.peakVelocity, this.#unitOf('v'));
    // The engine reports the residual relative to the drive work; the absolute value is shown beside it.
    // Without inertia (m = 0) it keeps no energy books: null, "none" (docs/guide/lab-protocols.md).
    if (summary.energyResidual === null)
      ui.energyResidual.replaceChildren('not kept without inertia');
    else
      ui.energyResidual.replaceChildren(
        `${formatQuantity(summary.energyResidual, '', 2)} of the drive work`,
        detail(
          formatQuantity(summary.energyResidual * Math.abs(summary.driveWork), ENERGY_UNIT, 1),
        ),
      );
    ui.energyResidual.title =
      `Drive work ${formatQuantity(summary.driveWork, ENERGY_UNIT)} = kinetic + spring energy change` +
      ` + friction dissipation ${formatQuantity(summary.dissipated, ENERGY_UNIT)} + dashpot dissipation` +
      ` ${formatQuantity(summary.dashpotDissipated, ENERGY_UNIT)} + residual`;
    const integrator = this.#catalog.integrators.find(
      (candidate) => candidate.id === summary.integrator,
    );
    const rejected =
      summary.rejectedSteps > 0 ? ` (${summary.rejectedSteps.toLocaleString('en')} rejected)` : '';
    // auto may change method where the other does less work: say so, and what ran last.
    const switches = summary.integratorSwitches ?? [];
    const nameOf = (id) =>
      this.#catalog.integrators.find((candidate) => candidate.id === id)?.name ?? id;
    const changed =
      switches.length === 0
        ? ''
        : ` · auto changed method ${switches.length === 1 ? 'once' : `${switches.length} times`}, last to ${nameOf(switches.at(-1).to)} at ` +
          `${formatQuantity(switches.at(-1).t, this.#unitOf('t'))}`;
    ui.integratorUsed.replaceChildren(
      integrator?.name ?? summary.integrator,
      detail(`${summary.steps.toLocaleString('en')} steps${rejected}${changed}`),
    );
    // The engine's warnings (e.g. a fixed step beyond the law's stability limit) stand out beside it.
    const warnings = (summary.warnings ?? []).map((text) =>
      el('strong', { className: 'run-warning', textContent: `Warning: ${text}` }),
    );
    ui.runInfo.replaceChildren(this.#eventsText(summary), ...warnings);
  }

  /** Event counts, drive-force range and static limit, in the words the engine's summary supports. */
  #eventsText(summary) {
    const force = this.#unitOf('friction');
    const events = summary.events ?? [];
    const count = (kind) => events.filter((event) => event.kind === kind).length;
    const nearRest =
      summary.nearRestThreshold > 0
        ? ` (near rest: |v| ≤ ${formatQuantity(summary.nearRestThreshold, this.#unitOf('v'))}; this law has no true stick)`
        : '';
    const limit =
      {
        stick: `static limit ${formatQuantity(summary.staticLimit, force)}`,
        peak: `break-away peak ${formatQuantity(summary.staticLimit, force)} (no true static limit)`,
        none: 'no static limit',
      }[summary.staticLimitKind] ?? `static limit ${formatQuantity(summary.staticLimit, force)}`;
    return (
      `${count('break-away')} break-aways, ${count('stick')} sticks${nearRest}, ${count('reversal')} reversals · ` +
      `drive force ${formatQuantity(summary.driveForceMin, force)} to ${formatQuantity(summary.driveForceMax, force)} · ` +
      `${limit} · ${
        summary.energyResidual === null
          ? 'no energy books without inertia'
          : `friction dissipated ${formatQuantity(summary.dissipated, ENERGY_UNIT)}`
      }`
    );
  }
}
