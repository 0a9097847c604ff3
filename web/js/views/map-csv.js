// A map computed elsewhere, read back: the CSV `friction sweep SWEEP.json` or `friction merge PART...`
// writes (docs/reference/cli.md), checked line by line before the stability-map view draws it
// (map-cluster.js loads this module when a CSV is first opened). The file says everything about
// itself:
//
//   # Friction Lab engine VERSION
//   # map of SUBJECT: x = TARGET.KEY, y = TARGET.KEY
//   # sweep: {the sweep's JSON, as friction read it}
//   KEY_X,KEY_Y,regime,value,error
//   one row per cell, n = j·nx + i (y outer, x inner)
//   # end: R rows; FNV-1a 64 of the lines above: HASH
//
// so a file is refused, with what does not match, when it is no such map, a part not yet merged, cut
// short (no end line), changed after friction wrote it (the hash of its bytes, FNV-1a 64 as the end
// line gives it), or of another sweep than the map the page is set to (another subject, parameter,
// axis or range: only the cells' counts may differ, as the size typed for the command line).

import { axisGeometry } from '../charts/map-chart.js';

/** A file the view does not draw, with the reason (which the view shows as it is). */
export class CsvRefusal extends Error {}

/** The regimes a row may name, in the order of the grid's codes. */
export const GRID_REGIMES = [
  'steady',
  'decaying',
  'oscillation',
  'growing',
  'stick-slip',
  'stuck',
  'settling',
  'not-settled',
  'at-rest',
  // A cell whose run did not end: its work budget (or a blow-up) stopped it, or it was refused.
  'stopped',
  'error',
];

const END_LINE = /^# end: (\d+) rows; FNV-1a 64 of the lines above: ([0-9a-f]{16})$/;
const NEWLINE = 0x0a;
// Relative distance between a row's coordinate and its cell's: the CLI and the page compute the axis
// with the same formula, in different libms.
const COORDINATE_TOLERANCE = 1e-9;

/**
 * FNV-1a 64 of bytes[0, end) as 16 hex digits, as the CLI computes its end line. The 64-bit product
 * by the prime 2^40 + 0x1b3 in two 32-bit halves: h·0x1b3 (the low half's product is below 2^41, so
 * exact in a double) plus the low half shifted into the high one by 2^40.
 */
export function fnv1a64(bytes, end = bytes.length) {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let k = 0; k < end; k++) {
    lo = (lo ^ bytes[k]) >>> 0;
    const low = lo * 0x1b3;
    const carry = Math.floor(low / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

/** Where the last line starts: after the newline before the file's final one. */
function lastLineStart(bytes) {
  let k = bytes.length - 2;
  while (k >= 0 && bytes[k] !== NEWLINE) k--;
  return k + 1;
}

/** The file as text, refused if it is not UTF-8 (no CSV of friction's). */
function decode(bytes, name) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvRefusal(`'${name}' is not text: it is no map of friction sweep.`);
  }
}

/** The four header lines: version, subject and axes, the sweep, the columns. */
function readHeader(lines, name) {
  const version = /^# Friction Lab engine (\S+)$/.exec(lines[0] ?? '');
  const sweepLine = /^# sweep: (\{.*\})$/.exec(lines[2] ?? '');
  if (!version || !/^# map of /.test(lines[1] ?? '') || !sweepLine) {
    if (/^# shard \d+\/\d+ /.test(lines[2] ?? '') || /^# shard \d+\/\d+ /.test(lines[3] ?? ''))
      throw new CsvRefusal(partMessage(name, lines));
    throw new CsvRefusal(
      `'${name}' is not a map of friction sweep: its first lines should be '# Friction Lab engine …', ` +
        `'# map of …' and '# sweep: {…}', as friction sweep and friction merge write them.`,
    );
  }
  if (/^# shard /.test(lines[3] ?? '')) throw new CsvRefusal(partMessage(name, lines));
  let sweep;
  try {
    sweep = JSON.parse(sweepLine[1]);
  } catch {
    throw new CsvRefusal(`'${name}': its sweep line is not JSON, so it was changed.`);
  }
  return { version: version[1], sweep, columns: lines[3] ?? '' };
}

function partMessage(name, lines) {
  const shard = lines.find((line) => line.startsWith('# shard ')) ?? '';
  const which = /^# shard (\d+\/\d+)/.exec(shard)?.[1] ?? '';
  return (
    `'${name}' is part ${which} of a sharded sweep, not the merged map: merge every part with ` +
    `friction merge PART... --csv map.csv, and open that.`
  );
}

/** The end line's row count and hash, checked against the bytes above it. */
function checkEnd(bytes, text, name) {
  const lastLine = text.slice(text.lastIndexOf('\n', text.length - 2) + 1, -1);
  const endLine = text.endsWith('\n') ? END_LINE.exec(lastLine) : null;
  if (!endLine) {
    throw new CsvRefusal(
      `'${name}' was cut short: it does not end with friction's end line ('# end: R rows; …'), ` +
        `so cells may be missing. Run the merge again, or the sweep.`,
    );
  }
  const hash = fnv1a64(bytes, lastLineStart(bytes));
  if (hash !== endLine[2])
    throw new CsvRefusal(
      `'${name}' was changed after friction wrote it: the FNV-1a 64 of its lines is ${hash}, ` +
        `its end line says ${endLine[2]}.`,
    );
  return Number(endLine[1]);
}

/** The differences between two JSON values, as 'path: the file's …, this map's …' (counts skipped). */
function differences(file, here, path, out) {
  const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(file) && isObject(here)) {
    for (const key of new Set([...Object.keys(here), ...Object.keys(file)])) {
      const at = path ? `${path}.${key}` : key;
      if (/^[xy]\.count$/.test(at)) continue;
      differences(file[key], here[key], at, out);
    }
    return out;
  }
  if (JSON.stringify(file) !== JSON.stringify(here)) {
    const shown = (value) => (value === undefined ? 'none' : JSON.stringify(value));
    out.push(`${path}: the file's ${shown(file)}, this map's ${shown(here)}`);
  }
  return out;
}

/** The file's sweep against the map the page is set to: the same but for the cells' counts. */
function checkSameSweep(sweep, expected, name) {
  const found = differences(sweep, expected, '', []);
  if (found.length === 0) return;
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
  throw new CsvRefusal(
    `'${name}' is a map of another sweep than the one set here: ${found[0]}${more}. Set the map ` +
      `as it was exported, or export this one and run it.`,
  );
}

/** A row's fields: x, y, regime, value, error; refused naming the row (1 = the first cell). */
function readRow(line, row, name) {
  const fields = line.split(',');
  const [x, y, regime, value] = fields.map((field, k) =>
    k < 2 || k === 3 ? Number(field) : field,
  );
  const code = GRID_REGIMES.indexOf(regime);
  if (fields.length !== 5 || !Number.isFinite(x) || !Number.isFinite(y) || code < 0)
    throw new CsvRefusal(`'${name}', cell row ${row}: '${line}' is not x,y,regime,value,error.`);
  // Number('null') is NaN: friction writes a value that is not finite as null.
  return { x, y, code, value, error: fields[4] };
}

const near = (a, b) => Math.abs(a - b) <= COORDINATE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));

/** The rows as typed arrays, each at its cell's coordinates. */
function readCells(rows, sweep, name) {
  const nx = sweep.x.count;
  const gx = axisGeometry(sweep.x);
  const gy = axisGeometry(sweep.y);
  const grid = {
    nx,
    ny: sweep.y.count,
    regimes: new Uint8Array(rows.length),
    values: new Float64Array(rows.length),
    errors: new Map(),
  };
  rows.forEach((line, n) => {
    const cell = readRow(line, n + 1, name);
    const [i, j] = [n % nx, Math.floor(n / nx)];
    if (!near(cell.x, gx.at(i)) || !near(cell.y, gy.at(j)))
      throw new CsvRefusal(
        `'${name}', cell row ${n + 1}: (${cell.x}, ${cell.y}) is not cell (${i}, ${j}) of the map, ` +
          `at (${gx.at(i)}, ${gy.at(j)}).`,
      );
    grid.regimes[n] = cell.code;
    grid.values[n] = cell.value;
    if (cell.error) grid.errors.set(n, cell.error);
  });
  return grid;
}

/**
 * Reads a merged map's CSV and checks it against the map the page is set to.
 * @param {Uint8Array} bytes the file
 * @param {string} name the file's name, for the messages
 * @param {{scenario: object, x: object, y: object}} expected the map as the page would export it
 * @returns {{version: string, sweep: object, grid: {nx, ny, regimes: Uint8Array, values: Float64Array,
 *   errors: Map<number, string>}}} sweep: the file's own (its counts are the map's size)
 * @throws {CsvRefusal} naming what does not match
 */
export function readMapCsv(bytes, name, expected) {
  const text = decode(bytes, name);
  if (text.includes('\r'))
    throw new CsvRefusal(
      `'${name}' was changed after friction wrote it: its lines end in CR LF, as an editor saves them.`,
    );
  const lines = text.split('\n');
  const { version, sweep, columns } = readHeader(lines, name);
  const rowCount = checkEnd(bytes, text, name);
  checkSameSweep(sweep, expected, name);
  const wanted = `${sweep.x.key},${sweep.y.key},regime,value,error`;
  if (columns !== wanted)
    throw new CsvRefusal(`'${name}': its columns are '${columns}', not '${wanted}'.`);
  const rows = lines.slice(4, -2);
  const cells = sweep.x.count * sweep.y.count;
  if (rows.length !== rowCount || rows.length !== cells)
    throw new CsvRefusal(
      `'${name}' has ${rows.length} cell rows; its end line says ${rowCount} and its sweep, ` +
        `${sweep.x.count} × ${sweep.y.count}, has ${cells} cells: it was changed.`,
    );
  return { version, sweep, grid: readCells(rows, sweep, name) };
}
