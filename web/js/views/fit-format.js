// The Fit view's reading of the data: how the engine reads the file's text (inspectData in the fits'
// worker: the delimiter, the decimal mark, the header's line, the columns, what it noticed on the way),
// shown under the box with the choices to change it. Instruments write files in their locale (semicolons
// with decimal commas), with metadata above the header, with Excel's byte-order mark or CRLF line ends;
// the engine detects each and says so, and the user can set any of them instead.

import { el } from '../ui/dom.js';
import { isEmpty } from './fit-data.js';

const select = (id, options) =>
  el('select', { id }, ...options.map(([value, label]) => new Option(label, value)));

/** The format's controls (the view's ui gains them) and the paragraph that says what was detected. */
export function formatControls() {
  return {
    delimiter: select('fit-delimiter', [
      ['auto', 'Detect'],
      [',', 'Commas'],
      [';', 'Semicolons'],
      ['tab', 'Tabs'],
      ['space', 'Spaces'],
    ]),
    decimal: select('fit-decimal', [
      ['auto', 'Detect'],
      ['.', 'Point (1.5)'],
      [',', 'Comma (1,5)'],
    ]),
    headerLine: el('input', {
      id: 'fit-header-line',
      type: 'number',
      min: '0',
      step: '1',
      placeholder: 'Detect',
    }),
    signs: select('fit-signs', [
      ['auto', 'Detect'],
      ['magnitudes', 'Magnitudes: |μ| against |v|'],
      ['signed', 'Signed like v'],
    ]),
    formatNote: el('p', { id: 'fit-format-note', className: 'hint', role: 'status' }),
  };
}

/** The settings' format (settings.fit.format) as the engine's data keys. */
export function formatRequest(format) {
  const out = {};
  if (format.delimiter !== 'auto') out.delimiter = format.delimiter;
  if (format.decimal !== 'auto') out.decimal = format.decimal;
  if (format.headerLine > 0) out.headerLine = format.headerLine;
  return out;
}

/** The controls show the settings' format. */
export function showFormat(ui, format) {
  ui.delimiter.value = format.delimiter;
  ui.decimal.value = format.decimal;
  ui.headerLine.value = format.headerLine > 0 ? String(format.headerLine) : '';
  ui.signs.value = format.signs;
}

/** The settings' format from the controls. */
export function readFormat(ui) {
  const line = Number(ui.headerLine.value);
  return {
    delimiter: ui.delimiter.value,
    decimal: ui.decimal.value,
    headerLine: Number.isInteger(line) && line > 0 ? line : 0,
    signs: ui.signs.value,
  };
}

const DELIMITERS = { ',': 'commas', ';': 'semicolons', tab: 'tabs', space: 'spaces', '|': 'bars' };

/** What the engine found, in words: "Read as: semicolons, decimal comma, header on line 4; 3 rows." */
export function describeReading(reading) {
  const parts = [
    `values separated by ${DELIMITERS[reading.delimiter] ?? reading.delimiter}`,
    `a decimal ${reading.decimal === ',' ? 'comma' : 'point'}`,
    `the header on line ${reading.headerLine}`,
  ];
  const rows = reading.rows.toLocaleString('en');
  const notes = reading.notes.length > 0 ? ` ${reading.notes.join(' ')}` : '';
  return `Read as ${parts.join(', ')}: ${reading.columns.length} columns, ${rows} rows.${notes}`;
}

/**
 * Asks the engine how the data read with the chosen format, for the column menus and the note. Returns
 * the reading, or null with the engine's message (in the note) where the text cannot be read.
 * Only the latest call's answer counts: an earlier one that arrives late is dropped.
 */
export class DataReader {
  #client;
  #asked = 0;

  constructor(client) {
    this.#client = client;
  }

  async read({ name, text }, format, note) {
    const asked = ++this.#asked;
    if (isEmpty(text)) {
      note.textContent = '';
      return { columns: [], rows: 0 };
    }
    try {
      const reading = await this.#client.inspect({ text, file: name, ...formatRequest(format) });
      if (asked !== this.#asked) return null;
      note.textContent = describeReading(reading);
      note.dataset.state = 'read';
      return reading;
    } catch (error) {
      if (asked !== this.#asked || error.cancelled) return null;
      note.textContent = `Not readable as it is: ${error.message}`;
      note.dataset.state = 'error';
      return { columns: [], rows: 0 };
    }
  }
}
