// A whole map given at once (a merged CSV of friction sweep, views/map-csv.js) for the map chart:
// its cells in typed arrays rather than one object each, and drawn as one image of a pixel a cell,
// scaled onto the chart's area. A million cells (a 1000 × 1000 map from a cluster) then take 9 MB
// and redraw in one drawImage, where the chart's own cells take one fillRect each.
//
// The image is exact on linear and logarithmic axes alike: a map's cells are equal steps of its axis
// in the axis's own scale (linear, or of log x), which the chart's scale maps linearly onto pixels.

/** '#RRGGBB' as [r, g, b]. */
function rgb(hex) {
  return [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
}

export class CellGrid {
  #grid;
  #regimes;
  #image = null;

  /**
   * @param {{nx: number, ny: number, regimes: Uint8Array, values: Float64Array,
   *   errors: Map<number, string>}} grid cell n = j·nx + i; regimes[n] indexes `regimes`
   * @param {string[]} regimes the regimes' names, by code
   */
  constructor(grid, regimes) {
    this.#grid = grid;
    this.#regimes = regimes;
  }

  /** Cell (i, j) as the chart's cells are: {i, j, x, y, regime, value, error?}; `at`: the axes' values. */
  cell(i, j, at) {
    const n = j * this.#grid.nx + i;
    const error = this.#grid.errors.get(n);
    return {
      i,
      j,
      x: at.x(i),
      y: at.y(j),
      regime: this.#regimes[this.#grid.regimes[n]],
      value: this.#grid.values[n],
      ...(error ? { error } : {}),
    };
  }

  /** Every cell, row by row. */
  cells(at) {
    const out = [];
    for (let j = 0; j < this.#grid.ny; j++)
      for (let i = 0; i < this.#grid.nx; i++) out.push(this.cell(i, j, at));
    return out;
  }

  /** The largest |value| of each regime (cells that ran, with a finite, non-zero value). */
  strongest() {
    const top = {};
    const { regimes, values, errors } = this.#grid;
    for (let n = 0; n < values.length; n++) {
      const value = Math.abs(values[n]);
      if (errors.has(n) || !Number.isFinite(value) || value === 0) continue;
      const regime = this.#regimes[regimes[n]];
      top[regime] = Math.max(top[regime] ?? 0, value);
    }
    return top;
  }

  /**
   * The map as a canvas of nx × ny pixels, row ny − 1 at the top; built once.
   * @param {(cell: {regime: string, value: number, error?: string}) => {colour: string, alpha: number}} paint
   */
  image(paint) {
    if (this.#image) return this.#image;
    const { nx, ny, regimes, values, errors } = this.#grid;
    const canvas = document.createElement('canvas');
    canvas.width = nx;
    canvas.height = ny;
    const context = canvas.getContext('2d');
    const pixels = context.createImageData(nx, ny);
    const colours = new Map();
    for (let n = 0; n < values.length; n++) {
      const error = errors.get(n);
      const { colour, alpha } = paint({
        regime: this.#regimes[regimes[n]],
        value: values[n],
        error,
      });
      if (!colours.has(colour)) colours.set(colour, rgb(colour));
      const i = n % nx;
      const j = (n - i) / nx;
      pixels.data.set(colours.get(colour), 4 * ((ny - 1 - j) * nx + i));
      pixels.data[4 * ((ny - 1 - j) * nx + i) + 3] = Math.round(alpha * 255);
    }
    context.putImageData(pixels, 0, 0);
    this.#image = canvas;
    return canvas;
  }
}
