// The page's settings and where they go: localStorage (so a reload keeps them) and the address
// bar's #state= (so the address can be shared as it is). An embedded page saves nothing: it must
// not change what the reader saved, and it leaves its link as it is.
//
// The address is written at once after a change: a reload loads the address as it is when the
// reload starts (before the page hears of it), and the link wins over saved settings, so an address
// left behind would bring back an older value. While a slider is held (persist({throttle: true}))
// it is written at most every ADDRESS_EVERY_MS: history.replaceState costs Chromium 0.6–5 ms a call,
// a third of a drag step's budget; the release writes it at once.
// localStorage, written tens of times a second while a slider is dragged, is throttled: once at
// once if it was not written in the last SAVE_EVERY_MS, else once when that time is up. Both are
// written at once when the page is hidden or left (pagehide), so a closed and reopened page (no link)
// finds the last value.

import { linkHash } from './link.js';
import { forgetSettings, saveSettings } from './settings.js';

const SAVE_EVERY_MS = 250,
  ADDRESS_EVERY_MS = 100;

export class Store {
  #embed;
  #notify;
  #warned = false;
  #lastSave = -Infinity;
  #timer = null;
  #lastAddress = -Infinity;
  #addressTimer = null;
  #frozen = false;

  /**
   * @param {object} settings what was last known to be good (settings.js); views change its slices
   * @param {{embed: boolean, notify: (text: string) => void}} options notify: shows a page notice
   */
  constructor(settings, { embed, notify }) {
    this.settings = settings;
    this.#embed = embed;
    this.#notify = notify;
    const flushIfHidden = () => {
      if (document.visibilityState === 'hidden') this.flush();
    };
    addEventListener('pagehide', () => this.flush());
    document.addEventListener('visibilitychange', flushIfHidden);
  }

  /**
   * Puts the settings into the address bar now (or, with `throttle` while a slider is held, within
   * ADDRESS_EVERY_MS), and saves them now or within SAVE_EVERY_MS.
   */
  persist({ throttle = false } = {}) {
    if (this.#embed || this.#frozen) return;
    const addressWait = throttle ? this.#lastAddress + ADDRESS_EVERY_MS - performance.now() : 0;
    if (addressWait <= 0) this.#writeAddress();
    else this.#addressTimer ??= setTimeout(() => this.#writeAddress(), addressWait);
    if (this.#timer !== null) return;
    const wait = this.#lastSave + SAVE_EVERY_MS - performance.now();
    if (wait <= 0) {
      this.#save();
      return;
    }
    this.#timer = setTimeout(() => this.flush(), wait);
  }

  /** Makes an address update and a save that are waiting, now (the page is being hidden or left). */
  flush() {
    if (this.#frozen) return;
    if (this.#addressTimer !== null) this.#writeAddress();
    if (this.#timer === null) return;
    clearTimeout(this.#timer);
    this.#save();
  }

  /**
   * Reloads the page on `settings` (null: the defaults), saved and in the address: Reset all and its
   * Undo (state/reset-all.js). Nothing is written after it: a waiting save must not overwrite them.
   */
  reloadWith(settings) {
    clearTimeout(this.#timer);
    clearTimeout(this.#addressTimer);
    this.#frozen = true;
    if (settings === null) forgetSettings();
    else saveSettings(settings);
    const hash = settings === null ? '' : linkHash(settings);
    history.replaceState(null, '', location.pathname + location.search + hash);
    location.reload();
  }

  #writeAddress() {
    clearTimeout(this.#addressTimer);
    this.#addressTimer = null;
    this.#lastAddress = performance.now();
    history.replaceState(null, '', location.pathname + location.search + linkHash(this.settings));
  }

  #save() {
    this.#timer = null;
    this.#lastSave = performance.now();
    if (!saveSettings(this.settings) && !this.#warned) {
      this.#warned = true;
      this.#notify(
        'This browser does not allow saving, so your settings will not be kept after a reload.',
      );
    }
  }
}
