// The spring-block system drawn on a canvas: the drive pulls a block over a rough surface through a
// spring and a dashpot in parallel. Every length and force comes from the engine's trace (through
// playback's frameAt); this module only maps them to pixels. The camera follows the block: the
// ground scrolls under it and the drive sits at block + rest length + the spring's extension, both
// on one scale (pixels per metre), so the motion on screen is the motion of the trace.

import {
  AGED,
  arrow,
  clockText,
  DRIVE,
  fmt,
  FRESH,
  FRICTION,
  GROUND,
  HATCH,
  INK,
  mix,
  MUTED,
  pen,
  polyline,
  setFont,
  SLIPPING,
  STUCK,
} from './schematic-drawing.js';
import { computeLayout, hatchPeriod, runScales } from './schematic-layout.js';
import { LabelLayout, PRIORITY } from './schematic-labels.js';

/** The labels' fonts: small (parts, marks, θ, the limit) and the forces' a little larger. */
const small = (L, weight = 400) => ({ size: Math.max(14, 0.8 * L.f), weight });
const forceFont = (L) => ({ size: Math.max(14, 0.85 * L.f), weight: 400 });

const COIL_TURNS = 11; // fixed, so the spacing between the turns shows the stretch

/**
 * The spring-block system on a 2D canvas. The caller gives the canvas its role="img" and
 * aria-label; the schematic follows the canvas's CSS size and the device pixel ratio.
 */
export class Schematic {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    Object.assign(this, {
      canvas,
      ctx: canvas.getContext('2d'),
      ratio: 1,
      run: null,
      scales: null,
      layout: null,
      frame: null,
      lastGroundPx: null,
      box: null,
    });
    this.observer = new ResizeObserver(([{ contentRect }]) =>
      this.resize(true, { w: contentRect.width, h: contentRect.height }),
    );
    this.observer.observe(canvas);
  }

  /**
   * Takes a new run: its scales (extension, forces) fix the drawing's proportions until the next.
   * @param {{columns: object, summary?: object, system?: {m?: number, c?: number, eta?: number, v0?: number, Fn?: number}}} run
   */
  setRun(run) {
    this.run = run;
    this.scales = runScales(run);
    this.layout = null;
  }

  /**
   * Draws the system at one instant.
   * @param {ReturnType<import('./playback.js').frameAt>} frame
   * @param {{playing?: boolean}} [options] playing: frames follow each other, so the ground's
   *   hatching fades when it moves too far per frame to read (it would seem to run backwards).
   */
  draw(frame, { playing = false } = {}) {
    this.frame = frame;
    if (this.run && frame && !this.layout) this.resize(false);
    const L = this.layout;
    const ctx = this.ctx;
    if (!this.run || !frame || !L) return;
    ctx.setTransform(this.ratio, 0, 0, this.ratio, 0, 0);
    ctx.clearRect(0, 0, L.w, L.h);
    this.labels = new LabelLayout(ctx, L.w, L.h);
    this.drawGround(L, frame, playing);
    this.drawContactPatch(L, frame);
    this.drawCoupling(L, frame);
    this.drawBlock(L, frame);
    this.drawForces(L, frame);
    // The clock: top right on a wide canvas, top left on a narrow one.
    this.labels.ask(
      clockText(frame.t, this.scales.duration),
      [{ x: L.wide ? L.w - L.pad : L.pad, y: L.rows.clock, align: L.wide ? 'right' : 'left' }],
      { font: { size: 1.1 * L.f, weight: 700 }, priority: PRIORITY.clock, essential: true },
    );
    this.labels.drawAll();
  }

  /** The labels of the last frame drawn: their boxes and the shapes they keep off (tests read them). */
  get labelBoxes() {
    if (!this.labels) return { boxes: [], obstacles: [], width: 0, height: 0 };
    const { boxes, obstacles, width, height } = this.labels;
    return {
      boxes: boxes.map(({ x, y, w, h, text }) => ({ x, y, w, h, text })),
      obstacles,
      width,
      height,
    };
  }

  /** Stops following the canvas's size. */
  destroy() {
    this.observer.disconnect();
  }

  /** The backing store to the CSS size (`box`, as last observed: no forced layout) × device pixels; lays out, redraws. */
  resize(redraw = true, box = this.box) {
    this.box = box;
    const { w, h } = this.box ?? { w: this.canvas.clientWidth, h: this.canvas.clientHeight };
    const ratio = window.devicePixelRatio || 1;
    if (w === 0 || h === 0) return;
    const bw = Math.round(w * ratio);
    const bh = Math.round(h * ratio);
    if (this.canvas.width !== bw || this.canvas.height !== bh)
      Object.assign(this.canvas, { width: bw, height: bh });
    this.ratio = ratio;
    const labelWidth = (f) => {
      setFont(this.ctx, f, 700);
      return this.ctx.measureText('slipping').width;
    };
    this.layout = this.scales ? computeLayout(w, h, this.scales, labelWidth) : null;
    if (redraw && this.frame) this.draw(this.frame);
  }

  /** The rough surface: a hatched band that scrolls with the block, and distance marks. */
  drawGround(L, frame, playing) {
    const ctx = this.ctx;
    const shift = frame.x * L.pxPerMetre;
    ctx.fillStyle = GROUND;
    ctx.fillRect(0, L.groundY, L.w, L.h - L.groundY);
    this.drawHatch(L, shift, this.hatchAlpha(L, shift, playing));
    pen(ctx, INK, 2);
    polyline(ctx, [0, L.groundY], [L.w, L.groundY]);
    this.drawMarks(L, frame.x);
  }

  /**
   * How visible the hatching is: full while it moves less than 0.3 of its period per frame, and
   * faint beyond half a period, where the eye would see it move the wrong way.
   */
  hatchAlpha(L, shift, playing) {
    const moved = this.lastGroundPx === null ? 0 : Math.abs(shift - this.lastGroundPx);
    this.lastGroundPx = shift;
    if (!playing) return 1;
    return 1 - 0.85 * Math.min(Math.max((moved / hatchPeriod(L) - 0.3) / 0.2, 0), 1);
  }

  /** Diagonal hatching, shifted by the block's travel in pixels. */
  drawHatch(L, shift, alpha) {
    const ctx = this.ctx;
    const period = hatchPeriod(L);
    const depth = L.h - L.groundY;
    const offset = ((-shift % period) + period) % period;
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, L.groundY, L.w, depth);
    ctx.clip();
    ctx.globalAlpha = alpha;
    pen(ctx, HATCH, 1.5);
    ctx.beginPath();
    for (let x = offset - period; x < L.w + depth; x += period) {
      ctx.moveTo(x, L.groundY);
      ctx.lineTo(x - depth, L.groundY + depth);
    }
    ctx.stroke();
    ctx.restore(); // the clip and the fading end here
  }

  /** Marks fixed to the ground every markStep metres, labelled, so the block's travel reads. */
  drawMarks(L, x) {
    const ctx = this.ctx;
    const step = L.markStep;
    const visible = (L.w / L.pxPerMetre) * 1.2;
    const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
    pen(ctx, INK, 2);
    for (let g = Math.ceil((x - visible) / step) * step; g <= x + visible; g += step) {
      const px = L.cx + (g - x) * L.pxPerMetre;
      if (px < -50 || px > L.w + 50) continue;
      polyline(ctx, [px, L.groundY + 0.6 * L.f], [px, L.h]);
      // A mark's label is left out where another label (θ under the block) or the carriage is.
      if (px < 0 || px > L.w) continue;
      this.labels.ask(`${g.toFixed(decimals)} m`, [{ x: px + 0.3 * L.f, y: L.h - 0.45 * L.f }], {
        font: small(L),
        priority: PRIORITY.mark,
      });
    }
  }

  /** The contact patch under the block, dark where the contact has aged (θ = 1), light when fresh. */
  drawContactPatch(L, frame) {
    if (!Number.isFinite(frame.theta)) return;
    const ctx = this.ctx;
    const theta = Math.min(Math.max(frame.theta, 0), 1);
    ctx.fillStyle = mix(FRESH, AGED, theta);
    ctx.fillRect(L.cx - L.bw / 2, L.groundY, L.bw, 0.5 * L.f);
    pen(ctx, INK, 1.5);
    ctx.strokeRect(L.cx - L.bw / 2, L.groundY, L.bw, 0.5 * L.f);
    this.labels.ask(
      `θ = ${theta.toFixed(2)}`,
      [{ x: L.cx, y: L.h - 0.45 * L.f, align: 'center' }],
      {
        font: small(L),
        priority: PRIORITY.theta,
      },
    );
  }

  /**
   * Spring (a coil) and dashpot (piston in a cylinder) in parallel, and the drive's carriage at
   * the block + rest length + the scaled extension X_d − x.
   */
  drawCoupling(L, frame) {
    const ext = frame.drivePosition - frame.x;
    const driveX = L.blockRight + L.restLength + (Number.isFinite(ext) ? ext * L.pxPerMetre : 0);
    this.drawSpring(L, L.blockRight, driveX, L.blockTop + 0.22 * L.bh);
    this.drawDashpot(L, driveX, L.blockTop + 0.5 * L.bh);
    this.drawCarriage(L, driveX);
  }

  /** A zigzag coil with straight leads: the turns keep their count, so their spacing shows the stretch. */
  drawSpring(L, x0, x1, y) {
    const ctx = this.ctx;
    const lead = 0.6 * L.f;
    const amp = Math.min(0.12 * L.bh, 0.6 * L.f);
    const coil = x1 - x0 - 2 * lead;
    const zigzag = Array.from({ length: 2 * COIL_TURNS }, (_, k) => [
      x0 + lead + ((k + 0.5) / (2 * COIL_TURNS)) * coil,
      y + (k % 2 ? amp : -amp),
    ]);
    pen(ctx, INK, Math.max(2, 0.1 * L.f));
    ctx.lineJoin = 'round';
    polyline(ctx, [x0, y], [x0 + lead, y], ...zigzag, [x1 - lead, y], [x1, y]);
    this.labels.ask('spring', [{ x: (x0 + x1) / 2, y: y - amp - 0.3 * L.f, align: 'center' }], {
      font: small(L),
      priority: PRIORITY.part,
    });
  }

  /**
   * The dashpot: a cylinder fixed to the drive and a piston fixed to the block. The cylinder is as
   * long as the spring's whole stroke, so the piston stays inside it over the run.
   */
  drawDashpot(L, driveX, y) {
    const ctx = this.ctx;
    const gap = L.restMin - L.span;
    const half = Math.min(0.11 * L.bh, 0.6 * L.f);
    const damped = this.scales.damped;
    const cylLen = L.span + gap / 2;
    const rodEnd = L.blockRight + L.restMin - gap / 4;
    ctx.save();
    ctx.globalAlpha = damped ? 1 : 0.45; // η = 0: drawn faint and dashed, as inactive
    pen(ctx, INK, Math.max(2, 0.1 * L.f), damped ? [] : [6, 4]);
    ctx.fillStyle = '#E4E7EB';
    ctx.fillRect(driveX - cylLen, y - half, cylLen, 2 * half);
    polyline(
      ctx,
      [driveX - cylLen, y - half],
      [driveX, y - half],
      [driveX, y + half],
      [driveX - cylLen, y + half],
    );
    polyline(ctx, [L.blockRight, y], [rodEnd, y]);
    polyline(ctx, [rodEnd, y - 0.75 * half], [rodEnd, y + 0.75 * half]);
    ctx.restore();
    setFont(ctx, small(L).size);
    // Between the block and the drive: "(η = 0)" only where it fits (the faint dashes say it too).
    const text =
      damped || ctx.measureText('dashpot (η = 0)').width + L.f > driveX - L.blockRight
        ? 'dashpot'
        : 'dashpot (η = 0)';
    this.labels.ask(
      text,
      [{ x: (L.blockRight + driveX) / 2, y: y + half + 0.85 * L.f, align: 'center' }],
      { font: small(L), priority: PRIORITY.part },
    );
  }

  /** The drive: a carriage on wheels whose left plate holds the spring and the dashpot. */
  drawCarriage(L, x) {
    const ctx = this.ctx;
    const wheel = 0.25 * L.f;
    const top = L.blockTop + 0.22 * L.bh - 0.8 * L.f;
    ctx.fillStyle = '#374151';
    ctx.fillRect(x, top, L.cw, L.groundY - 2 * wheel - top);
    ctx.fillStyle = INK;
    for (const wx of [x + 0.25 * L.cw, x + 0.75 * L.cw]) {
      ctx.beginPath();
      ctx.arc(wx, L.groundY - wheel, wheel, 0, 2 * Math.PI);
      ctx.fill();
    }
    // The carriage, wheels and all, down to the ground's marks under it: no label covers it.
    this.labels.avoid({ x, y: top, w: L.cw, h: L.h - top });
    const v0 = this.scales.v0;
    const text = v0 === 0 ? 'drive (at rest)' : v0 < 0 ? '← drive' : 'drive →';
    this.labels.ask(text, [{ x: x + L.cw / 2, y: top - 0.3 * L.f, align: 'center' }], {
      font: small(L, 600),
      priority: PRIORITY.part,
    });
  }

  /** The block, coloured and labelled by its state. */
  drawBlock(L, frame) {
    const ctx = this.ctx;
    ctx.fillStyle = frame.stuck ? STUCK : SLIPPING;
    pen(ctx, INK, 2);
    ctx.beginPath();
    ctx.roundRect(L.cx - L.bw / 2, L.blockTop, L.bw, L.bh, Math.min(6, 0.2 * L.f));
    ctx.fill();
    ctx.stroke();
    this.labels.avoid({ x: L.cx - L.bw / 2, y: L.blockTop, w: L.bw, h: L.bh });
    ctx.fillStyle = '#FFFFFF';
    setFont(ctx, L.f, 700);
    ctx.textAlign = 'center';
    ctx.fillText(frame.stuck ? 'stuck' : 'slipping', L.cx, L.blockTop + L.bh / 2 + 0.35 * L.f);
  }

  /**
   * The forces on the block from one origin (its centre), on two tracks above it: the drive force
   * (dashed purple) and the friction (solid vermillion), with the static limit marked on the
   * friction's track. Equal lengths show the balance while stuck.
   */
  drawForces(L, frame) {
    const ctx = this.ctx;
    const width = Math.max(3, 0.18 * L.f);
    const yd = L.rows.drive;
    const yf = L.rows.friction;
    pen(ctx, MUTED, 1);
    polyline(ctx, [L.cx, yd - 0.6 * L.f], [L.cx, L.blockTop]);
    // Friction on the block opposes the slip: the column is signed like v, so its force is −friction.
    const fx = -frame.friction * L.kForce;
    const dx = frame.spring * L.kForce;
    this.drawLimit(L, frame, fx <= 0 ? -1 : 1);
    arrow(ctx, L.cx, L.cx + dx, yd, DRIVE, width, [2.4 * width, 1.3 * width]);
    arrow(ctx, L.cx, L.cx + fx, yf, FRICTION, width, []);
    // The drive's label follows its arrow's head, else (the clock there) sits on the other side of the
    // origin; the friction's sits on the other side of the origin, else beyond its head.
    const ds = dx < 0 ? -1 : 1;
    const fs = fx <= 0 ? 1 : -1;
    const beside = (from, side, y) => ({
      x: from + side * 0.4 * L.f,
      y,
      align: side > 0 ? 'left' : 'right',
    });
    const options = { font: forceFont(L), priority: PRIORITY.force, essential: true };
    this.labels.ask(
      `drive force ${fmt(frame.spring)} N`,
      [beside(L.cx + dx, ds, yd + 0.35 * L.f), beside(L.cx, -ds, yd + 0.35 * L.f)],
      options,
    );
    this.labels.ask(
      `friction ${fmt(Math.abs(frame.friction))} N`,
      [beside(L.cx, fs, yf + 0.35 * L.f), beside(L.cx + fx, -fs, yf + 0.35 * L.f)],
      options,
    );
  }

  /** The static limit (or break-away peak): a dashed, labelled mark on the friction's track. */
  drawLimit(L, frame, side) {
    const limit = frame.staticLimit;
    if (!Number.isFinite(limit) || limit <= 0) return;
    const ctx = this.ctx;
    const x = L.cx + side * limit * L.kForce;
    pen(ctx, FRICTION, Math.max(2, 0.1 * L.f), [0.35 * L.f, 0.25 * L.f]);
    polyline(ctx, [x, L.rows.drive - 0.5 * L.f], [x, L.rows.limit - 0.9 * L.f]);
    ctx.setLineDash([]);
    const name = this.scales.limitKind === 'peak' ? 'break-away peak' : 'static limit';
    this.labels.ask(
      `${name} ${fmt(limit)} N`,
      [
        { x, y: L.rows.limit, align: side < 0 ? 'left' : 'right' },
        { x, y: L.rows.limit, align: side < 0 ? 'right' : 'left' },
      ],
      { font: small(L), priority: PRIORITY.limit, essential: true },
    );
  }
}
