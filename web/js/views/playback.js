// Playback of a finished run: the state at any time, read off the engine's trace, and a clock that
// moves that time forward with requestAnimationFrame. No physics here: every value is a linear
// interpolation between two rows the engine wrote (its switch points included, so corners stay).

/** The columns a frame interpolates, as named in the engine's result. */
const LERPED = ['x', 'v', 'drivePosition', 'spring', 'friction', 'staticLimit', 'theta'];

/**
 * Playback speeds: a multiple of real time (1×), or 'fit' (the run in 20 s); short, for a phone.
 * @type {ReadonlyArray<{value: number | 'fit', label: string}>}
 */
export const SPEEDS = Object.freeze([
  { value: 0.1, label: '0.1×' },
  { value: 0.25, label: '0.25×' },
  { value: 0.5, label: '0.5×' },
  { value: 1, label: '1×' },
  { value: 2, label: '2×' },
  { value: 5, label: '5×' },
  { value: 10, label: '10×' },
  { value: 'fit', label: 'Run in 20 s' },
]);

/** Wall-clock seconds the 'fit' speed takes for a whole run. */
export const FIT_SECONDS = 20;
// Runs longer than this (simulated seconds) play at 'fit' by default: at 1× they would drag on.
const LONG_RUN = 60;
// A frame longer than this (ms) is a stall (hidden tab, debugger): the clock must not leap ahead.
const MAX_FRAME_MS = 100;
// Frame intervals kept for stats(): about three minutes at 60 Hz, so a long session stays small.
const MAX_INTERVALS = 10000;

/**
 * The first index i with times[i] > t (times sorted ascending), by binary search.
 * @param {ArrayLike<number>} times
 * @param {number} t
 */
function upperBound(times, t) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index i with times[i] >= t (times sorted ascending). */
function lowerBound(times, t) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run's time span [start, end]. */
export function runSpan(run) {
  const t = run.columns.t;
  return { start: t[0], end: t[t.length - 1] };
}

/** Linear interpolation of column `col` between rows i and j at weight w; NaN where absent. */
function lerpColumn(col, i, j, w) {
  if (!col) return NaN;
  const a = Number(col[i]);
  const b = Number(col[j]);
  if (w === 0 || a === b) return a;
  return a + (b - a) * w;
}

/** Whether t lies inside one of the [start, end] intervals (sorted by start). */
function insideIntervals(intervals, t) {
  let lo = 0;
  let hi = intervals.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (intervals[mid][0] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && t <= intervals[lo - 1][1];
}

/**
 * Whether the block is stuck at t: inside one of the engine's stick intervals when the summary has
 * them (laws), else at rest on both rows around t (the models write v = 0 exactly while stuck).
 * At a row's own time that row alone decides, so the last row at rest before a break-away is shown
 * stuck, with the drive force at the static limit.
 */
function isStuck(run, i, j, w, t) {
  const intervals = run.summary && run.summary.stickIntervals;
  if (Array.isArray(intervals)) return insideIntervals(intervals, t);
  const v = run.columns.v;
  if (w === 0) return Number(v[i]) === 0;
  if (w === 1) return Number(v[j]) === 0;
  return Number(v[i]) === 0 && Number(v[j]) === 0;
}

/** The two rows around t (clamped to the run) and the weight of the second. */
function bracket(times, t) {
  const n = times.length;
  const j = Math.min(Math.max(upperBound(times, t), 1), n - 1);
  const i = j - 1;
  const dt = times[j] - times[i];
  // A switch point may repeat a grid time: dt = 0, and then the later row is the state at t.
  const w = dt > 0 ? Math.min(Math.max((t - times[i]) / dt, 0), 1) : 1;
  return { i, j, w };
}

/**
 * The state of the run at time t (clamped to the run's span), interpolated linearly between the
 * trace's rows.
 * @param {{columns: Object<string, ArrayLike<number>>, summary?: Object}} run
 * @param {number} t time [s]
 * @returns {{t: number, x: number, v: number, drivePosition: number, spring: number,
 *   friction: number, staticLimit: number, theta: number, stuck: boolean, row: number}}
 *   row is the index of the last row at or before t. theta and staticLimit are NaN where the run has none.
 */
export function frameAt(run, t) {
  const cols = run.columns;
  const times = cols.t;
  const { start, end } = runSpan(run);
  const tc = Math.min(Math.max(Number.isFinite(t) ? t : start, start), end);
  if (times.length < 2) return singleRowFrame(run, tc);
  const { i, j, w } = bracket(times, tc);
  const frame = { t: tc, row: w === 1 ? j : i, stuck: isStuck(run, i, j, w, tc) };
  for (const key of LERPED) frame[key] = lerpColumn(cols[key], i, j, w);
  return frame;
}

/** A run of one row (a run refused at once): that row, whatever t. */
function singleRowFrame(run, t) {
  const frame = { t, row: 0, stuck: Number(run.columns.v[0]) === 0 };
  for (const key of LERPED) frame[key] = lerpColumn(run.columns[key], 0, 0, 0);
  return frame;
}

/**
 * The time of the run's first break-away (the still frame shown instead of autoplay): the engine's
 * first 'break-away' event, else the end of the first stick interval, else the first row where v
 * leaves 0; the end of the run if the block never breaks away.
 * @returns {number} time [s]
 */
export function firstBreakAway(run) {
  const { end } = runSpan(run);
  const summary = run.summary || {};
  const event = (summary.events || []).find((e) => e.kind === 'break-away');
  if (event) return event.t;
  if (Array.isArray(summary.stickIntervals)) {
    const interval = summary.stickIntervals.find((iv) => iv[1] < end);
    return interval ? interval[1] : end;
  }
  const { t, v } = run.columns;
  for (let i = 0; i + 1 < t.length; i++) {
    if (Number(v[i]) === 0 && Number(v[i + 1]) !== 0) return t[i];
  }
  return end;
}

/** Whether the user asked the system for less motion. */
export function prefersReducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The median of a list of numbers (0 for none). */
function median(values) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A clock over a run's span, driven by requestAnimationFrame while playing.
 *
 * Events (constructor callbacks): onFrame(t) on every animation frame and after every seek, step
 * or run change; onStateChange({playing, ended}) when it starts, pauses or reaches the end.
 */
export class Playback {
  /**
   * @param {{onFrame?: (t: number) => void, onStateChange?: (s: {playing: boolean, ended: boolean}) => void,
   *   autoplay?: boolean, loop?: boolean}} [options] autoplay: start on the first run (ignored
   *   under prefers-reduced-motion: the clock then rests at the first break-away, or the end);
   *   loop: wrap at the end instead of stopping there.
   */
  constructor({
    onFrame = () => {},
    onStateChange = () => {},
    autoplay = false,
    loop = false,
  } = {}) {
    this.onFrame = onFrame;
    this.onStateChange = onStateChange;
    this.autoplay = autoplay;
    this.loop = loop;
    this.run = null;
    this.span = { start: 0, end: 0 };
    this.t = 0;
    this.isPlaying = false;
    this.isEnded = false;
    this.speedChoice = null; // null: the run's default speed
    this.rafId = 0;
    this.lastNow = null;
    this.intervals = [];
    this.tick = this.tick.bind(this);
  }

  /** The current time [s]. */
  get time() {
    return this.t;
  }
  /** Whether the clock is running. */
  get playing() {
    return this.isPlaying;
  }
  /** Whether it stopped at the end of the run (play() then replays from the start). */
  get ended() {
    return this.isEnded;
  }
  /** The speed in use: a multiple of real time, or 'fit'. */
  get speed() {
    return this.speedChoice ?? this.defaultSpeed();
  }

  /** The run's own speed: the whole run in 20 s for a long run, else real time. */
  defaultSpeed() {
    return this.span.end - this.span.start > LONG_RUN ? 'fit' : 1;
  }

  /** Simulated seconds per wall-clock second. */
  rate() {
    const speed = this.speed;
    if (speed === 'fit') return (this.span.end - this.span.start) / FIT_SECONDS;
    return speed;
  }

  /**
   * Replaces the run. The time stays if it lies inside the new run (a slider drag replaces the run
   * many times a second and playback must flow on), else it goes to the run's start. The first run
   * autoplays if asked and motion is welcome; otherwise the clock rests at the first break-away.
   * After the end, a new run (a change) plays from its start (under reduced motion it rests there).
   */
  setRun(run) {
    const first = this.run === null;
    const replay = this.isEnded;
    this.run = run;
    this.span = runSpan(run);
    const inside = this.t >= this.span.start && this.t <= this.span.end;
    if (first) this.startFirstRun(run);
    else if (replay || !inside) this.t = this.span.start;
    if (this.isEnded) this.setState(false, false);
    if (replay && !prefersReducedMotion()) this.play();
    this.onFrame(this.t);
  }

  /** Loops (wraps at the end) or stops at the end; a stopped run that is turned to loop plays on. */
  setLoop(loop) {
    this.loop = loop;
    if (loop && this.isEnded) this.play();
  }

  /** The first run: play from the start, or rest on the still frame under reduced motion. */
  startFirstRun(run) {
    if (this.autoplay && !prefersReducedMotion()) {
      this.t = this.span.start;
      this.play();
    } else {
      this.t = firstBreakAway(run);
    }
  }

  /** Starts the clock; at the end of a stopped run it replays from the start. */
  play() {
    if (!this.run || this.isPlaying) return;
    if (this.isEnded || this.t >= this.span.end) this.t = this.span.start;
    this.lastNow = null;
    this.setState(true, false);
    this.rafId = requestAnimationFrame(this.tick);
  }

  /** Stops the clock where it is. */
  pause() {
    if (!this.isPlaying) return;
    cancelAnimationFrame(this.rafId);
    this.rafId = 0;
    this.setState(false, false);
  }

  /** Plays if paused, pauses if playing. */
  toggle() {
    return this.isPlaying ? this.pause() : this.play();
  }

  /** Moves to time t (clamped to the run), without changing whether it plays. */
  seek(t) {
    if (!this.run) return;
    this.t = Math.min(Math.max(t, this.span.start), this.span.end);
    if (this.isEnded && this.t < this.span.end) this.setState(false, false);
    this.onFrame(this.t);
  }

  /**
   * Pauses and steps to the first output row at least 1/200 of the run away (a row the engine
   * wrote; one of a coarse trace, several of a dense one). @param {number} direction +1 or -1
   */
  step(direction) {
    if (!this.run) return;
    this.pause();
    const times = this.run.columns.t;
    const small = (this.span.end - this.span.start) / 200;
    const tiny = 1e-9 * small; // rounding: a row exactly `small` away counts
    if (direction > 0) {
      const k = lowerBound(times, this.t + small - tiny);
      this.seek(k < times.length ? times[k] : this.span.end);
    } else {
      const k = upperBound(times, this.t - small + tiny) - 1;
      this.seek(k >= 0 ? times[k] : this.span.start);
    }
  }

  /**
   * Sets the speed: one of SPEEDS' values (a multiple of real time, or 'fit'); null returns to the
   * run's default.
   * @param {number | 'fit' | null} speed
   */
  setSpeed(speed) {
    this.speedChoice = speed;
  }

  /** One animation frame: advance by the wall time since the last one, scaled by the speed. */
  tick(now) {
    if (!this.isPlaying) return;
    if (this.lastNow !== null) {
      const ms = now - this.lastNow;
      this.recordInterval(ms);
      this.advance(Math.min(ms, MAX_FRAME_MS) / 1000);
    }
    this.lastNow = now;
    this.onFrame(this.t);
    if (this.isPlaying) this.rafId = requestAnimationFrame(this.tick);
  }

  /** Moves the clock by `seconds` of wall time; at the end it loops or stops. */
  advance(seconds) {
    const { start, end } = this.span;
    this.t += seconds * this.rate();
    if (this.t < end) return;
    if (this.loop && end > start) {
      this.t = start + ((this.t - start) % (end - start));
    } else {
      this.t = end;
      cancelAnimationFrame(this.rafId);
      this.setState(false, true);
    }
  }

  /** Updates playing/ended and tells the listener. */
  setState(playing, ended) {
    if (playing === this.isPlaying && ended === this.isEnded) return;
    this.isPlaying = playing;
    this.isEnded = ended;
    this.onStateChange({ playing, ended });
  }

  /** Keeps a frame interval for stats(). */
  recordInterval(ms) {
    if (this.intervals.length >= MAX_INTERVALS) this.intervals.shift();
    this.intervals.push(ms);
  }

  /**
   * Frame timing while playing: frames counted, frames dropped (intervals longer than 1.5× the
   * display's refresh interval, estimated as the median interval), the worst interval [ms].
   * @returns {{frames: number, dropped: number, worstMs: number, medianMs: number}}
   */
  stats() {
    const medianMs = median(this.intervals);
    let dropped = 0;
    let worstMs = 0;
    for (const ms of this.intervals) {
      if (ms > 1.5 * medianMs) dropped += 1;
      worstMs = Math.max(worstMs, ms);
    }
    return { frames: this.intervals.length, dropped, worstMs, medianMs };
  }

  /** Forgets the recorded frame intervals (a test measures from here). */
  resetStats() {
    this.intervals = [];
  }

  /** Stops the clock for good. */
  destroy() {
    this.pause();
    this.run = null;
  }
}
