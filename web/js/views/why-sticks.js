// "Why it sticks" (issue 28): from the regime line, what removes stick-slip for the chosen model or law,
// and a button that sets the nearest value that slides steadily. Every value and reason comes from the
// engine (studies.steadySliding: the closed-form boundary the stability map draws, followed by the runs
// past it); this module only words it and applies a chosen value as if the user had typed it. Loaded the
// first time "Why it sticks" is pressed (its engine call loads the studies' module).

import { el, setHidden } from '../ui/dom.js';
import { formatQuantity } from '../ui/format.js';

/** The regimes the button explains: stick-slip and oscillations that do not settle, and a free vibration's end. */
export const EXPLAINED = new Set([
  'stick-slip',
  'growing',
  'oscillation',
  'not-settled',
  'at-rest',
]);

// A value in the panel: four significant digits, its unit.
const value = (number, unit) => formatQuantity(number, unit, 4);

/** What the closed form says of the run as it is: steady, neutral (on its boundary) or not. */
function verdict({ steady, margin }) {
  if (steady)
    return 'predicts steady sliding here, yet from rest the block still falls back into sticking.';
  if (margin === 0)
    return 'finds this run on its boundary: steady sliding neutral, and from rest the block sticks.';
  return 'puts this run on the side of stick-slip.';
}

/** The closed form's boundary, where it is not the value offered: a block from rest may need more. */
function boundaryText(change, unit, target) {
  if (!Number.isFinite(change.boundary)) return '';
  if (change.boundary === change.current) return ` From rest it needs ${target}.`;
  if (Math.abs(change.value - change.boundary) <= 0.05 * Math.abs(change.value)) return '';
  return ` The closed form's boundary is at ${value(change.boundary, unit)}; from rest the run needs ${target}.`;
}

export class WhySticks {
  #ui;
  #catalog;
  #client;
  #page;

  /**
   * @param {{button: HTMLButtonElement, panel: HTMLElement, body: HTMLElement, title: HTMLElement}} ui
   * @param {object} catalog the engine's catalog (models, laws, system)
   * @param {import('../engine/sim-client.js').SimClient} client
   * @param {{shown: () => {request: object, result: {summary: object}} | null, setValue: (target: string, key: string,
   *   value: number) => HTMLElement | null}} page the shown run; setValue sets a control as if typed and
   *   returns its number box
   */
  constructor(ui, catalog, client, page) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#client = client;
    this.#page = page;
  }

  /** Opens the panel for the shown run and fills it (the engine's answer may take a moment). */
  async open() {
    const shown = this.#page.shown();
    if (!shown) return;
    const ui = this.#ui;
    ui.button.setAttribute('aria-expanded', 'true');
    setHidden(ui.panel, false);
    ui.title.textContent = `Why it sticks: ${this.#subject(shown.request).name}`;
    ui.body.replaceChildren(el('p', { textContent: 'Working it out from the closed form…' }));
    ui.panel.scrollIntoView({ block: 'nearest' });
    ui.title.focus();
    if (shown.result.summary.regime === 'at-rest') {
      ui.body.replaceChildren(...this.#atRest(shown.result.summary));
      return;
    }
    try {
      const sliding = await this.#client.steadySliding(shown.request);
      if (sliding === null || this.#page.shown() !== shown) return; // a newer run: its own question
      ui.body.replaceChildren(...this.#explain(sliding, shown.request));
    } catch (error) {
      ui.body.replaceChildren(el('p', { className: 'form-error', textContent: error.message }));
    }
  }

  /** Closes the panel (a new run, or the close button). */
  close() {
    setHidden(this.#ui.panel, true);
    this.#ui.button.setAttribute('aria-expanded', 'false');
  }

  /** The model or the law the request runs (its catalog entry). */
  #subject(request) {
    const id = request.model ?? request.law;
    return [...this.#catalog.models, ...this.#catalog.laws].find((entry) => entry.id === id);
  }

  /** A parameter's catalog entry: the model's or law's ('params'), or the system's. */
  #spec(request, { target, key }) {
    const params =
      target === 'system' ? this.#catalog.system.params : this.#subject(request).params;
    return params.find((spec) => spec.key === key);
  }

  /** The engine's answer in words, each change with its button. */
  #explain(sliding, request) {
    if (!sliding.known)
      return [
        el('p', {
          textContent:
            'No closed form applies to this run (its law, or its start), so nothing here can be read off a ' +
            'boundary: the Stability map tab runs the cells around it and shows where it slides steadily.',
        }),
      ];
    if (sliding.slides)
      return [
        el('p', { textContent: 'This run slides steadily in the end: nothing sticks to remove.' }),
      ];
    const intro = el('p', {
      textContent:
        `The closed form the stability map draws (${sliding.criterion}) ${verdict(sliding)} ` +
        (sliding.changes.length > 0
          ? 'Steady sliding comes with one of these, the nearest first:'
          : 'No single change of the values it reads, within their ranges, makes this run slide ' +
            'steadily; the stability map shows where two changes together do.'),
    });
    const list = el('ul', { className: 'why-changes' });
    list.append(...sliding.changes.map((change) => this.#changeItem(change, request)));
    return sliding.changes.length > 0 ? [intro, list] : [intro];
  }

  /** One change: the value, why it helps, the closed form's boundary where it differs, and its button. */
  #changeItem(change, request) {
    const spec = this.#spec(request, change);
    // A short label (η, Va) names the value itself; a long one (Dashpot) goes with its symbol.
    const symbol = spec.label.length <= 3 || !spec.symbol ? spec.label : spec.symbol;
    const name = symbol === spec.label ? symbol : `${spec.label} ${symbol}`;
    const target = value(change.value, spec.unit);
    const button = el('button', {
      type: 'button',
      className: 'why-set',
      textContent: `Set ${symbol} = ${target}`,
    });
    button.addEventListener('click', () => this.#apply(change, spec, target));
    return el(
      'li',
      {},
      el('strong', {
        textContent: `${name} ${change.value > change.current ? '≥' : '≤'} ${target}`,
      }),
      ` (now ${value(change.current, spec.unit)}): ${change.reason}.${boundaryText(change, spec.unit, target)} `,
      button,
    );
  }

  /** Sets the value as if typed (the run follows), closes the panel and puts the focus on that control. */
  #apply(change, spec, target) {
    const box = this.#page.setValue(change.target, change.key, change.value);
    this.close();
    this.#ui.status.textContent = `${spec.label} set to ${target}.`;
    box?.focus();
  }

  /** A free vibration's end, from the run's own summary: where the spring fell within the static limit. */
  #atRest(summary) {
    const stick = (summary.events ?? []).filter((event) => event.kind === 'stick').at(-1);
    const where = stick
      ? ` Here it stopped at t = ${value(stick.t, 's')}, the spring pulling ${value(Math.abs(stick.driveForce), 'N')} ` +
        `against a static limit of ${value(summary.staticLimit, 'N')}.`
      : '';
    return [
      el('p', {
        textContent:
          'With the drive at rest nothing reloads the spring. Each swing spends energy against friction ' +
          '(under Coulomb friction Fk it ends 2Fk/c closer to the middle than the last), and the block ' +
          "stops for good at the first turning point where the spring's pull |c·x| is within the static " +
          `limit.${where}`,
      }),
    ];
  }
}
