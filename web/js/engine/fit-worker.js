// The fits' worker: the page's Fit view sends its fits and exports here, so that a fit of several
// seconds never blocks the page, and Cancel can end the worker (fit-client.js). It loads only the
// fits' module (fit-engine.mjs, on demand), not the spring-block engine.
//
// Protocol (every request has an id; every reply names it):
//   {type:'options', id}          -> {type:'result', id, result: {kinds, targets}}
//   {type:'fit', id, request}     -> {type:'progress', id, progress}* then {type:'result', id, result}
//   {type:'export', id, request}  -> {type:'result', id, result}
//   any                           -> {type:'error', id, message, parameter}

// fit-engine.mjs sits at the root of the built site, two levels above js/engine/.
import { loadFitEngine } from '../../fit-engine.mjs';

const fitsPromise = loadFitEngine();
fitsPromise.catch(() => {}); // a load failure is reported in the reply to each request

self.onmessage = async ({ data: message }) => {
  try {
    const fits = await fitsPromise;
    let result;
    if (message.type === 'options')
      result = { kinds: fits.fitOptions().kinds, targets: fits.exportTargets() };
    else if (message.type === 'export') result = fits.exportLaw(message.request);
    else if (message.type === 'fit') {
      result = fits.fit(message.request, (progress) =>
        self.postMessage({ type: 'progress', id: message.id, progress }),
      );
    } else throw new Error(`Unknown request '${message.type}'.`);
    self.postMessage({ type: 'result', id: message.id, result });
  } catch (error) {
    self.postMessage({
      type: 'error',
      id: message.id,
      message: String(error?.message ?? error),
      parameter: error?.parameter,
    });
  }
};
