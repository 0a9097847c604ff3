// The page's settings and where they go: localStorage (so a reload keeps them) and the address
// bar's #state= (so the address can be shared as it is). An embedded page saves nothing: it must
// not change what the reader saved, and it leaves its link as it is.

import { linkHash } from './link.js';
import { saveSettings } from './settings.js';

export class Store {
  #embed;
  #notify;
  #warned = false;

  /**
   * @param {object} settings what was last known to be good (settings.js); views change its slices
   * @param {{embed: boolean, notify: (text: string) => void}} options notify: shows a page notice
   */
  constructor(settings, { embed, notify }) {
    this.settings = settings;
    this.#embed = embed;
    this.#notify = notify;
  }

  /** Saves the settings and puts them into the address bar. */
  persist() {
    if (this.#embed) return;
    if (!saveSettings(this.settings) && !this.#warned) {
      this.#warned = true;
      this.#notify('This browser does not allow saving, so your settings will not be kept after a reload.');
    }
    history.replaceState(null, '', location.pathname + location.search + linkHash(this.settings));
  }

  /**
   * Puts a run ({model, params} or {law, params, system, integrator, kick}) into the spring-block
   * settings, as if the user had set every value.
   */
  loadRun(run) {
    const settings = this.settings;
    if (run.model !== undefined) {
      settings.model = run.model;
      settings.overrides[run.model] = run.params;
      return;
    }
    const { start = 'rest', ...system } = run.system ?? {};
    settings.model = run.law;
    settings.lawOverrides[run.law] = run.params;
    settings.system = system;
    settings.start = { mode: start, kick: run.kick ?? 0 };
    if ((run.integrator ?? 'auto') === 'auto') delete settings.integrators[run.law];
    else settings.integrators[run.law] = run.integrator;
  }
}
