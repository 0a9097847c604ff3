// The fits' worker: the page's Fit view sends its fits and exports here, so that a fit of several
// seconds never blocks the page, and Cancel can end the worker (fit-client.js). It loads only the
// fits' module (fit-engine.mjs, on demand), not the spring-block engine.
//
// Protocol (every request has an id; every reply names it):
//   {type:'options', id}          -> {type:'result', id, result: {kinds, free, targets}} (targets:
//                                    exportTargetList(), the solvers with their users' names)
//   {type:'inspect', id, request} -> {type:'result', id, result} (inspectData: how a file's text reads)
//   {type:'fit', id, request}     -> {type:'progress', id, progress}* then {type:'result', id, result}
//   {type:'export', id, request}  -> {type:'result', id, result}
//   any                           -> {type:'error', id, message, parameter}

// fit-engine.mjs sits at the root of the built site, two levels above js/engine/.
import { loadFitEngine } from '../../fit-engine.mjs';

const fitsPromise = loadFitEngine();
fitsPromise.catch(() => {}); // a load failure is reported in the reply to each request

/**
 * A few small fits as soon as the module is loaded, while the user picks a file. V8 first runs wasm
 * through its baseline compiler and optimises a function once it has been called enough; a long
 * call never switches to the optimised code midway. So the first fit of a fresh worker ran in baseline
 * code throughout: a million-row file took 1.5 s against 0.5 s once warm (node 20). Twenty fits of a
 * 2000-point curve (about 0.2 s, off the page's thread) get the reader's and the solver's functions
 * optimised; a law's own curve is optimised within the first thousands of its points.
 */
function warmUp(fits) {
  const rows = ['v,mu'];
  for (let i = 0; i < 2000; i++) {
    const v = 1e-4 * 10 ** ((4 * i) / 1999);
    rows.push(`${v.toPrecision(6)},${(0.3 - 0.1 * Math.exp(-10 * v)).toPrecision(6)}`);
  }
  const data = { kind: 'curve', compare: 'mu', file: 'warm-up.csv', text: rows.join('\n') };
  for (let round = 0; round < 20; round++) {
    fits.inspectData({ text: data.text });
    fits.fit({
      law: 'opensees-veldependent',
      free: ['muSlow', 'muFast'],
      data,
      options: { starts: 1 },
    });
  }
}
fitsPromise.then((fits) => setTimeout(() => warmUp(fits), 0)).catch(() => {});

self.onmessage = async ({ data: message }) => {
  try {
    const fits = await fitsPromise;
    let result;
    if (message.type === 'options') {
      const { kinds, free } = fits.fitOptions();
      result = { kinds, free, targets: fits.exportTargetList() };
    } else if (message.type === 'inspect') result = fits.inspectData(message.request);
    else if (message.type === 'export') result = fits.exportLaw(message.request);
    else if (message.type === 'fit') {
      result = fits.fit(message.request, (progress) =>
        self.postMessage({ type: 'progress', id: message.id, progress }),
      );
    } else throw new Error(`Unknown request '${message.type}'.`);
    // A fit's columns are moved, not copied: a million-point fit returns 32 MB of them.
    const columns = ['x', 'y', 'fitted', 'residuals']
      .map((key) => result?.[key]?.buffer)
      .filter((buffer) => buffer instanceof ArrayBuffer);
    self.postMessage({ type: 'result', id: message.id, result }, columns);
  } catch (error) {
    self.postMessage({
      type: 'error',
      id: message.id,
      message: String(error?.message ?? error),
      parameter: error?.parameter,
    });
  }
};
