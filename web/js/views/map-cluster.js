// Larger maps than the page computes (views/map-view.js; loaded when one of these controls is first
// used): the map as set, at the size typed under "Larger maps", downloaded as the sweep file
// `friction sweep` reads (on this computer's cores with GNU parallel, or a cluster's Slurm job array:
// docs/guide/lab-protocols.md); and the merged CSV that comes back, opened or dropped on the map,
// read and checked (map-csv.js) and drawn with its closed-form boundary as the view draws its own
// maps. A CSV of another sweep, cut short or changed is refused with what does not match.

import { downloadText } from '../ui/export.js';
import { CsvRefusal, GRID_REGIMES, readMapCsv } from './map-csv.js';

// What the browser reads and draws: a file read as one piece, the map as an image of a pixel a cell.
const MAX_FILE_BYTES = 256e6;
const MAX_IMAGE_SIDE = 16384;

const plural = (count, word) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

function clear(ui) {
  ui.clusterError.textContent = '';
  ui.clusterNote.textContent = '';
}

/** A refusal in the cluster's box; the engine's about anything but the size, beside its control. */
function refuse(host, ui, error) {
  if (error.parameter && !/^[xy]\.count$/.test(error.parameter)) {
    host.refused(error);
    ui.clusterError.textContent = `${error.message} (see beside the setting).`;
    return;
  }
  ui.clusterError.textContent = error.message;
}

/** The map as set, at the size typed here (a box left empty: the map's own count). */
function clusterMap(host, ui) {
  const { subject, map } = host.request();
  const count = (input, own) => (input.value.trim() === '' ? own : Number(input.value));
  return {
    subject,
    map: {
      ...map,
      x: { ...map.x, count: count(ui.clusterX, map.x.count) },
      y: { ...map.y, count: count(ui.clusterY, map.y.count) },
    },
  };
}

/**
 * Downloads the map as set, at the size typed, as the sweep file friction reads, once the engine has
 * read it as the program will (its one reader): a refused value is named, and nothing is downloaded.
 */
export async function exportSweep(host, ui) {
  clear(ui);
  const { subject, map } = clusterMap(host, ui);
  try {
    if ((await host.check(map)) === null) return;
  } catch (error) {
    refuse(host, ui, error);
    return;
  }
  const name = `friction-lab-sweep-${subject.entry.id}.json`;
  downloadText(`${JSON.stringify(map, null, 2)}\n`, name, 'application/json');
  ui.clusterNote.textContent =
    `Downloaded ${name}: ${map.x.count} × ${map.y.count} = ${plural(map.x.count * map.y.count, 'cell')}. ` +
    `Run it with friction sweep (docs: "Sweeps beyond one machine"), then open the merged CSV here.`;
}

/** Reads a merged CSV and draws it, or says why not. */
export async function openCsv(host, ui, file) {
  clear(ui);
  if (file.size > MAX_FILE_BYTES) {
    ui.clusterError.textContent =
      `'${file.name}' is ${(file.size / 1e6).toFixed(0)} MB: the page opens maps of up to ` +
      `${MAX_FILE_BYTES / 1e6} MB (about 5 million cells).`;
    return;
  }
  ui.clusterNote.textContent = `Reading ${file.name}…`;
  const { subject, map } = host.request();
  let read;
  try {
    read = readMapCsv(new Uint8Array(await file.arrayBuffer()), file.name, map);
    if (Math.max(read.grid.nx, read.grid.ny) > MAX_IMAGE_SIDE)
      throw new CsvRefusal(
        `'${file.name}': the page draws maps of up to ${MAX_IMAGE_SIDE} cells a side.`,
      );
  } catch (error) {
    if (!(error instanceof CsvRefusal)) throw error;
    ui.clusterNote.textContent = '';
    ui.clusterError.textContent = error.message;
    return;
  }
  ui.clusterX.value = String(read.sweep.x.count);
  ui.clusterY.value = String(read.sweep.y.count);
  const engine =
    read.version === host.version
      ? `engine ${read.version}`
      : `engine ${read.version}; this page runs ${host.version}`;
  const cells = plural(read.grid.nx * read.grid.ny, 'cell');
  ui.clusterNote.textContent = `Opened ${file.name}: ${cells}.`;
  try {
    await host.show(
      subject,
      read.sweep,
      { ...read.grid, names: GRID_REGIMES },
      `${cells} from ${file.name} (friction sweep, ${engine}).`,
    );
  } catch (error) {
    refuse(host, ui, error);
  }
}
