// The spring-block view's drive (issue 15): the note that says what the load point does (the
// scenario's velocity steps, holds, displacement table, normal-force steps, log grid: a research
// preset's or the editor's), its Edit and Clear buttons, and the healing chart of a slide-hold-slide
// run. The editor, the words and the chart are modules loaded on demand: most visitors drive at a
// constant v0.

import { hasDrive, withoutDrive } from '../state/scenario.js';
import { loadStylesheet, setHidden, setText } from '../ui/dom.js';
import { describeConstantDrive } from '../ui/format.js';

/** The editor's and the healing chart's stylesheet, added once, with the first of them. */
let styles = null;
const withStyles = (loading) =>
  Promise.all([loading, (styles ??= loadStylesheet('drive.css'))]).then(([module]) => module);
const editorModule = () => import('./drive-editor.js');

export class SpringDrive {
  #ui;
  #store;
  #host;
  /** The catalog's drive velocity [m/s]: the speed of a scenario that sets none. */
  #v0Default;
  #editor = null;
  /** The healing chart (a promise of it), built the first time a run has holds. */
  #healing = null;

  /**
   * @param {object} ui springElements()
   * @param {import('../state/store.js').Store} store
   * @param {{system: {params: object[]} | null}} catalog
   * @param {{isLaw: () => boolean, reload: () => Promise<object | undefined>}} host the spring-block
   *   view: whether a law runs, and its reload (shows settings.spring.scenario and runs it, resolving to
   *   {result} or {error})
   */
  constructor(ui, store, catalog, host) {
    this.#ui = ui;
    this.#store = store;
    this.#host = host;
    this.#v0Default = catalog.system?.params.find((spec) => spec.key === 'v0')?.default;
    ui.controls.driveEdit.addEventListener('click', () => this.#edit());
    ui.controls.driveClear.addEventListener('click', () => {
      const spring = store.settings.spring;
      spring.scenario = withoutDrive(spring.scenario);
      host.reload();
    });
  }

  /** The note, for a law run only: the drive of `scenario` (the run sent) in words, and Clear while it has one. */
  showNote(scenario) {
    const { driveNote, driveText, driveClear } = this.#ui.controls;
    setHidden(driveNote, !this.#host.isLaw());
    if (driveNote.hidden) return;
    setHidden(driveClear, !hasDrive(scenario));
    const unit = this.#store.settings.spring.speedUnit;
    if (!hasDrive(scenario)) setText(driveText, describeConstantDrive(scenario));
    else
      import('./drive-words.js').then(({ describeDrive }) =>
        setText(driveText, describeDrive(scenario, unit, this.#v0Default)),
      );
  }

  async #edit() {
    const { DriveEditor } = await withStyles(editorModule());
    this.#editor ??= new DriveEditor((scenario, unit) => this.#apply(scenario, unit));
    const { scenario, speedUnit } = this.#store.settings.spring;
    this.#editor.open(scenario, withoutDrive(scenario), speedUnit, this.#v0Default);
  }

  /**
   * Runs `scenario` (the editor's drive), its speeds typed in `unit`. A scenario the engine refuses is
   * taken back (the last good one runs again, so the charts stay up to date) and the refusal returned
   * for the editor to show beside its field.
   */
  async #apply(scenario, unit) {
    const spring = this.#store.settings.spring;
    const previous = { scenario: spring.scenario, speedUnit: spring.speedUnit };
    Object.assign(spring, { scenario, speedUnit: unit });
    const outcome = await this.#host.reload();
    if (!outcome?.error) return null;
    Object.assign(spring, previous);
    if (previous.speedUnit === undefined) delete spring.speedUnit;
    this.#host.reload();
    return outcome.error;
  }

  /** The healing chart of the run's holds (summary.holds), hidden for a run without holds. */
  showHolds(holds) {
    if (holds.length === 0 && !this.#healing) return;
    this.#healing ??= withStyles(import('../charts/healing-chart.js')).then(
      ({ HealingChart }) => new HealingChart(this.#ui.shown[1].querySelector('.chart-phase')),
    );
    this.#healing.then((chart) => chart.show(holds));
  }
}
