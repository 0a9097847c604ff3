// The schematic's labels (views/schematic.js), placed so that none overlaps another, none covers the
// block or the drive's carriage, and none is cut by the canvas's edge. The drawing asks for its labels
// as it draws its shapes; they are placed in order of importance (the clock and the forces first, the
// ground's distance marks last), each at the first of its positions that is free, and drawn last, on top
// of every shape. A label that fits nowhere is left out, unless it is essential: those keep their first
// position (the layout's rows keep them apart).

import { INK, setFont } from './schematic-drawing.js';

/** How much a label matters: the lower, the earlier it is placed. */
export const PRIORITY = Object.freeze({
  clock: 0,
  force: 1,
  limit: 2,
  theta: 3,
  part: 4, // spring, dashpot, drive
  mark: 5,
});

// The white box around a label's text [px].
const BOX_PAD = 3;

/** Whether two boxes {x, y, w, h} overlap (touching edges do not). */
export function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/**
 * The labels of one frame. `ask` records a label (text, positions, font, priority); `drawAll` places
 * them in order of priority and draws them; `boxes` are the placed labels' boxes (the test hook reads
 * them), `obstacles` the shapes no label may cover.
 */
export class LabelLayout {
  constructor(ctx, width, height) {
    Object.assign(this, { ctx, width, height, requests: [], boxes: [], obstacles: [] });
  }

  /** A shape no label may cover (the block, the carriage). */
  avoid(box) {
    this.obstacles.push(box);
  }

  /**
   * A label: `positions` [{x, y, align}] in order of preference (y the text's baseline), drawn in
   * `font` ({size, weight}); `essential` keeps it at its first position when every one is taken.
   */
  ask(text, positions, { font, priority, essential = false }) {
    this.requests.push({ text, positions, font, priority, essential, order: this.requests.length });
  }

  /** Places every label in order of priority (then of asking) and draws them. */
  drawAll() {
    const ordered = [...this.requests].sort((a, b) => a.priority - b.priority || a.order - b.order);
    for (const request of ordered) {
      const placed = this.#place(request);
      if (placed) this.#draw(request, placed);
    }
  }

  /** The first free position's box, the first position's for an essential label, or null. */
  #place({ text, positions, font, essential }) {
    setFont(this.ctx, font.size, font.weight);
    const boxes = positions.map((position) => this.#boxOf(text, position));
    const free = boxes.find(
      (box) =>
        !this.boxes.some((taken) => overlaps(box, taken)) &&
        !this.obstacles.some((shape) => overlaps(box, shape)),
    );
    return free ?? (essential ? boxes[0] : null);
  }

  /** A label's box: its text measured, kept inside the canvas (moved, never cut). */
  #boxOf(text, { x, y, align = 'left' }) {
    const metrics = this.ctx.measureText(text);
    const ascent = metrics.fontBoundingBoxAscent ?? metrics.actualBoundingBoxAscent;
    const descent = metrics.fontBoundingBoxDescent ?? metrics.actualBoundingBoxDescent;
    const w = metrics.width + 2 * BOX_PAD;
    const h = ascent + descent;
    const left =
      align === 'left' ? x - BOX_PAD : align === 'right' ? x - metrics.width - BOX_PAD : x - w / 2;
    return {
      x: Math.min(Math.max(left, 0), Math.max(this.width - w, 0)),
      y: Math.min(Math.max(y - ascent, 0), Math.max(this.height - h, 0)),
      w,
      h,
      ascent,
      text,
    };
  }

  /** The label in its white box (readable over hatching and lines). */
  #draw({ text, font }, box) {
    const ctx = this.ctx;
    setFont(ctx, font.size, font.weight);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
    ctx.fillRect(box.x, box.y, box.w, box.h);
    ctx.fillStyle = INK;
    ctx.textAlign = 'left';
    ctx.fillText(text, box.x + BOX_PAD, box.y + box.ascent);
    this.boxes.push(box);
  }
}
