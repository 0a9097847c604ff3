// The spring-block schematic's pens, colours and texts (views/schematic.js): canvas drawing
// primitives and the labels' number format.

// Okabe-Ito colours; dashes and words are the second cue (drive dashed, friction solid). Stuck is
// a blue-grey, clearly not the slipping blue even in grey-scale.
export const DRIVE = '#CC79A7';
export const FRICTION = '#D55E00';
export const SLIPPING = '#0072B2';
export const STUCK = '#52606D';
export const INK = '#1F2933';
export const MUTED = '#52606D';
export const GROUND = '#EFE9DF';
export const HATCH = '#9A8F80';
// The contact patch: fresh contact (θ = 0) light, aged (θ = 1) dark, in the θ series' orange hue.
export const FRESH = [250, 236, 204];
export const AGED = [110, 70, 0];
const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';

/** A number for a label: 3 significant digits, no exponent for ordinary magnitudes. */
export function fmt(value, digits = 3) {
  if (!Number.isFinite(value)) return '–';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e5)) return value.toExponential(digits - 1);
  // Trailing zeros kept: a label that changes every frame should not change width.
  const text = abs >= 10 ** digits ? value.toFixed(0) : value.toPrecision(digits);
  return text.replace('-', '−');
}

/** The clock's text: hundredths of a second, fewer decimals for long runs. */
export function clockText(t, duration) {
  return `t = ${t.toFixed(duration >= 1000 ? 0 : duration >= 100 ? 1 : 2)} s`;
}

/** Sets the canvas font: `size` in CSS px, `weight` as in CSS. */
export function setFont(ctx, size, weight = 400) {
  ctx.font = `${weight} ${Math.round(size)}px ${FONT_FAMILY}`;
}

/** Sets the stroke: colour, width and dash pattern (none by default). */
export function pen(ctx, colour, width, dash = []) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
}

/** Strokes a polyline through [x, y] points with the current pen. */
export function polyline(ctx, ...points) {
  ctx.beginPath();
  points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.stroke();
}

/** A horizontal arrow from x0 to x1 on line y; `dash` for the shaft. */
export function arrow(ctx, x0, x1, y, colour, width, dash) {
  const dir = Math.sign(x1 - x0);
  const head = Math.min(3.2 * width, Math.abs(x1 - x0));
  pen(ctx, colour, width, dash);
  polyline(ctx, [x0, y], [x1 - dir * head * 0.8, y]);
  ctx.setLineDash([]);
  if (dir === 0) return;
  ctx.fillStyle = colour;
  ctx.beginPath();
  [
    [x1, y],
    [x1 - dir * head, y - head * 0.6],
    [x1 - dir * head, y + head * 0.6],
  ].forEach(([px, py]) => ctx.lineTo(px, py));
  ctx.fill();
}

/** The mix of two RGB colours, t in [0, 1], as CSS. */
export function mix(a, b, t) {
  const c = a.map((v, i) => Math.round(v + (b[i] - v) * t));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}
