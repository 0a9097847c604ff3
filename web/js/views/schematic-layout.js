// Where the spring-block schematic (views/schematic.js) puts things: the scales of a whole run and
// the layout of a canvas, in CSS pixels. Every length and force comes from the engine's trace; this
// module only sets the pixels per metre and per newton.

/** The smallest and largest finite value of f(i) over the rows, with 0 always inside. */
function extent(n, f) {
  // Two variables, not a destructured pair, which allocated an array a row (90 kB a run).
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const v = f(i);
    if (Number.isFinite(v)) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  return { lo, hi };
}

/**
 * What the drawing needs from a whole run: the range of the spring's extension (it sets the
 * pixels per metre), the largest force (it sets the arrows' scale), and what the run has.
 */
export function runScales(run) {
  const c = run.columns;
  const system = run.system || {};
  const summary = run.summary || {};
  const n = c.t.length;
  const v0 = Number(system.v0);
  const drive = (i) => c.drivePosition[i]; // the engine's X_d(t): no kinematics redone here
  const ext = extent(n, (i) => drive(i) - c.x[i]); // lo ≤ 0 ≤ hi: the range includes the rest length
  const force = extent(n, (i) =>
    Math.max(
      Math.abs(c.spring[i]),
      Math.abs(c.friction[i]),
      c.staticLimit && Number.isFinite(c.staticLimit[i]) ? c.staticLimit[i] : 0,
    ),
  );
  return {
    extLo: ext.lo,
    extHi: ext.hi,
    forceMax: force.hi > 0 ? force.hi : 1,
    duration: c.t[n - 1] - c.t[0],
    limitKind: summary.staticLimitKind || 'stick',
    damped: Number(system.eta) !== 0,
    v0,
    hasTheta: Boolean(c.theta) && Array.prototype.some.call(c.theta, Number.isFinite),
  };
}

/** A nice distance between ground marks: 1, 2 or 5 × 10^k metres, some 0.18–0.45 of the width apart. */
function markSpacing(pxPerMetre, width) {
  const target = (0.3 * width) / pxPerMetre;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= target * 0.6);
  return step || 10 * power;
}

/**
 * Where everything goes, in CSS pixels, for a canvas of w × h: the text size first (at least 14 px,
 * growing with the canvas for a projector), then the rows from the top and the spans from the left.
 * A wide canvas puts the clock at the top right, beside the drive's arrow; a narrow one above it.
 * `labelWidth(f)` is the width of the block's longest word at text size f.
 */
export function computeLayout(w, h, scales, labelWidth) {
  const f = Math.max(14, Math.min(30, w / 40, h / 10));
  const pad = 0.5 * f;
  const wide = w / h >= 2.6;
  const top = wide ? pad : pad + 1.4 * f;
  const rows = {
    clock: wide ? pad + 1.05 * f : pad + f,
    drive: top + 0.75 * f,
    friction: top + 2.1 * f,
    limit: top + 3.6 * f,
  };
  // A narrow canvas gives the arrows a larger share, or they would be too short to compare.
  const forceLen = (w < 700 ? 0.28 : 0.2) * w;
  const cx = pad + forceLen;
  const groundY = Math.max(rows.limit + 3.6 * f, h - 2.4 * f);
  const bw = Math.max(labelWidth(f) + f, Math.min(1.2 * (groundY - rows.limit), 0.2 * w));
  // The block stays block-shaped on a tall canvas: spare height goes to the ground.
  const bh = Math.min(groundY - rows.limit - 0.6 * f, Math.max(3 * f, 0.8 * bw));
  const blockTop = groundY - bh;
  const cw = Math.max(2 * f, 0.05 * w);
  const blockRight = cx + bw / 2;
  // The spring spans [restMin, restMin + span]; the dashpot's stroke needs restMin > span.
  const span = Math.max(2 * f, (w - pad - cw - blockRight) / 2.25);
  const restMin = 1.25 * span;
  const pxPerMetre = span / Math.max(scales.extHi - scales.extLo, 1e-300);
  return {
    w,
    h,
    f,
    pad,
    wide,
    rows,
    blockTop,
    groundY,
    bh,
    bw,
    cw,
    cx,
    blockRight,
    forceLen,
    span,
    restMin,
    restLength: restMin - scales.extLo * pxPerMetre,
    pxPerMetre,
    kForce: forceLen / scales.forceMax,
    markStep: markSpacing(pxPerMetre, w),
  };
}

/** The hatching's period: about a letter wide. */
export const hatchPeriod = (L) => Math.max(12, 0.9 * L.f);
