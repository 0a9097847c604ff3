// The page's handle on the simulation worker (sim-worker.js documents the message protocol).
//
// Scheduling: at most one request is in flight, plus one pending slot per kind of request
// (simulations, law curves). A newer request overwrites the pending one of its kind, so dragging a
// slider never builds a backlog: the worker always moves on to the latest settings, and the page
// shows each result as soon as it arrives. Kinds do not replace each other: a curves request never
// drops a pending simulation. Pending kinds are sent in the order they first became pending.

/** @typedef {{model: string, params: Record<string, number>} | {law: string, params: object, system: object, integrator: string}} SimRequest */
/** @typedef {{columns: Record<string, Float64Array>, summary: object}} SimResult */
/** @typedef {{law: string, params: Record<string, number | number[]>, options: object}} CurveRequest */
/** @typedef {{v: Float64Array, mu: Float64Array, force: Float64Array}} Curve */
/** @typedef {{models: object[], columns: object[], laws: object[], system: object | null, integrators: object[], version: string}} Catalog */

/** Starts a simulation worker (sim-worker.js). */
export function startSimWorker() {
  // The single-file build (dist/friction-lab.html) carries the worker as the text of a classic
  // script: opened from disk, a page may only start a worker from a Blob URL, and not a module one.
  const inlined = globalThis.__frictionWorkerSource;
  return inlined
    ? new Worker(URL.createObjectURL(new Blob([inlined], { type: 'text/javascript' })))
    : new Worker(new URL('./sim-worker.js', import.meta.url), { type: 'module' });
}

export class SimClient {
  #worker;
  #nextId = 1;
  /** @type {{id: number, resolve: Function, reject: Function} | null} the request the worker is running */
  #inFlight = null;
  /** @type {Map<string, {message: object, resolve: Function, reject: Function}>} the next one of each type */
  #pending = new Map();
  /** @type {{resolve: Function, reject: Function} | null} */
  #initWaiter = null;
  /** @type {Error | null} set once the worker itself has failed; every later call rejects with it */
  #failure = null;

  /** Called with the fraction done of the request in flight, as the worker reports it. */
  onProgress = null;

  constructor() {
    this.#start();
  }

  /**
   * Stops the request in flight (and drops the pending ones): the worker is ended and a fresh one
   * started. The request's promise rejects with an Error whose `cancelled` is true.
   */
  cancel() {
    if (!this.#inFlight) return;
    this.#worker.terminate();
    const error = Object.assign(new Error('Cancelled.'), { cancelled: true });
    this.#inFlight.reject(error);
    this.#inFlight = null;
    for (const pending of this.#pending.values()) pending.resolve(null);
    this.#pending.clear();
    this.#start();
  }

  #start() {
    this.#worker = startSimWorker();
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    // A worker whose script or imports cannot load reports only a bare 'error' event.
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(new Error(event.message || 'The simulation worker could not start.'));
    };
    this.#worker.onmessageerror = () =>
      this.#fail(new Error('A message from the simulation worker could not be read.'));
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
   * this one before it was sent; rejects with the engine's Error (its `parameter` is the path of
   * the refused value in the request, such as 'system.v0' or 'params.mu_s', when there is one).
   * @param {SimRequest} request
   * @returns {Promise<SimResult | null>}
   */
  simulate(request) {
    return this.#enqueue({ type: 'simulate', request });
  }

  /**
   * Computes one curve per request (one per law), in order. Resolves with the curves; with null if
   * a newer curves request replaced this one before it was sent; rejects with the engine's Error,
   * whose `parameter` names the offending parameter or input and `index` the refused request.
   * @param {CurveRequest[]} requests
   * @returns {Promise<Curve[] | null>}
   */
  curves(requests) {
    return this.#enqueue({ type: 'curves', requests });
  }

  /**
   * Runs each request of a comparison (engine.simulate), in order. Resolves with the results; with
   * null if a newer comparison replaced this one before it was sent; rejects with the engine's Error,
   * whose `index` says which request it refused.
   * @param {SimRequest[]} requests
   */
  compare(requests) {
    return this.#enqueue({ type: 'compare', requests });
  }

  /**
   * Runs the presliding experiment (engine.runPresliding). Resolves with the result; with null if a
   * newer presliding request replaced this one before it was sent; rejects with the engine's Error.
   * @param {{law: string, params: object, protocol: Record<string, number>}} request
   */
  presliding(request) {
    return this.#enqueue({ type: 'presliding', request });
  }

  /**
   * What brings a run to steady sliding (studies.steadySliding, from its closed-form boundary): resolves
   * with the engine's answer; with null if a newer question replaced this one before it was sent.
   * @param {SimRequest} request
   */
  steadySliding(request) {
    return this.#enqueue({ type: 'steady-sliding', request });
  }

  #enqueue(message) {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#pending.get(message.type)?.resolve(null);
      this.#pending.set(message.type, { message, resolve, reject });
      this.#sendNext();
    });
  }

  #sendNext() {
    if (this.#inFlight || this.#pending.size === 0) return;
    const [type, { message, resolve, reject }] = this.#pending.entries().next().value;
    this.#pending.delete(type);
    const id = this.#nextId++;
    this.#inFlight = { id, resolve, reject };
    this.#worker.postMessage({ ...message, id });
  }

  #receive(message) {
    if (message.type === 'progress') {
      if (message.id === this.#inFlight?.id) this.onProgress?.(message.fraction);
      return;
    }
    // The init exchange carries no id.
    if (message.id === undefined) {
      this.#receiveInit(message);
      return;
    }
    // A reply to anything but the request in flight is stale: drop it.
    if (message.id !== this.#inFlight?.id) return;
    const { resolve, reject } = this.#inFlight;
    this.#inFlight = null;
    const field = Object.hasOwn(REPLY_VALUES, message.type) ? REPLY_VALUES[message.type] : null;
    if (field) resolve(message[field]);
    else reject(replyError(message));
    this.#sendNext();
  }

  #receiveInit(message) {
    const waiter = this.#initWaiter;
    this.#initWaiter = null;
    if (message.type !== 'ready') {
      waiter?.reject(new Error(message.message));
      return;
    }
    waiter?.resolve({
      models: message.models,
      columns: message.columns,
      laws: message.laws ?? [],
      system: message.system ?? null,
      integrators: message.integrators ?? [],
      version: message.version,
      presliding: message.presliding ?? null,
      presets: message.presets ?? [],
    });
  }

  #fail(error) {
    this.#failure = error;
    this.#initWaiter?.reject(error);
    this.#inFlight?.reject(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#initWaiter = this.#inFlight = null;
    this.#pending.clear();
    this.#worker.terminate();
  }
}

/** The replies that answer a request, and the field of each that holds the answer. */
const REPLY_VALUES = {
  result: 'result',
  curves: 'curves',
  compared: 'results',
  sliding: 'sliding',
};

/** The worker's refusal as an Error naming the parameter (and the request of a batch) at fault. */
function replyError(message) {
  const error = new Error(message.message);
  error.parameter = message.parameter;
  error.index = message.index;
  if (message.partial) {
    error.stoppedAt = message.stoppedAt;
    error.partial = message.partial;
  }
  return error;
}
