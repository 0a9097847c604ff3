// Export: a run as CSV (every column with a value, under a header block of everything that made the
// run: engine version, model or law, integrator, every parameter with its unit), and a chart as PNG
// on a white background (a canvas is transparent, which prints and pastes badly).

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
  const lines = [`# Friction Lab engine ${version}`, `# comparison of ${runs.length} runs; run 1 is the live run`];
  const series = [];
  runs.forEach((run, index) => {
    const prefix = `run ${index + 1} `;
    lines.push(`# run ${index + 1}: ${run.label}`, ...runHeader(run.result, run.subject, run.system, prefix));
    for (const s of runSeries(run.result, run.subject, columns)) series.push({ ...s, head: `${s.head} (run ${index + 1})` });
  });
  lines.push(series.map((s) => csvCell(s.head)).join(','));
  lines.push(...rowsOf(series));
  return `${lines.join('\n')}\n`;
}

/** The comment lines that say what made a run: subject, integrator, tolerance, every parameter with its unit. */
function runHeader(result, subject, system, prefix) {
  const { summary } = result;
  const lines = [`# ${prefix}${summary.law !== undefined ? 'law' : 'model'}: ${subject.id} (${subject.name})`];
  if (summary.integrator !== undefined) lines.push(`# ${prefix}integrator: ${summary.integrator}`);
  if (summary.tolerance !== undefined) lines.push(`# ${prefix}relative tolerance: ${summary.tolerance}`);
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
  if (summary.system?.start !== undefined) lines.push(`# ${prefix}start, ${summary.system.start}, -`);
  return lines;
}

/** Every column of a run with at least one finite value, then the law's state variables. */
function runSeries(result, subject, columns) {
  const series = columns
    .filter((column) => result.columns[column.key] instanceof Float64Array && result.columns[column.key].some(Number.isFinite))
    .map((column) => ({ head: `${column.key} [${column.unit || '-'}]`, values: result.columns[column.key] }));
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
    lines.push(series.map((s) => (i < s.values.length && Number.isFinite(s.values[i]) ? String(s.values[i]) : '')).join(','));
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
  const lines = [`# Friction Lab engine ${version}`, `# presliding: ${law.id} (${law.name})`, '# integrator: rosenbrock',
    '# parameter, value, unit'];
  for (const [specs, values] of [[protocol.params, summary.protocol], [law.params, summary.params]]) {
    for (const spec of specs) lines.push(`# ${spec.key}, ${csvCell(String(values[spec.key]))}, ${spec.unit || '-'}`);
  }
  const series = [['t [s]', columns.t], ['x [m]', columns.x], ['v [m/s]', columns.v], ['applied [N]', columns.applied],
    ['friction [N]', columns.friction],
    ...(law.state ?? []).map((variable) => [`state.${variable.key} [${variable.unit || '-'}]`, columns.state[variable.key]])];
  lines.push(series.map(([head]) => head).join(','));
  for (let i = 0; i < columns.t.length; i++) lines.push(series.map(([, values]) => String(values[i])).join(','));
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
    ...cells.map((cell) => [cell.x, cell.y, cell.regime, cell.value, csvCell(cell.error ?? '')].join(',')),
  ];
  return `${lines.join('\n')}\n`;
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
 * which prints and pastes badly). The chart is drawn once more at that resolution, so its text and
 * legend stay sharp on a slide, then put back.
 * @param {HTMLCanvasElement} canvas a Chart.js chart's canvas
 * @param {string} name
 */
export function downloadChartPng(canvas, name) {
  const chart = globalThis.Chart?.getChart(canvas);
  const previous = chart?.options.devicePixelRatio;
  if (chart) {
    chart.options.devicePixelRatio = 2 * (globalThis.devicePixelRatio || 1);
    chart.resize();
  }
  const flat = document.createElement('canvas');
  flat.width = canvas.width;
  flat.height = canvas.height;
  const context = flat.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, flat.width, flat.height);
  context.drawImage(canvas, 0, 0);
  if (chart) {
    chart.options.devicePixelRatio = previous;
    chart.resize();
  }
  flat.toBlob((blob) => downloadBlob(blob, name), 'image/png');
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
