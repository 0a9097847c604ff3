// A drag's runs (issue 13, "Speed"): while a range slider is held by the pointer, or an arrow key is
// held down on it (auto-repeat), each law run is a preview: the same adaptive method at a relative
// tolerance of PREVIEW_TOLERANCE (1e-7, a millionth of a pixel on any chart, against the law's 1e-10)
// on an output grid of about one row per pixel of the charts, so that the charts follow the slider.
// (A fixed step has no tolerance to loosen, so the schemes the engine's catalog does not call adaptive
// and the laws stepped in their origin's loop are never previewed.) When the drag ends the run is sent again in full, unless a change at the
// release has sent it already; the page's status says which is shown.

/** The fewest rows a preview has, and its relative tolerance. */
const MIN_ROWS = 400,
  PREVIEW_TOLERANCE = 1e-7;
/** What the page's status says while a drag is previewed. */
export const PREVIEW_STATUS = `Preview while dragging (tolerance ${PREVIEW_TOLERANCE}, fewer rows)`;

export class DragPreview {
  #dragging = false;
  #sent = false;

  /**
   * @param {HTMLElement} container the settings panel, whose sliders it watches
   * @param {() => void} rerun sends the current settings again, in full
   */
  constructor(container, rerun) {
    const onSlider = (event) =>
      event.target instanceof HTMLInputElement && event.target.type === 'range';
    const end = () => {
      if (!this.#dragging) return;
      this.#dragging = false;
      setTimeout(() => {
        if (this.#sent) rerun();
      });
    };
    container.addEventListener('pointerdown', (event) => {
      if (onSlider(event)) this.#dragging = true;
    });
    container.addEventListener('keydown', (event) => {
      if (event.repeat && onSlider(event)) this.#dragging = true;
    });
    container.addEventListener('keyup', end);
    addEventListener('pointerup', end);
    addEventListener('pointercancel', end);
  }

  /** Whether a slider is being dragged now. */
  get dragging() {
    return this.#dragging;
  }

  /**
   * The request to send: `request` itself, or with `samples` of about one per pixel of `width` and the
   * preview's tolerance when `preview` is asked and the run allows it.
   * @param {object} request the run (a law's or a model's) @param {boolean} preview a change in a drag
   * @param {{laws: object[], integrators: object[]}} catalog the engine's laws and integrators
   * @param {number} width the charts' width [px]
   * @returns {{request: object, preview: boolean}}
   */
  shape(request, preview, { laws, integrators }, width) {
    const rows = Math.max(MIN_ROWS, Math.round(width));
    const law = laws.find((entry) => entry.id === request.law);
    const adaptive =
      integrators.find((entry) => entry.id === (request.integrator ?? 'auto'))?.adaptive === true;
    this.#sent =
      preview &&
      law !== undefined &&
      !law.can.stateful &&
      adaptive &&
      (request.samples ?? 2000) > rows;
    const tolerance = Math.max(PREVIEW_TOLERANCE, request.tolerance ?? 0);
    return {
      request: this.#sent ? { ...request, samples: rows, tolerance } : request,
      preview: this.#sent,
    };
  }
}
