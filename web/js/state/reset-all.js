// Reset all (the button beside Copy link): every view and setting back at its defaults, the fit's
// data included, with an Undo. The page is reloaded on its defaults, so that no view keeps a value
// of before; what was there waits in sessionStorage (this tab only) for the Undo offered after the
// reload, and is forgotten once read. Loaded when the button is first pressed.

import { DATA_KEY } from '../views/fit-data.js';
import { showUndo } from '../ui/undo-notice.js';

const UNDO_KEY = 'friction-lab/undo-reset-all';

/** The fit's data saved on this device (views/fit-data.js), as text, or null. */
function readData() {
  try {
    return localStorage.getItem(DATA_KEY);
  } catch {
    return null;
  }
}

/** Puts the fit's data `text` back (null: none). */
function writeData(text) {
  try {
    if (text === null) localStorage.removeItem(DATA_KEY);
    else localStorage.setItem(DATA_KEY, text);
  } catch {
    // storage disabled: there were no data saved either
  }
}

/** Every setting at its default: what there was is kept for the Undo, then the page reloads. */
export function resetAll(store) {
  try {
    const before = { settings: store.settings, data: readData() };
    sessionStorage.setItem(UNDO_KEY, JSON.stringify(before));
  } catch {
    // Without storage there is nothing to undo with: the reset goes ahead all the same.
  }
  writeData(null);
  store.reloadWith(null);
}

/** After a Reset all: the notice, whose Undo brings back the settings and data of before. */
export function offerUndo(store) {
  let before = null;
  try {
    before = JSON.parse(sessionStorage.getItem(UNDO_KEY));
    sessionStorage.removeItem(UNDO_KEY);
  } catch {
    return;
  }
  if (before === null) return;
  showUndo('Every view and setting is back at its defaults.', () => {
    writeData(before.data);
    store.reloadWith(before.settings);
  });
}
