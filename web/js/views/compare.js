// Compare mode: up to four pinned runs of the spring-block, overlaid on the live one. Each pinned run
// is a whole scenario (a seed model, or a law with its system, drive and integrator: state/scenario.js);
// the legend names each run by its model or law and the values in which the runs differ.

import { formatQuantity } from '../ui/format.js';

/**
 * A value in a label: a number with its unit, a list (OpenSees's `vel`) as its items, velocity steps
 * ([[t, v], …], the drive's v0) as their speeds in turn: "1e-6 → 1e-5 m/s (steps)".
 */
function valueText(value, unit) {
  if (!Array.isArray(value)) return formatQuantity(value, unit);
  if (value.every(Array.isArray))
    return `${value.map(([, v]) => formatQuantity(v, '')).join(' → ')} ${unit} (steps)`;
  return `${value.map((item) => formatQuantity(item, '')).join(', ')} ${unit}`.trim();
}

/** The most runs pinned at once (each gets a colour and dash of its own). */
export const MAX_COMPARE = 4;

export class Comparison {
  #ui;
  #client;
  #catalog;
  #runs = []; // [{request, result}]
  #onChange;

  /**
   * @param {{add: HTMLButtonElement, list: HTMLElement, note: HTMLElement}} ui
   * @param {{models: object[], laws: object[], system: object | null}} catalog
   * @param {{compare: Function}} client the SimClient
   * @param {() => void} onChange called after the pinned runs changed (to redraw and save)
   */
  constructor(ui, catalog, client, onChange) {
    this.#ui = ui;
    this.#catalog = catalog;
    this.#client = client;
    this.#onChange = onChange;
  }

  /** The pinned requests, for saving and sharing. */
  get requests() {
    return this.#runs.map((run) => run.request);
  }

  /**
   * The pinned runs that have results, each labelled against the others and `live` (the current
   * request); `live` is the live run's own label, or null with nothing pinned.
   */
  overlays(live) {
    const requests = [live, ...this.#runs.map((run) => run.request)];
    const runs = this.#runs
      .filter((run) => run.result)
      .map((run) => ({ label: this.#label(run.request, requests), columns: run.result.columns }));
    return { live: runs.length > 0 ? this.#label(live, requests) : null, runs };
  }

  /**
   * The pinned runs that have results, labelled as in the legend, for an export of every compared run.
   * @returns {{request: object, result: object, label: string}[]}
   */
  pinned(live) {
    const requests = [live, ...this.#runs.map((run) => run.request)];
    return this.#runs
      .filter((run) => run.result)
      .map((run) => ({ ...run, label: this.#label(run.request, requests) }));
  }

  /** The label of the live run among the pinned ones (as the legend names it). */
  labelOf(live) {
    return this.#label(live, [live, ...this.#runs.map((run) => run.request)]);
  }

  /** Pins `request` (a copy), then runs it; a run identical to a pinned one is refused with a note. */
  async add(request) {
    if (this.#runs.length >= MAX_COMPARE) return;
    const twin = this.#runs.find((run) => this.#sameRun(run.request, request));
    if (twin) {
      this.#ui.note.textContent =
        `This run is already in the comparison (${this.#label(twin.request, this.requests)}): ` +
        'change a value first to compare another run.';
      return;
    }
    this.#ui.note.textContent = '';
    this.#runs.push({ request: structuredClone(request), result: null });
    await this.#runAll();
  }

  /** Restores pinned requests (saved or linked), then runs them. */
  async load(requests) {
    this.#runs = requests.slice(0, MAX_COMPARE).map((request) => ({ request, result: null }));
    await this.#runAll();
  }

  remove(index) {
    this.#runs.splice(index, 1);
    this.#render();
    this.#onChange();
  }

  async #runAll() {
    this.#render();
    if (this.#runs.length === 0) {
      this.#onChange();
      return;
    }
    const runs = [...this.#runs];
    try {
      const results = await this.#client.compare(runs.map((run) => run.request));
      if (results === null) return; // replaced by a newer comparison
      runs.forEach((run, index) => {
        run.result = results[index];
      });
      this.#ui.note.textContent = '';
    } catch (error) {
      // A pinned run the engine refuses (say, from an old link) is dropped, with the reason.
      const bad = runs[error.index ?? runs.length - 1];
      this.#runs = this.#runs.filter((run) => run !== bad);
      this.#ui.note.textContent = `A compared run was dropped: ${error.message}`;
      await this.#runAll();
      return;
    }
    this.#render();
    this.#onChange();
  }

  /** "Coulomb (static and kinetic): μk = 0.3, c = 20 N/m": the subject, then what differs among the runs. */
  #label(request, all) {
    const subject = this.#subject(request);
    const values = (r) => ({ ...this.#defaults(r), ...(r.params ?? {}), ...(r.system ?? {}) });
    const own = values(request);
    const specs = [
      ...(subject?.params ?? []),
      ...(request.law ? (this.#catalog.system?.params ?? []) : []),
    ];
    const differing = specs.filter((spec) =>
      all.some(
        (other) =>
          other !== request &&
          this.#subjectId(other) === this.#subjectId(request) &&
          JSON.stringify(values(other)[spec.key]) !== JSON.stringify(own[spec.key]),
      ),
    );
    const parts = differing.map(
      (spec) => `${spec.symbol} = ${valueText(own[spec.key], spec.unit)}`,
    );
    if (request.integrator && request.integrator !== 'auto') parts.push(request.integrator);
    return `${subject?.name ?? this.#subjectId(request)}${parts.length ? `: ${parts.join(', ')}` : ''}`;
  }

  /** Two scenarios run the same thing: same subject, values (defaults filled in), integrator, start, kick and drive. */
  #sameRun(a, b) {
    const canonical = (r) =>
      JSON.stringify([
        this.#subjectId(r),
        { ...this.#defaults(r), ...(r.params ?? {}), ...(r.system ?? {}) },
        r.integrator ?? 'auto',
        r.kick ?? 0,
        r.protocol ?? null,
        r.grid ?? 'uniform',
      ]);
    return canonical(a) === canonical(b);
  }

  #subjectId(request) {
    return request.model ?? request.law;
  }

  #subject(request) {
    const id = this.#subjectId(request);
    return (
      this.#catalog.models.find((model) => model.id === id) ??
      this.#catalog.laws.find((law) => law.id === id)
    );
  }

  /** A request's values not given in it: the catalog defaults (Fn's follows m). */
  #defaults(request) {
    const specs = [
      ...(this.#subject(request)?.params ?? []),
      ...(request.law ? (this.#catalog.system?.params ?? []) : []),
    ];
    return Object.fromEntries(specs.map((spec) => [spec.key, spec.default]));
  }

  #render() {
    const { list, add } = this.#ui;
    const requests = this.#runs.map((run) => run.request);
    list.replaceChildren(
      ...this.#runs.map((run, index) => {
        const item = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = this.#label(run.request, requests);
        const remove = document.createElement('button');
        remove.type = 'button';
        remove.textContent = 'Remove';
        remove.setAttribute('aria-label', `Remove ${label.textContent} from the comparison`);
        remove.addEventListener('click', () => this.remove(index));
        item.append(label, ' ', remove);
        return item;
      }),
    );
    list.hidden = this.#runs.length === 0;
    add.disabled = this.#runs.length >= MAX_COMPARE;
  }
}
