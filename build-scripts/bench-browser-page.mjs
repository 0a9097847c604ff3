// The browser benchmark's hold on the page (build-scripts/bench-browser.mjs): the instruments put
// into the page and its simulation worker before a case runs, and the steps that bring the page to
// a case (open it afresh, play or pause the schematic, choose a model or law).

/**
 * Runs in the page before its scripts. Every render of the spring-block charts (window.__renders)
 * and of the law chart (window.__lawRenders) is time-stamped: the page's render counters (Chart.js
 * afterRender plugins) become setters recording performance.now() whenever the count rises (the
 * counter's reset to 0 when its module loads is no render). window.__lastSummary, exposed once the
 * spring-block view has shown a result, calls window.__onSummary. Every message to and reply from
 * a worker is logged in window.__simLog, with its time, and window.__onPost sees each message sent.
 */
export const instrument = () => {
  const stamp = (name, list) => {
    let count = 0;
    window[list] = [];
    Object.defineProperty(window, name, {
      configurable: true,
      get: () => count,
      set: (value) => {
        if (value > count) window[list].push(performance.now());
        count = value;
      },
    });
  };
  stamp('__renders', '__renderTimes');
  stamp('__lawRenders', '__lawRenderTimes');
  let summary;
  Object.defineProperty(window, '__lastSummary', {
    configurable: true,
    get: () => summary,
    set: (value) => {
      summary = value;
      window.__onSummary?.(value);
    },
  });
  const log = { posted: [], received: [] };
  window.__simLog = log;
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', ({ data }) => {
        if (data?.id !== undefined && data.type !== 'progress')
          log.received.push({ id: data.id, type: data.type, t: performance.now() });
      });
    }

    postMessage(message, ...rest) {
      if (message?.id !== undefined) {
        // A simulation's values (system, else params), to name the slowest request.
        const values = message.request?.system ?? message.request?.params;
        log.posted.push({ id: message.id, type: message.type, t: performance.now(), values });
        window.__onPost?.(message);
      }
      return super.postMessage(message, ...rest);
    }
  };
};

/** Runs in the simulation worker: times its message handler (engine run and reply) per request. */
const timeWorker = () => {
  if (self.__benchRuns) return;
  self.__benchRuns = [];
  const handler = self.onmessage;
  self.onmessage = (event) => {
    const start = performance.now();
    Promise.resolve(handler.call(self, event)).then(() => {
      self.__benchRuns.push({
        id: event.data.id,
        type: event.data.type,
        ms: performance.now() - start,
      });
    });
  };
};

/** The page's simulation worker, its handler timed (every navigation starts a new one). */
async function simWorker(page) {
  for (let i = 0; i < 100; i++) {
    const worker = page.workers().find((candidate) => candidate.url().includes('sim-worker'));
    if (worker) {
      await worker.evaluate(timeWorker);
      return worker;
    }
    await page.waitForTimeout(50);
  }
  throw new Error('no simulation worker');
}

const springReady = () => document.querySelector('#status').dataset.state === 'ready';

/**
 * Opens the page at `url` afresh (saved settings cleared), waits for the first run, pauses the
 * animation. Returns the page's simulation worker, its handler timed.
 */
export async function openPage(page, url) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
  await page.goto(url);
  await page.waitForFunction(springReady);
  const worker = await simWorker(page);
  await setPlaying(page, false);
  return worker;
}

/** Plays or pauses the schematic (its Play/Pause button), at `speed` if given. */
export async function setPlaying(page, playing, speed) {
  await page.evaluate(
    ({ playing, speed }) => {
      const view = document.querySelector('#system-view');
      if (speed !== undefined) {
        const select = view.querySelector('.sv-speed');
        select.value = String(speed);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      if (window.__systemView.playing !== playing) view.querySelector('.sv-play').click();
    },
    { playing, speed },
  );
  await page.waitForFunction((playing) => window.__systemView.playing === playing, playing);
}

/** Chooses a model or law in #model and resets it (and the system) to defaults. */
export async function choose(page, id) {
  await page.selectOption('#model', id);
  await page.waitForFunction(
    (id) =>
      (window.__lastSummary?.law ?? window.__lastSummary?.model) === id &&
      document.querySelector('#status').dataset.state === 'ready',
    id,
  );
  const count = await page.evaluate(() => window.__renderTimes.length);
  await page.click('#reset');
  await page.waitForFunction(
    (count) =>
      window.__renderTimes.length > count &&
      document.querySelector('#status').dataset.state === 'ready',
    count,
  );
}
