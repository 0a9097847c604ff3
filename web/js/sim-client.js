// The page's handle on the simulation worker (sim-worker.js documents the message protocol).
//
// Scheduling: at most one simulation is in flight, plus one pending slot. A newer request
// overwrites the pending one, so dragging a slider never builds a backlog: the worker always
// moves on to the latest settings, and the page shows each result as soon as it arrives.

/** @typedef {{model: string, params: Record<string, number>}} SimRequest */
/** @typedef {{columns: Record<string, Float64Array>, summary: object}} SimResult */
/** @typedef {{models: object[], columns: object[], version: string}} Catalog */

export class SimClient {
  #worker;
  #nextId = 1;
  /** @type {{id: number, resolve: Function, reject: Function} | null} the request the worker is running */
  #inFlight = null;
  /** @type {{request: SimRequest, resolve: Function, reject: Function} | null} the next one to send */
  #pending = null;
  /** @type {{resolve: Function, reject: Function} | null} */
  #initWaiter = null;
  /** @type {Error | null} set once the worker itself has failed; every later call rejects with it */
  #failure = null;

  constructor() {
    this.#worker = new Worker(new URL('./sim-worker.js', import.meta.url), { type: 'module' });
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    // A worker whose script or imports cannot load reports only a bare 'error' event.
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(new Error(event.message || 'The simulation worker could not start.'));
    };
    this.#worker.onmessageerror = () => this.#fail(new Error('A message from the simulation worker could not be read.'));
  }

  /**
   * Loads the engine and returns its catalog.
   * @returns {Promise<Catalog>}
   */
  init() {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#initWaiter = { resolve, reject };
      this.#worker.postMessage({ type: 'init' });
    });
  }

  /**
   * Runs one simulation. Resolves with the result; resolves with null if a newer request replaced
   * this one before it was sent; rejects with the engine's Error (its `parameter` names the
   * offending parameter, when there is one).
   * @param {SimRequest} request
   * @returns {Promise<SimResult | null>}
   */
  simulate(request) {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#pending?.resolve(null);
      this.#pending = { request, resolve, reject };
      this.#sendNext();
    });
  }

  #sendNext() {
    if (this.#inFlight || !this.#pending) return;
    const { request, resolve, reject } = this.#pending;
    this.#pending = null;
    const id = this.#nextId++;
    this.#inFlight = { id, resolve, reject };
    this.#worker.postMessage({ type: 'simulate', id, request });
  }

  #receive(message) {
    // The init exchange carries no id.
    if (message.id === undefined) {
      const waiter = this.#initWaiter;
      this.#initWaiter = null;
      if (message.type === 'ready') {
        waiter?.resolve({ models: message.models, columns: message.columns, version: message.version });
      } else {
        waiter?.reject(new Error(message.message));
      }
      return;
    }
    // A reply to anything but the request in flight is stale: drop it.
    if (message.id !== this.#inFlight?.id) return;
    const { resolve, reject } = this.#inFlight;
    this.#inFlight = null;
    if (message.type === 'result') {
      resolve(message.result);
    } else {
      const error = new Error(message.message);
      error.parameter = message.parameter;
      reject(error);
    }
    this.#sendNext();
  }

  #fail(error) {
    this.#failure = error;
    this.#initWaiter?.reject(error);
    this.#inFlight?.reject(error);
    this.#pending?.reject(error);
    this.#initWaiter = this.#inFlight = this.#pending = null;
    this.#worker.terminate();
  }
}
