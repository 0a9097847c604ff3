// A pool of simulation workers for stability maps: one per core, each running a few cells of the
// map at a time (engine.sweepCells), so that every core works and the map fills in as it goes.
//
// Cells are handed out coarse to fine (every 16th cell of each axis first, then every 8th, …), so
// the whole map takes shape early and sharpens. A batch is sized to take about BATCH_MS, so a
// cancel or a newer map waits no longer than that. A newer map supersedes an older one: results
// of the old one still in flight are dropped. cancel() ends busy workers at once.

import { startSimWorker } from './sim-client.js';

// A batch long enough that messaging costs little, short enough that the picture moves smoothly.
const BATCH_MS = 60;
const MAX_BATCH = 256;

/** The pool size: one worker per logical core, 1 to 16. */
export function defaultPoolSize() {
  const cores = Number(globalThis.navigator?.hardwareConcurrency);
  return Number.isInteger(cores) && cores > 0 ? Math.min(cores, 16) : 2;
}

/**
 * The cells of a count.x × count.y map, coarse to fine, as a flat [i0, j0, i1, j1, …] list.
 * @param {number} nx
 * @param {number} ny
 */
export function coarseToFine(nx, ny) {
  const order = [];
  const seen = new Uint8Array(nx * ny);
  for (let stride = 16; stride >= 1; stride /= 2) {
    for (let j = 0; j < ny; j += stride) {
      for (let i = 0; i < nx; i += stride) {
        if (seen[j * nx + i]) continue;
        seen[j * nx + i] = 1;
        order.push(i, j);
      }
    }
  }
  return order;
}

export class MapPool {
  #size;
  /** @type {{worker: Worker, job: {runId: number} | null}[]} */
  #slots = [];
  #nextId = 1;
  /** The map being filled: its queue, callbacks and counters. */
  #run = null;
  /** Pending boundary requests by id. */
  #waiters = new Map();

  constructor(size = defaultPoolSize()) {
    this.#size = size;
  }

  get size() {
    return this.#size;
  }

  /**
   * Fills a map. `onCells` receives each batch of finished cells ({i, j, x, y, regime, value, error?})
   * as it arrives. Resolves with {elapsedMs} when every cell is done, or null when cancel()
   * or a newer map stopped it; rejects with the engine's Error if it refuses the map.
   * @param {{scenario: object, x: object, y: object}} map as engine.sweepCells takes it
   * @param {(cells: object[], done: number, total: number) => void} onCells
   */
  fill(map, onCells) {
    this.#stopRun();
    const queue = coarseToFine(map.x.count, map.y.count);
    return new Promise((resolve, reject) => {
      this.#run = {
        id: this.#nextId++,
        map,
        queue,
        next: 0,
        total: queue.length / 2,
        done: 0,
        onCells,
        resolve,
        reject,
        // Cells per batch, re-estimated from each batch's duration; start small to learn quickly.
        batch: 2,
        started: performance.now(),
      };
      while (this.#slots.length < this.#size) this.#slots.push(this.#startSlot());
      for (const slot of this.#slots) this.#feed(slot);
    });
  }

  /**
   * The closed-form boundary of a map (engine.sweepBoundary), computed by the first worker.
   * @returns {Promise<{known: boolean, criterion: string, unit: string, xs: Float64Array, ys: Float64Array, values: Float64Array}>}
   */
  boundary(map, resolution) {
    if (this.#slots.length === 0) this.#slots.push(this.#startSlot());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#waiters.set(id, { resolve, reject });
      this.#slots[0].worker.postMessage({ type: 'sweep-boundary', id, map, resolution });
    });
  }

  /** Stops the map being filled: busy workers are ended (fresh ones start when needed). */
  cancel() {
    if (!this.#run) return;
    this.#stopRun();
    for (const [index, slot] of this.#slots.entries()) {
      if (!slot.job) continue;
      slot.worker.terminate();
      this.#slots[index] = this.#startSlot();
    }
    for (const waiter of this.#waiters.values()) waiter.resolve(null);
    this.#waiters.clear();
  }

  #stopRun() {
    this.#run?.resolve(null);
    this.#run = null;
  }

  #startSlot() {
    const slot = { worker: startSimWorker(), job: null };
    slot.worker.onmessage = ({ data }) => this.#receive(slot, data);
    slot.worker.onerror = (event) => {
      event.preventDefault();
      // The worker is gone: a fresh one takes its place, so the next map does not wait on it.
      slot.worker.terminate();
      const index = this.#slots.indexOf(slot);
      if (index >= 0) this.#slots[index] = this.#startSlot();
      this.#fail(new Error(event.message || 'A map worker could not start.'));
    };
    return slot;
  }

  /** Gives an idle worker the next batch of the current map, if any is left. */
  #feed(slot) {
    const run = this.#run;
    if (slot.job || !run || run.next >= run.queue.length) return;
    const cells = run.queue.slice(run.next, run.next + 2 * run.batch);
    run.next += cells.length;
    slot.job = {
      runId: run.id,
      id: this.#nextId++,
      count: cells.length / 2,
      sent: performance.now(),
    };
    slot.worker.postMessage({ type: 'sweep-cells', id: slot.job.id, map: run.map, cells });
  }

  #receive(slot, message) {
    const waiter = this.#waiters.get(message.id);
    if (waiter) {
      this.#waiters.delete(message.id);
      if (message.type === 'boundary') waiter.resolve(message.boundary);
      else
        waiter.reject(Object.assign(new Error(message.message), { parameter: message.parameter }));
      return;
    }
    const job = slot.job;
    if (!job || message.id !== job.id) return; // the worker's 'ready' or a reply it no longer owes
    slot.job = null;
    const run = this.#run;
    if (run && job.runId === run.id) {
      if (message.type === 'error') {
        this.#run = null;
        run.reject(Object.assign(new Error(message.message), { parameter: message.parameter }));
        return;
      }
      // Aim the next batches at BATCH_MS each.
      const perCell = (performance.now() - job.sent) / job.count;
      run.batch = Math.max(1, Math.min(MAX_BATCH, Math.round(BATCH_MS / Math.max(perCell, 1e-3))));
      run.done += message.cells.length;
      run.onCells(message.cells, run.done, run.total);
      if (run.done === run.total) {
        this.#run = null;
        run.resolve({ elapsedMs: performance.now() - run.started });
        return;
      }
    }
    this.#feed(slot);
  }

  #fail(error) {
    const run = this.#run;
    this.#run = null;
    run?.reject(error);
    for (const waiter of this.#waiters.values()) waiter.reject(error);
    this.#waiters.clear();
  }

  /** Ends every worker; a pending boundary resolves with null. */
  dispose() {
    this.cancel();
    for (const waiter of this.#waiters.values()) waiter.resolve(null);
    this.#waiters.clear();
    for (const slot of this.#slots) slot.worker.terminate();
    this.#slots = [];
  }
}
