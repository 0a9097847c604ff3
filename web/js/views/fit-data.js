// The Fit view's data box: CSV pasted, dropped or opened, kept on this device (localStorage, under a
// key of its own: the data may be large) and in the share link only while small. The engine reads the
// text (its format, its columns, its numbers: views/fit-format.js asks it); the page only holds it.
// The name that messages give the data follows them: an opened or dropped file's name, "pasted data"
// once the box's text is typed or pasted. A large file (a million rows) is not put in the box: the box
// shows its first lines, read-only, and the whole file is what is fitted, kept as its bytes (the engine
// reads UTF-8 bytes as text: no 20 MB string decoded here and encoded again in the worker).

import { el } from '../ui/dom.js';

export const DATA_KEY = 'friction-lab/fit-data/v1';
/** Data up to this many characters travel in the share link too; longer data stay on this device. */
export const LINK_DATA_LIMIT = 2000;
/** Files longer than this (characters) are shown by their first lines only; the box would crawl. */
export const BOX_LIMIT = 1_000_000;
/** What the data are called once typed or pasted into the box. */
export const PASTED = 'pasted data';
const PREVIEW_LINES = 200;

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

/** Saves the data on this device; false if the browser refuses (storage off, or the data too large). */
export function saveData(data) {
  try {
    localStorage.setItem(DATA_KEY, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/** True if the data hold nothing but blanks (a string's text, or a file's bytes). */
export function isEmpty(text) {
  return typeof text === 'string' ? text.trim() === '' : text.length === 0;
}

/** "1.2 MB", "850 kB": a text's (or a file's bytes') size for messages. */
export function sizeOf(text) {
  const bytes = text.length;
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} kB`;
}

/** A file's bytes: a string if short enough for the box, else the bytes themselves. */
async function readFile(file) {
  if (file.size <= BOX_LIMIT) return file.text();
  return new Uint8Array(await file.arrayBuffer());
}

/** The first `count` lines of `text` (without scanning the rest). */
function firstLines(text, count) {
  let end = 0;
  for (let line = 0; line < count && end >= 0; line++) end = text.indexOf('\n', end + 1);
  return end < 0 ? text : text.slice(0, end);
}

/**
 * The data box: a labelled textarea that also takes a dropped file, a file picker, and a note saying
 * where the data are kept. onChange({name, text}) after every edit, drop or opened file.
 */
export class FitDataBox {
  #text;
  #name = PASTED;
  #large = null; // a file too long for the box: its whole text
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
      accept: '.csv,.txt,.tsv,.dat,text/csv,text/plain',
    });
    this.#note = el('p', { id: 'fit-data-note', className: 'hint' });
    this.#text.addEventListener('input', () => this.#typed());
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

  /** @returns {{name: string, text: string | Uint8Array}} a large file's text as its bytes */
  get data() {
    return { name: this.#name, text: this.#large ?? this.#text.value };
  }

  /** Shows data without reporting a change (restoring saved ones). */
  set data({ name, text }) {
    this.#show(name, text);
  }

  /** Says that the data could not be kept on this device (the browser refused: too large, or storage off). */
  notKept() {
    const { name, text } = this.data;
    this.#note.textContent =
      text.length > LINK_DATA_LIMIT * 100
        ? `${name} (${sizeOf(text)}) is too large to keep on this device: open it again after a reload.`
        : `${name}: this browser does not allow saving, so the data will not be kept after a reload.`;
  }

  #show(name, text) {
    this.#name = name;
    this.#large = text.length > BOX_LIMIT ? text : null;
    this.#text.readOnly = this.#large !== null;
    this.#text.value = this.#large === null ? text : firstLines(this.#preview(), PREVIEW_LINES);
    this.#showNote();
  }

  /** The start of a large file as text: its first 64 kB decoded (ample for the lines shown). */
  #preview() {
    const large = this.#large;
    return typeof large === 'string'
      ? large.slice(0, 65536)
      : new TextDecoder().decode(large.subarray(0, 65536));
  }

  async #read(file) {
    this.#show(file.name, await readFile(file));
    this.#onChange(this.data);
  }

  /** Typed or pasted: the data are the box's own now, under their own name. */
  #typed() {
    this.#name = PASTED;
    this.#showNote();
    this.#onChange(this.data);
  }

  #showNote() {
    const { name, text } = this.data;
    const { length } = text;
    if (this.#large !== null)
      this.#note.textContent = `${name} (${sizeOf(text)}): its first ${PREVIEW_LINES} lines are shown; the whole file is fitted. Open or drop another file to replace it.`;
    else
      this.#note.textContent =
        length === 0
          ? 'The first line names the columns; # lines are comments.'
          : length <= LINK_DATA_LIMIT
            ? `${name}: kept on this device, and in the share link (${length} characters).`
            : `${name}: kept on this device only; the share link carries data of at most ${LINK_DATA_LIMIT} characters (these have ${length}).`;
  }
}
