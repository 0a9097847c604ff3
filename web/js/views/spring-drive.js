// The spring-block view's drive (issue 15): the note that says what the load point does (a research
// preset's or the user's velocity steps, holds, displacement table, normal-force steps, log grid),
// its Edit and Clear buttons, and the healing chart of a slide-hold-slide run. The editor, the words
// and the chart are modules loaded on demand: most visitors drive at a constant v0.

import { loadStylesheet, setHidden, setText } from '../ui/dom.js';

/**
 * The request with the settings' drive merged in (engine.presets()'s `drive` or the editor's, in the
 * scenario reader's own keys). The controls' request stays what is remembered; the drive is its own
 * slice of the settings until cleared.
 */
export function withDrive(request, drive) {
  if (request.law === undefined || !hasDrive(drive)) return request;
  return { ...request, ...drive, system: { ...request.system, ...drive.system } };
}

const hasDrive = (drive) => Boolean(drive) && Object.keys(drive).length > 0;
/** The editor's and the healing chart's stylesheet, added once, with the first of them. */
let styles = null;
const withStyles = (loading) =>
  Promise.all([loading, (styles ??= loadStylesheet('drive.css'))]).then(([module]) => module);
const editorModule = () => import('./drive-editor.js');

export class SpringDrive {
  #ui;
  #store;
  #host;
  #editor = null;
  /** The healing chart (a promise of it), built the first time a run has holds. */
  #healing = null;

  /**
   * @param {object} ui springElements()
   * @param {import('../state/store.js').Store} store
   * @param {{isLaw: () => boolean, recompute: () => Promise<object | undefined>, system: () => object}} host
   *   the spring-block view: whether a law runs, its recompute (resolving to {result} or {error}) and the system
   */
  constructor(ui, store, host) {
    this.#ui = ui;
    this.#store = store;
    this.#host = host;
    ui.controls.driveEdit.addEventListener('click', () => this.#edit());
    ui.controls.driveClear.addEventListener('click', () => {
      store.settings.drive = {};
      host.recompute();
    });
  }

  /** The note, for a law run only: the drive in words, and Clear while a drive is set. */
  showNote() {
    const { driveNote, driveText, driveClear } = this.#ui.controls,
      drive = this.#store.settings.drive;
    setHidden(driveNote, !this.#host.isLaw());
    if (driveNote.hidden) return;
    setHidden(driveClear, !hasDrive(drive));
    if (!hasDrive(drive)) setText(driveText, 'Drive: the load point moves at v0 throughout.');
    else editorModule().then(({ describeDrive }) => setText(driveText, describeDrive(drive)));
  }

  async #edit() {
    const { DriveEditor } = await withStyles(editorModule());
    this.#editor ??= new DriveEditor((drive) => this.#apply(drive));
    this.#editor.open(this.#store.settings.drive ?? {}, this.#host.system());
  }

  /**
   * Runs with `drive`. A drive the engine refuses is taken back (the last good one runs again, so the
   * charts stay up to date) and the refusal returned for the editor to show beside its field.
   */
  async #apply(drive) {
    const previous = this.#store.settings.drive;
    this.#store.settings.drive = drive;
    const outcome = await this.#host.recompute();
    if (!outcome?.error) return null;
    this.#store.settings.drive = previous;
    this.#host.recompute();
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
