// The spring-block view's changes that replace its scenario rather than edit it: the notices of
// another model chosen and of Reset (views/spring-view.js makes those changes itself, at once), a
// preset's scenario (state/presets.js), a map's cell or a fitted law opened. Each keeps what it
// replaced where it can be had again (the scenario the model or law had, under its id: see
// state/scenario.js) and says what it did in a short notice with an Undo (ui/undo-notice.js).
// Loaded the first time one is made.

import { showUndo } from '../ui/undo-notice.js';

const runs = (count) => `${count} pinned run${count === 1 ? '' : 's'}`;
/** The id of what a scenario runs (state/scenario.js's subjectOf, written out: a module shared with
 * the start-up bundle would become a start-up file of its own). */
const idOf = (scenario) => scenario.model ?? scenario.law;

export class SpringChanges {
  #host;

  /**
   * @param {{store: import('../state/store.js').Store, catalog: object, apply: (cleared: number) => void,
   *   syncPins: () => void, endPreset: () => void}} host the view: its store and catalog, apply (saves
   *   and shows settings.spring.scenario, `cleared` pinned runs gone), syncPins (the comparison follows
   *   settings.spring.compare) and the end of a preset
   */
  constructor(host) {
    this.#host = host;
  }

  get #spring() {
    return this.#host.store.settings.spring;
  }

  /** Another model or law was chosen and `cleared` pinned runs went with the system they ran on. */
  chosen(before, cleared) {
    showUndo(
      `The ${runs(cleared)} ran on another system (a seed model has its own): cleared.`,
      () => this.restore(before),
    );
  }

  /**
   * `entry` was reset to its defaults, its drive cleared: Undo and, while runs are pinned, the offer
   * to clear them too.
   */
  wasReset(before, entry) {
    const pinned = this.#spring.compare.length;
    const { system, protocol, grid } = before.scenario;
    const drive = Array.isArray(system?.v0) || protocol !== undefined || grid === 'log';
    showUndo(
      `${entry.name} is back at its defaults${drive ? ', its drive cleared' : ''}.`,
      () => this.restore(before),
      pinned > 0 ? [{ label: `Clear the ${runs(pinned)}`, run: () => this.clearPins() }] : [],
    );
  }

  /**
   * Shows `scenario` in place of the view's (a preset's, a map cell's, a fitted law's); the shown one is
   * kept under its id. `clearPins`: 'always' (a preset: a new set-up), or 'model' (as choosing does).
   * Returns what was replaced, for the caller's Undo, and how many pinned runs went.
   */
  replace(scenario, { clearPins }) {
    const spring = this.#spring;
    const before = structuredClone(spring);
    const shown = spring.scenario;
    spring.kept = { ...spring.kept, [idOf(shown)]: shown };
    delete spring.kept[idOf(scenario)];
    spring.scenario = scenario;
    delete spring.speedUnit;
    const crosses = scenario.model !== undefined || shown.model !== undefined;
    const cleared = clearPins === 'always' || crosses ? spring.compare.length : 0;
    this.#host.apply(cleared);
    return { before, cleared };
  }

  /** Opens a map cell's or a fitted law's scenario in place of the view's, with an Undo. */
  open(scenario) {
    this.#host.endPreset();
    const { before, cleared } = this.replace(scenario, { clearPins: 'model' });
    const entry = [...this.#host.catalog.models, ...this.#host.catalog.laws].find(
      (candidate) => candidate.id === idOf(scenario),
    );
    const pins = cleared > 0 ? `; the ${runs(cleared)} of another system cleared` : '';
    showUndo(`${entry?.name ?? idOf(scenario)} opened${pins}.`, () => this.restore(before));
  }

  /** Takes the view back to `before` (a copy of settings.spring), its pinned runs included. */
  restore(before) {
    this.#host.store.settings.spring = before;
    this.#host.endPreset();
    this.#host.apply(0);
    this.#host.syncPins();
  }

  /** Unpins every run. */
  clearPins() {
    this.#spring.compare = [];
    this.#host.store.persist();
    this.#host.syncPins();
  }
}
