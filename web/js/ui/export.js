// Export: a run as CSV (every column with a value, under a header block of everything that made the
// run: engine version, model or law, integrator, every parameter with its unit), and a chart as PNG
// on a white background (a canvas is transparent, which prints and pastes badly).

import { legendItemsOf } from '../charts/html-legend.js';
import { TEXT_COLOUR } from '../charts/palette.js';

/**
 * The CSV text of a run.
 * @param {{columns: Record<string, Float64Array | Record<string, Float64Array>>, summary: object}} result
 * @param {{version: string, subject: {id: string, name: string, params: object[], state?: object[]},
 *   system: {params: object[]} | null, columns: {key: string, symbol: string, label: string, unit: string}[]}} context
 *   subject: the model or law catalog entry; system: the spring-block system's (law runs), or null
 */
export function runToCsv(result, { version, subject, system, columns }) {
  const lines = [`# Friction Lab engine ${version}`, ...runHeader(result, subject, system, '')];
  const series = runSeries(result, subject, columns);
  lines.push(series.map((s) => s.head).join(','));
  lines.push(...rowsOf(series));
  return `${lines.join('\n')}\n`;
}

/**
 * The CSV text of compared runs in one file: a parameter block per run ("# run k: …"), then the
 * columns of every run side by side, each headed with its run's number (runs may differ in length:
 * a shorter run's cells are left empty below its end).
 * @param {{result: object, subject: object, system: object | null, label: string}[]} runs the live run first
 * @param {{version: string, columns: object[]}} context
 */
export function runsToCsv(runs, { version, columns }) {
  const lines = [
    `# Friction Lab engine ${version}`,
    `# comparison of ${runs.length} runs; run 1 is the live run`,
  ];
  const series = [];
  runs.forEach((run, index) => {
    const prefix = `run ${index + 1} `;
    lines.push(
      `# run ${index + 1}: ${run.label}`,
      ...runHeader(run.result, run.subject, run.system, prefix),
    );
    for (const s of runSeries(run.result, run.subject, columns))
      series.push({ ...s, head: `${s.head} (run ${index + 1})` });
  });
  lines.push(series.map((s) => csvCell(s.head)).join(','));
  lines.push(...rowsOf(series));
  return `${lines.join('\n')}\n`;
}

/** The comment lines that say what made a run: subject, integrator, tolerance, every parameter with its unit. */
function runHeader(result, subject, system, prefix) {
  const { summary } = result;
  const lines = [
    `# ${prefix}${summary.law !== undefined ? 'law' : 'model'}: ${subject.id} (${subject.name})`,
  ];
  if (summary.integrator !== undefined) lines.push(`# ${prefix}integrator: ${summary.integrator}`);
  if (summary.tolerance !== undefined)
    lines.push(`# ${prefix}relative tolerance: ${summary.tolerance}`);
  lines.push(`# ${prefix}parameter, value, unit`);
  const describe = (specs, values) => {
    for (const spec of specs) {
      const value = values?.[spec.key];
      const text = Array.isArray(value) ? JSON.stringify(value) : String(value);
      lines.push(`# ${prefix}${spec.key}, ${csvCell(text)}, ${spec.unit || '-'}`);
    }
  };
  describe(subject.params, summary.params);
  if (system && summary.system) describe(system.params, summary.system);
  if (summary.system?.start !== undefined)
    lines.push(`# ${prefix}start, ${summary.system.start}, -`);
  return lines;
}

/** Every column of a run with at least one finite value, then the law's state variables. */
function runSeries(result, subject, columns) {
  const series = columns
    .filter(
      (column) =>
        result.columns[column.key] instanceof Float64Array &&
        result.columns[column.key].some(Number.isFinite),
    )
    .map((column) => ({
      head: `${column.key} [${column.unit || '-'}]`,
      values: result.columns[column.key],
    }));
  for (const variable of subject.state ?? []) {
    const values = result.columns.state?.[variable.key];
    if (values) series.push({ head: `state.${variable.key} [${variable.unit || '-'}]`, values });
  }
  return series;
}

/** The data rows of side-by-side series; a non-finite value or a row past a series' end is an empty cell. */
function rowsOf(series) {
  const rows = Math.max(0, ...series.map((s) => s.values.length));
  const lines = [];
  for (let i = 0; i < rows; i++) {
    lines.push(
      series
        .map((s) =>
          i < s.values.length && Number.isFinite(s.values[i]) ? String(s.values[i]) : '',
        )
        .join(','),
    );
  }
  return lines;
}

/**
 * The CSV text of a presliding run: the experiment's and the law's parameters with units, then
 * t, x, v, the applied force, the friction and the law's state.
 * @param {{columns: object, summary: {law: string, params: object, protocol: object, steps: number}}} result
 * @param {{version: string, law: {id: string, name: string, params: object[], state?: object[]}, protocol: {params: object[]}}} context
 */
export function preslidingToCsv(result, { version, law, protocol }) {
  const { columns, summary } = result;
  const lines = [
    `# Friction Lab engine ${version}`,
    `# presliding: ${law.id} (${law.name})`,
    '# integrator: rosenbrock',
    '# parameter, value, unit',
  ];
  for (const [specs, values] of [
    [protocol.params, summary.protocol],
    [law.params, summary.params],
  ]) {
    for (const spec of specs)
      lines.push(`# ${spec.key}, ${csvCell(String(values[spec.key]))}, ${spec.unit || '-'}`);
  }
  const series = [
    ['t [s]', columns.t],
    ['x [m]', columns.x],
    ['v [m/s]', columns.v],
    ['applied [N]', columns.applied],
    ['friction [N]', columns.friction],
    ...(law.state ?? []).map((variable) => [
      `state.${variable.key} [${variable.unit || '-'}]`,
      columns.state[variable.key],
    ]),
  ];
  lines.push(series.map(([head]) => head).join(','));
  for (let i = 0; i < columns.t.length; i++)
    lines.push(series.map(([, values]) => String(values[i])).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * A stability map as CSV: a commented header (engine version, scenario, axes, boundary), then one row
 * per cell: the two parameter values, the regime, its value and any error.
 * @param {object[]} cells {x, y, regime, value, error?}, row by row
 * @param {{version: string, subject: {entry: object}, map: {scenario: object, x: object, y: object},
 *   specs: {x: object, y: object}, boundary: {known: boolean, criterion: string}}} about
 */
export function mapToCsv(cells, { version, subject, map, specs, boundary }) {
  const axis = (name) => {
    const a = map[name];
    return `# ${name}: ${a.target}.${a.key} from ${a.min} to ${a.max}, ${a.count} cells${a.log ? ', logarithmic' : ''}`;
  };
  const lines = [
    `# Friction Lab ${version}: stability map of ${subject.entry.name} (${subject.entry.id})`,
    `# scenario: ${JSON.stringify(map.scenario)}`,
    axis('x'),
    axis('y'),
    '# value: growth rate [1/s] (growing, decaying) or velocity amplitude [m/s] (stick-slip)',
    ...(boundary.known ? [`# closed-form boundary: ${boundary.criterion} = 0`] : []),
    `${specs.x.key} [${specs.x.unit || '-'}],${specs.y.key} [${specs.y.unit || '-'}],regime,value,error`,
    // As friction sweep writes a cell: "stopped" or "error" where its run did not end, null for no value.
    ...cells.map((cell) =>
      [cell.x, cell.y, regimeColumn(cell), cell.value ?? 'null', csvCell(cell.error ?? '')].join(
        ',',
      ),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** A map cell's regime column: its regime, or "stopped" / "error" for a run that did not end. */
function regimeColumn(cell) {
  if (cell.stopped) return 'stopped';
  return cell.error ? 'error' : cell.regime;
}

/** Quotes a CSV cell if it holds a comma, a quote or a newline. */
function csvCell(text) {
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Offers `text` as a download called `name`. */
export function downloadText(text, name, type = 'text/csv') {
  downloadBlob(new Blob([text], { type }), name);
}

/**
 * Offers a chart as a PNG at twice the device's pixels, drawn over white (a canvas is transparent,
 * which prints and pastes badly), with its legend drawn above it (the page's legend is HTML beside the
 * canvas). The chart is drawn once more at that resolution, so its text stays sharp on a slide, then
 * put back.
 * @param {HTMLCanvasElement} canvas a Chart.js chart's canvas
 * @param {string} name
 */
export function downloadChartPng(canvas, name) {
  const chart = globalThis.Chart?.getChart(canvas);
  const previous = chart?.options.devicePixelRatio;
  const ratio = 2 * (globalThis.devicePixelRatio || 1);
  if (chart) {
    chart.options.devicePixelRatio = ratio;
    chart.resize();
  }
  const items = chart ? legendItemsOf(chart) : [];
  const font = `${Math.round((globalThis.Chart?.defaults.font.size ?? 13) * ratio)}px ${globalThis.Chart?.defaults.font.family ?? 'sans-serif'}`;
  const legend = layOutLegend(items, canvas.width, font, ratio);
  const flat = document.createElement('canvas');
  flat.width = canvas.width;
  flat.height = canvas.height + legend.height;
  const context = flat.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, flat.width, flat.height);
  drawLegend(context, legend, font, ratio);
  context.drawImage(canvas, 0, legend.height);
  if (chart) {
    chart.options.devicePixelRatio = previous;
    chart.resize();
  }
  flat.toBlob((blob) => downloadBlob(blob, name), 'image/png');
}

// A legend item's swatch and the gaps around it, in CSS px (as the page's legend draws them).
const SWATCH = 34,
  GAP = 6,
  ITEM_GAP = 14,
  ROW = 22;

/** Where each legend item goes on the image: left to right, a new row where the next would not fit. */
function layOutLegend(items, width, font, ratio) {
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = font;
  const placed = [];
  let x = 0;
  let row = 0;
  for (const item of items.filter((candidate) => !candidate.hidden)) {
    const w = (SWATCH + GAP) * ratio + measure.measureText(item.text).width;
    if (x > 0 && x + w > width) {
      x = 0;
      row += 1;
    }
    placed.push({ item, x, y: (row + 0.5) * ROW * ratio });
    x += w + ITEM_GAP * ratio;
  }
  return { placed, height: placed.length === 0 ? 0 : (row + 1) * ROW * ratio };
}

function drawLegend(context, { placed }, font, ratio) {
  context.font = font;
  context.textBaseline = 'middle';
  for (const { item, x, y } of placed) {
    context.fillStyle = context.strokeStyle = item.colour;
    if (item.fill) {
      context.fillRect(x, y - 5 * ratio, SWATCH * ratio, 10 * ratio);
    } else {
      if (item.line) {
        context.lineWidth = Math.min(item.width, 3) * ratio;
        context.setLineDash(item.dash.map((length) => length * ratio));
        context.beginPath();
        context.moveTo(x, y);
        context.lineTo(x + SWATCH * ratio, y);
        context.stroke();
        context.setLineDash([]);
      }
      if (item.point) {
        context.beginPath();
        context.arc(x + (SWATCH / 2) * ratio, y, 4 * ratio, 0, 2 * Math.PI);
        context.fill();
      }
    }
    context.fillStyle = TEXT_COLOUR;
    context.fillText(item.text, x + (SWATCH + GAP) * ratio, y);
  }
}

function downloadBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, so the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The law explorer's curves in one CSV file: a header block with the engine version and the inputs
 * every law was evaluated at (the quantity on the chart, the axis and its range, N, p, θ, the
 * common coefficients), then one block per law ("# law k: id (name), origin …" and every parameter
 * with its value, unit and source: set by the user, the default, or the common value it follows).
 * Then the columns: v [m/s] and, per law, "mu <id>" and "force <id>" [N], one row per velocity
 * sample. The laws share the velocity grid; if they did not, each law would get its own v column,
 * side by side, with empty cells below a shorter one's end. A non-finite value (a law without μ) is
 * an empty cell.
 * @param {{v: Float64Array, mu: Float64Array, force: Float64Array}[]} curves one per law, in order
 * @param {{version: string,
 *   laws: {entry: {id: string, name: string, origin: string, params: object[]}, params: object,
 *     driven: Record<string, {from: string}>}[],
 *   inputs: {quantity: 'mu' | 'force', scale: 'linear' | 'log', vMin: number, vMax: number, N: number, p: number,
 *     theta: number | null},
 *   common: {on: boolean, muS: number, muK: number, vS: number}}} about
 *   laws[k].params: the values the curve was computed with (the user's and the common ones; the
 *   rest are the catalog's defaults)
 */
export function lawCurvesToCsv(curves, { version, laws, inputs, common }) {
  const lines = [
    `# Friction Lab engine ${version}`,
    `# law explorer: ${laws.length} ${laws.length === 1 ? 'curve' : 'curves'}, each law's mu(v) and F(v)`,
    `# quantity on the chart: ${inputs.quantity === 'mu' ? 'mu (friction coefficient)' : 'force [N]'}`,
    `# scale: ${inputs.scale}`,
    `# range: ${inputs.vMin} to ${inputs.vMax} m/s`,
    `# N, ${inputs.N}, N`,
    `# p, ${inputs.p}, Pa`,
    `# theta, ${inputs.theta === null ? 'steady state' : inputs.theta}, -`,
    `# common coefficients: ${common.on ? `on, mu_s ${common.muS}, mu_k ${common.muK}, v_s ${common.vS} m/s` : 'off'}`,
  ];
  laws.forEach(({ entry, params, driven }, index) => {
    const k = index + 1;
    lines.push(`# law ${k}: ${entry.id} (${entry.name}), origin ${entry.origin}`);
    lines.push(`# law ${k} parameter, value, unit, source`);
    for (const spec of entry.params) {
      const value = params[spec.key] ?? spec.default;
      const text = Array.isArray(value) ? JSON.stringify(value) : String(value);
      const source = driven[spec.key]
        ? `common ${driven[spec.key].from}`
        : spec.key in params
          ? 'set'
          : 'default';
      lines.push(`# law ${k} ${spec.key}, ${csvCell(text)}, ${spec.unit || '-'}, ${source}`);
    }
  });
  const first = curves[0]?.v;
  const shared =
    first !== undefined &&
    curves.every(({ v }) => v.length === first.length && v.every((value, i) => value === first[i]));
  const series = shared ? [{ head: 'v [m/s]', values: first }] : [];
  laws.forEach(({ entry }, index) => {
    const curve = curves[index];
    if (!shared) series.push({ head: `v ${entry.id} [m/s]`, values: curve.v });
    series.push(
      { head: `mu ${entry.id} [-]`, values: curve.mu },
      { head: `force ${entry.id} [N]`, values: curve.force },
    );
  });
  lines.push(series.map((s) => csvCell(s.head)).join(','));
  lines.push(...rowsOf(series));
  return `${lines.join('\n')}\n`;
}
