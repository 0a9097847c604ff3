// The simulation worker: the only code on the page that loads the WebAssembly engine.
// Running the engine here keeps the page responsive while a long simulation computes.
//
// Protocol (every reply answers exactly one request):
//   {type:'init'}                    -> {type:'ready', models, columns, laws, system, integrators, version}
//                                     | {type:'error', id: undefined, message}
//   {type:'simulate', id, request}   -> {type:'progress', id, fraction}* (law runs), then {type:'result', id, result}
//                                     | {type:'error', id, message, parameter, stoppedAt?, partial?}  (partial:
//                                       the columns of a run that stopped early, up to stoppedAt)
//   {type:'presliding', id, request} -> {type:'result', id, result}   (engine.runPresliding)
//   {type:'compare', id, requests}   -> {type:'compared', id, results}  (one simulate() per request)
//                                     | {type:'error', id, message, parameter, index}
//   {type:'curves', id, requests}    -> {type:'curves', id, curves}
//                                     | {type:'error', id, message, parameter, index}
//   {type:'sweep-cells', id, map, cells} -> {type:'cells', id, cells}   (engine.sweepCells: map pool workers)
//   {type:'sweep-boundary', id, map, resolution} -> {type:'boundary', id, boundary}   (engine.sweepBoundary)
//   {type:'steady-sliding', id, request} -> {type:'sliding', id, sliding}   (engine.steadySliding)
// `request` is {model, params} (a seed model) or {law, params, system, integrator} (a catalog law
// driving the spring-block system); `result` is {columns: {<key>: Float64Array}, summary, scenario}.
// `requests` is [{law, params, options}], one per law of the explorer, and `curves` answers them in
// order: [{v, mu, force}] (Float64Arrays; engine.lawCurve documents options and values). A refused
// request stops the batch; `index` says which one. `laws` is [] for an engine without laws;
// `system` (engine.system()) is null and `integrators` [] for an engine whose laws cannot drive the block.

// engine.mjs sits at the root of the built site, one level above js/.
import { loadEngine } from '../../engine.mjs';

// Start loading at once; every message waits on the same promise. A load failure is reported in
// the reply to each message, so it must not also surface as an unhandled rejection. The studies'
// module (curves, presliding, maps) loads with the first message that needs it (engine.studies()).
const enginePromise = loadEngine({ studies: false });
// How long a run computes before it reports progress, and how often after that [ms].
const PROGRESS_AFTER_MS = 100;
const PROGRESS_EVERY_MS = 50;
enginePromise.catch(() => {});

self.onmessage = async ({ data: message }) => {
  let engine;
  try {
    engine = await enginePromise;
  } catch (err) {
    replyError(message, `The simulation engine failed to load: ${err?.message ?? err}`);
    return;
  }
  // Which request of a batch (compare, curves) is running: the error names it.
  const batch = { index: undefined };
  try {
    if (Object.hasOwn(HANDLERS, message.type)) await HANDLERS[message.type](engine, message, batch);
  } catch (err) {
    // Bad input, or anything else the engine throws: the page shows the message.
    replyError(
      message,
      String(err?.message ?? err),
      err?.parameter,
      batch.index,
      err?.partial && { stoppedAt: err.stoppedAt, partial: err.partial },
    );
  }
};

/** One handler per message type (the protocol above); each posts its reply. */
const HANDLERS = {
  init: replyReady,
  simulate: replySimulated,
  async presliding(engine, message) {
    const result = (await engine.studies()).runPresliding(message.request);
    self.postMessage({ type: 'result', id: message.id, result }, columnBuffers(result.columns));
  },
  compare(engine, message, batch) {
    const results = runBatch(message.requests, batch, (request) => engine.simulate(request));
    self.postMessage(
      { type: 'compared', id: message.id, results },
      results.flatMap((result) => columnBuffers(result.columns)),
    );
  },
  async 'sweep-cells'(engine, message) {
    const studies = await engine.studies();
    self.postMessage({
      type: 'cells',
      id: message.id,
      cells: studies.sweepCells({ ...message.map, cells: message.cells }),
    });
  },
  async 'steady-sliding'(engine, message) {
    const sliding = (await engine.studies()).steadySliding(message.request);
    self.postMessage({ type: 'sliding', id: message.id, sliding });
  },
  async 'sweep-boundary'(engine, message) {
    const studies = await engine.studies();
    const boundary = studies.sweepBoundary({ ...message.map, resolution: message.resolution });
    self.postMessage({ type: 'boundary', id: message.id, boundary });
  },
  async curves(engine, message, batch) {
    const studies = await engine.studies();
    const curves = runBatch(message.requests, batch, ({ law, params, options }) => {
      const { v, mu, force } = studies.lawCurve(law, params, options);
      return { v, mu, force };
    });
    self.postMessage(
      { type: 'curves', id: message.id, curves },
      curves.flatMap((c) => [c.v.buffer, c.mu.buffer, c.force.buffer]),
    );
  },
};

/** What the engine offers; the optional parts are missing from an engine without them. */
function replyReady(engine) {
  self.postMessage({
    type: 'ready',
    models: engine.models(),
    columns: engine.columns(),
    laws: engine.laws?.() ?? [],
    system: engine.system?.() ?? null,
    integrators: engine.integrators?.() ?? [],
    version: engine.version,
    presliding: engine.presliding?.() ?? null,
    presets: engine.presets?.() ?? [],
  });
}

function replySimulated(engine, message) {
  const onProgress = progressReporter(message.id);
  const result = engine.simulate(
    message.request.law !== undefined ? { ...message.request, onProgress } : message.request,
  );
  // engine.mjs returns JS-owned copies (never views of wasm memory), so the buffers can be
  // transferred rather than cloned.
  self.postMessage({ type: 'result', id: message.id, result }, columnBuffers(result.columns));
}

/**
 * A law run reports its progress while it computes; the page shows it and may cancel. Only a long
 * run needs that: progress is sent once a run has taken 100 ms, then every 50 ms at most, so a
 * quick run (a slider drag) costs the page no messages but its result.
 */
function progressReporter(id) {
  const started = performance.now();
  let sent = -Infinity;
  return (fraction) => {
    const now = performance.now();
    if (now - started < PROGRESS_AFTER_MS || now - sent < PROGRESS_EVERY_MS) return;
    sent = now;
    self.postMessage({ type: 'progress', id, fraction });
  };
}

/** run(request) for each request in order; batch.index names the one running if it throws. */
function runBatch(requests, batch, run) {
  const results = [];
  for (batch.index = 0; batch.index < requests.length; batch.index++)
    results.push(run(requests[batch.index]));
  batch.index = undefined;
  return results;
}

/** `stopped`: a run that stopped early, {stoppedAt, partial} (its columns so far). */
function replyError(request, message, parameter, index, stopped) {
  self.postMessage({ type: 'error', id: request.id, message, parameter, index, ...stopped });
}

/** The buffers of every Float64Array column, a law's state columns (columns.state) included, to transfer. */
function columnBuffers(columns) {
  return Object.values(columns).flatMap((column) =>
    column instanceof Float64Array
      ? [column.buffer]
      : Object.values(column).map((inner) => inner.buffer),
  );
}
