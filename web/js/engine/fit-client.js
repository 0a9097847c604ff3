// The Fit view's handle on the fits' worker (fit-worker.js documents the protocol). One request at a
// time is enough for a view the user drives by buttons; Cancel ends the worker (a fit is one long
// call into wasm, which no message can interrupt) and the next request starts a fresh one.

/** Starts a fits' worker: from its inlined text in the single-file build, else from its module file. */
function startFitWorker() {
  const inlined = globalThis.__frictionFitWorkerSource;
  return inlined
    ? new Worker(URL.createObjectURL(new Blob([inlined], { type: 'text/javascript' })))
    : new Worker(new URL('./fit-worker.js', import.meta.url), { type: 'module' });
}

export class FitClient {
  #worker = null;
  #nextId = 1;
  /** @type {Map<number, {resolve: Function, reject: Function, onProgress?: Function}>} */
  #waiting = new Map();

  /** The kinds, comparisons and units a fit may name, and the export targets: {kinds, targets}. */
  options() {
    return this.#send({ type: 'options' });
  }

  /**
   * Runs a fit (docs/guide/fit-and-export.md); onProgress({start, starts, evaluations,
   * bestSumOfSquares}) after each start.
   * Rejects with the engine's Error (its `parameter` names the refused field), or one whose `cancelled` is true.
   */
  fit(request, onProgress) {
    return this.#send({ type: 'fit', request }, onProgress);
  }

  /** The text of the law for a solver (docs/guide/fit-and-export.md#export-to-your-solver). */
  exportLaw(request) {
    return this.#send({ type: 'export', request });
  }

  /** Ends the request in flight, if any: its promise rejects with a cancelled Error. */
  cancel() {
    if (!this.#worker || this.#waiting.size === 0) return;
    this.#worker.terminate();
    this.#worker = null;
    const error = Object.assign(new Error('Cancelled.'), { cancelled: true });
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  #send(message, onProgress) {
    if (!this.#worker) this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject, onProgress });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #start() {
    this.#worker = startFitWorker();
    this.#worker.onmessage = ({ data }) => {
      const waiting = this.#waiting.get(data.id);
      if (!waiting) return;
      if (data.type === 'progress') return waiting.onProgress?.(data.progress);
      this.#waiting.delete(data.id);
      if (data.type === 'result') waiting.resolve(data.result);
      else waiting.reject(Object.assign(new Error(data.message), { parameter: data.parameter }));
    };
    // A worker whose script or module cannot load reports only an 'error' event: every request fails.
    this.#worker.onerror = (event) => {
      event.preventDefault();
      const error = new Error(event.message || "The fits' worker could not start.");
      for (const waiting of this.#waiting.values()) waiting.reject(error);
      this.#waiting.clear();
      this.#worker?.terminate();
      this.#worker = null;
    };
  }
}
