// The Fit view's data box: CSV pasted, dropped or opened, kept on this device (localStorage, under a
// key of its own: the data may be large) and in the share link only while small. The page reads the
// header's names for the column menus; the engine reads the numbers (its messages name row and column).

import { el } from '../ui/dom.js';

export const DATA_KEY = 'friction-lab/fit-data/v1';
/** Data up to this many characters travel in the share link too; longer data stay on this device. */
export const LINK_DATA_LIMIT = 2000;

/** The header's column names: the first line that is neither blank nor a # comment, split at commas. */
export function csvColumns(text) {
  const header = text
    .split(/\r?\n/)
    .find((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  return header
    ? header
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
}

/** The data saved on this device: {name, text}, or null. */
export function loadSavedData() {
  try {
    const saved = JSON.parse(localStorage.getItem(DATA_KEY) ?? 'null');
    return saved && typeof saved.text === 'string'
      ? { name: String(saved.name ?? 'data.csv'), text: saved.text }
      : null;
  } catch {
    return null;
  }
}

/** Saves the data on this device; false if the browser refuses (storage off or full). */
export function saveData(data) {
  try {
    localStorage.setItem(DATA_KEY, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/**
 * The data box: a labelled textarea that also takes a dropped file, a file picker, and a note saying
 * where the data are kept. onChange({name, text}) after every edit, drop or opened file.
 */
export class FitDataBox {
  #text;
  #name = 'data.csv';
  #note;
  #onChange;

  constructor(onChange) {
    this.#onChange = onChange;
    this.#text = el('textarea', {
      id: 'fit-csv',
      rows: 8,
      spellcheck: false,
      placeholder: 'v,mu\n0.001,0.52\n0.01,0.47\n…',
    });
    this.#text.setAttribute('aria-describedby', 'fit-data-note');
    const file = el('input', {
      id: 'fit-file',
      type: 'file',
      accept: '.csv,.txt,text/csv,text/plain',
    });
    this.#note = el('p', { id: 'fit-data-note', className: 'hint' });
    this.#text.addEventListener('input', () => this.#changed());
    file.addEventListener('change', () => file.files[0] && this.#read(file.files[0]));
    this.#text.addEventListener('dragover', (event) => event.preventDefault());
    this.#text.addEventListener('drop', (event) => {
      const dropped = event.dataTransfer?.files?.[0];
      if (!dropped) return;
      event.preventDefault();
      this.#read(dropped);
    });
    this.element = el(
      'div',
      { className: 'fit-data' },
      el('label', {
        htmlFor: 'fit-csv',
        textContent: 'CSV data (paste, or drop a file on the box)',
      }),
      this.#text,
      el('label', { htmlFor: 'fit-file', textContent: 'Or open a file' }),
      file,
      this.#note,
    );
  }

  /** @returns {{name: string, text: string}} */
  get data() {
    return { name: this.#name, text: this.#text.value };
  }

  /** Shows data without reporting a change (restoring saved ones). */
  set data({ name, text }) {
    this.#name = name;
    this.#text.value = text;
    this.#showNote();
  }

  async #read(file) {
    this.#name = file.name;
    this.#text.value = await file.text();
    this.#changed();
  }

  #changed() {
    this.#showNote();
    this.#onChange(this.data);
  }

  #showNote() {
    const { length } = this.#text.value;
    this.#note.textContent =
      length === 0
        ? 'The first line names the columns; # lines are comments.'
        : length <= LINK_DATA_LIMIT
          ? `${this.#name}: kept on this device, and in the share link (${length} characters).`
          : `${this.#name}: kept on this device only; the share link carries data of at most ${LINK_DATA_LIMIT} characters (these have ${length}).`;
  }
}
