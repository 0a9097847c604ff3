// The spring-block system, drawn and animated: the schematic, its playback controls and a text
// alternative, built inside a container the page gives it. Time is the only thing it shares with
// the rest of the page: onTime(t) on every frame and seek, so the charts' cursors follow.

import { expose } from '../test-hooks.js';
import { Schematic } from './schematic.js';
import { Playback, SPEEDS, frameAt, runSpan } from './playback.js';

// The live text is announced at most this often while playing: a screen reader must not be flooded.
const ANNOUNCE_MS = 2000;
// Scrubbing and run replacements (a slider drag) settle this long before the text is announced.
const SETTLE_MS = 300;
const KEYS_HINT = 'Space plays or pauses, arrow keys step.';
const BUTTON_STATES = {
  play: { icon: '▶', text: 'Play' },
  pause: { icon: '❚❚', text: 'Pause' },
  replay: { icon: '↺', text: 'Replay' },
};

let instances = 0;

/** A new element with properties/attributes and children. */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'className' || key === 'textContent') node[key] = value;
    else node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** A button with an icon hidden from screen readers and visible text in its accessible name. */
function iconButton(className, icon, text, { ariaLabel, iconAfter = false } = {}) {
  const attrs = { type: 'button', className };
  if (ariaLabel) attrs['aria-label'] = ariaLabel; // contains the visible text (axe's label-content rule)
  const iconSpan = el('span', { 'aria-hidden': 'true', className: 'sv-icon' }, icon);
  const textSpan = el('span', { className: 'sv-button-text' }, text);
  return el('button', attrs, ...(iconAfter ? [textSpan, iconSpan] : [iconSpan, textSpan]));
}

/** The speed picker's options, from playback's list. */
function speedOptions() {
  return SPEEDS.map((s) => el('option', { value: String(s.value) }, s.label));
}

/** Builds the view's DOM inside the container and returns its parts. */
function buildDom(container, id) {
  const canvas = el('canvas', {
    className: 'sv-canvas',
    role: 'img',
    'aria-label':
      'Drawing of the block on a rough surface, pulled by a moving drive through a spring and a dashpot, with the forces on the block. Its state is described in words below.',
  });
  const play = iconButton('sv-play', BUTTON_STATES.play.icon, BUTTON_STATES.play.text);
  const back = iconButton('sv-step sv-step-back', '‹', 'Step', { ariaLabel: 'Step back' });
  const forward = iconButton('sv-step sv-step-forward', '›', 'Step', {
    ariaLabel: 'Step forward',
    iconAfter: true,
  });
  const speed = el('select', { id: `${id}-speed`, className: 'sv-speed' }, ...speedOptions());
  const scrub = el('input', {
    id: `${id}-time`,
    className: 'sv-time',
    type: 'range',
    min: '0',
    max: '1',
    step: 'any',
    value: '0',
  });
  // <output> is a polite live region by default: switched off, since it changes every frame.
  const clock = el(
    'output',
    { id: `${id}-clock`, className: 'sv-clock', for: `${id}-time`, 'aria-live': 'off' },
    't = 0.00 s',
  );
  const status = el('p', {
    id: `${id}-status`,
    className: 'sr-only sv-status',
    'aria-live': 'polite',
  });
  const keys = el('p', { id: `${id}-keys`, className: 'sr-only' }, KEYS_HINT);
  // Loop (a toggle): the run starts again at its end (a lesson's background) instead of stopping there.
  const loop = iconButton('sv-loop', '↻', 'Loop');
  loop.setAttribute('aria-pressed', 'false');
  const controls = el(
    'div',
    { className: 'sv-controls', role: 'group', 'aria-label': 'Playback' },
    play,
    back,
    forward,
    el(
      'span',
      { className: 'sv-field sv-speed-field' },
      el('label', { for: speed.id }, 'Speed'),
      speed,
    ),
    el(
      'span',
      { className: 'sv-field sv-time-field' },
      el('label', { for: scrub.id }, 'Time'),
      scrub,
      clock,
    ),
    loop,
  );
  container.classList.add('system-view');
  container.tabIndex = 0;
  if (!container.hasAttribute('aria-label'))
    container.setAttribute('aria-label', 'The system, animated');
  container.setAttribute('aria-describedby', keys.id);
  container.replaceChildren(el('div', { className: 'sv-stage' }, canvas), controls, status, keys);
  return { canvas, play, back, forward, speed, scrub, clock, status, keys, loop };
}

/** A number with two significant digits (whole numbers from 10), as said aloud: "4.1", "0.42", "6.0", "12". */
function say(value) {
  if (!Number.isFinite(value)) return 'unknown';
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e5)) return value.toExponential(1);
  const text = abs >= 10 ? String(Math.round(value)) : value.toPrecision(2);
  return text.replace('-', '−'); // a minus sign, read as "minus"
}

/** Time with enough decimals to tell two steps (1/200 of the run) apart, trailing zeros dropped. */
function sayTime(t, duration) {
  const decimals = Math.min(6, Math.max(0, Math.ceil(-Math.log10(duration / 200))));
  return String(Number(t.toFixed(decimals)));
}

/** The clock shown beside the scrubber: hundredths of a second, fewer for long runs. */
function clockText(t, duration) {
  return `t = ${t.toFixed(duration >= 1000 ? 0 : duration >= 100 ? 1 : 2)} s`;
}

/** "of a 5.9 N static limit", or "" when the run has none at this instant. */
function limitPhrase(frame, summary) {
  if (!Number.isFinite(frame.staticLimit) || frame.staticLimit <= 0) return '';
  const name = summary.staticLimitKind === 'peak' ? 'break-away peak' : 'static limit';
  return ` of a ${say(frame.staticLimit)} N ${name}`;
}

/**
 * The state in words: "t = 2.3 s, stuck, drive force 4.1 N of a 5.9 N static limit" or
 * "t = 5.1 s, slipping at 0.42 m/s, friction 3.9 N, drive force 4.6 N".
 */
export function describeFrame(frame, run) {
  const summary = run.summary || {};
  const { start, end } = runSpan(run);
  const parts = [`t = ${sayTime(frame.t, end - start)} s`];
  if (frame.stuck) {
    const near =
      summary.nearRestThreshold > 0
        ? ` (moving slower than ${Number(summary.nearRestThreshold.toPrecision(2))} m/s)`
        : '';
    parts.push(`stuck${near}`, `drive force ${say(frame.spring)} N${limitPhrase(frame, summary)}`);
  } else {
    const way = frame.v < 0 ? ' backwards' : '';
    parts.push(
      `slipping${way} at ${say(Math.abs(frame.v))} m/s`,
      `friction ${say(Math.abs(frame.friction))} N`,
      `drive force ${say(frame.spring)} N`,
    );
  }
  if (Number.isFinite(frame.theta)) parts.push(`contact state θ = ${frame.theta.toFixed(2)}`);
  return parts.join(', ');
}

/** Whether a key press on `target` belongs to that control rather than to the view. */
function controlOwnsKey(target, key, scrub) {
  if (target === scrub) return false; // the scrubber's arrows step, and Space plays, as elsewhere
  const tag = target.tagName;
  if (tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'INPUT' || target.isContentEditable)
    return true;
  if (key === ' ') return tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY';
  return false;
}

/**
 * The animated system: schematic, Play/Pause, step back/forward, speed, a time scrubber, a clock,
 * and a polite live text. Keyboard (focus anywhere inside): Space plays/pauses, ←/→ step.
 */
export class SystemView {
  /**
   * @param {HTMLElement} container a <section> the view fills (it gets class "system-view",
   *   tabindex 0, an aria-label unless it has one, and aria-describedby the keyboard hint)
   * @param {{onTime?: (t: number) => void, autoplay?: boolean, loop?: boolean}} [options] onTime:
   *   called on every frame, seek and run change; autoplay (default true): play the first run, unless
   *   the user prefers reduced motion (then the first break-away is shown, or the end); loop (default
   *   false): start again at the end (the Loop switch)
   */
  constructor(container, { onTime = () => {}, autoplay = true, loop = false } = {}) {
    this.container = container;
    this.onTime = onTime;
    this.run = null;
    this.frame = null;
    this.lastAnnounce = -Infinity;
    this.settleTimer = 0;
    this.els = buildDom(container, `sv${++instances}`);
    this.schematic = new Schematic(this.els.canvas);
    this.playback = new Playback({
      autoplay,
      loop,
      onFrame: (t) => this.render(t),
      onStateChange: (s) => this.stateChanged(s),
    });
    this.els.loop.setAttribute('aria-pressed', String(loop));
    this.bindEvents();
    this.installTestHook();
  }

  /** The time shown [s]. */
  get time() {
    return this.playback.time;
  }

  /**
   * Shows a new run. The time stays where it is if the new run reaches it, and playback goes on
   * (a slider drag replaces the run many times a second); the first run autoplays.
   * @param {{columns: object, summary?: object, system?: object}} run
   */
  setRun(run) {
    if (!run || !run.columns || !run.columns.t || run.columns.t.length === 0) return; // nothing to show
    this.run = run;
    this.schematic.setRun(run);
    const { start, end } = runSpan(run);
    this.els.scrub.min = String(start);
    this.els.scrub.max = String(end);
    this.playback.setRun(run);
    this.els.speed.value = String(this.playback.speed);
    this.announceSoon();
  }

  /** Moves to time t [s] (clamped to the run). */
  seek(t) {
    this.playback.seek(t);
    this.announceSoon();
  }

  /** Starts playing (from the start if the run had ended). */
  play() {
    this.playback.play();
  }

  /** Pauses. */
  pause() {
    this.playback.pause();
  }

  /** Stops playback, removes the view's DOM, listeners and test hook. */
  destroy() {
    clearTimeout(this.settleTimer);
    this.playback.destroy();
    this.schematic.destroy();
    this.container.removeEventListener('keydown', this.onKeyDown);
    this.container.replaceChildren();
    if (globalThis.__systemView === this.testHook) expose('systemView', undefined);
  }

  /** Draws the frame at t and moves every readout there; called by playback on each change. */
  render(t) {
    if (!this.run) return;
    const frame = frameAt(this.run, t);
    this.frame = frame;
    this.schematic.draw(frame, { playing: this.playback.playing });
    const { scrub, clock } = this.els;
    const { start, end } = runSpan(this.run);
    scrub.value = String(t);
    const text = clockText(frame.t, end - start);
    if (clock.textContent !== text) clock.textContent = text;
    if (this.playback.playing && performance.now() - this.lastAnnounce >= ANNOUNCE_MS)
      this.announce();
    this.onTime(t);
  }

  /** Updates the live text and the scrubber's spoken value now. */
  announce() {
    if (!this.run || !this.frame) return;
    clearTimeout(this.settleTimer);
    this.lastAnnounce = performance.now();
    const text = describeFrame(this.frame, this.run);
    if (this.els.status.textContent !== text) this.els.status.textContent = text;
    const { start, end } = runSpan(this.run);
    this.els.scrub.setAttribute(
      'aria-valuetext',
      `${sayTime(this.frame.t, end - start)} s of ${sayTime(end, end - start)} s`,
    );
  }

  /** Announces once the time or the run has stopped changing for a moment. */
  announceSoon() {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.announce(), SETTLE_MS);
  }

  /** Playback started, paused or ended: the button says what it will do next. */
  stateChanged({ playing, ended }) {
    const state = playing ? BUTTON_STATES.pause : ended ? BUTTON_STATES.replay : BUTTON_STATES.play;
    this.els.play.querySelector('.sv-icon').textContent = state.icon;
    this.els.play.querySelector('.sv-button-text').textContent = state.text;
    this.container.classList.toggle('is-playing', playing);
    if (playing) return;
    // Redrawn as a still: the ground's hatching, faded while it moved fast, comes back.
    if (this.frame) this.schematic.draw(this.frame);
    this.announce();
  }

  /** Wires the controls and the keyboard. */
  bindEvents() {
    const { play, back, forward, speed, scrub, loop } = this.els;
    play.addEventListener('click', () => this.playback.toggle());
    loop.addEventListener('click', () => {
      const on = loop.getAttribute('aria-pressed') !== 'true';
      loop.setAttribute('aria-pressed', String(on));
      this.playback.setLoop(on);
    });
    back.addEventListener('click', () => this.step(-1));
    forward.addEventListener('click', () => this.step(1));
    speed.addEventListener('change', () => {
      this.playback.setSpeed(speed.value === 'fit' ? 'fit' : Number(speed.value));
    });
    scrub.addEventListener('input', () => this.seek(Number(scrub.value)));
    // A drag pauses playback, which would otherwise pull the thumb from under the finger, and
    // resumes it when the pointer lets go (wherever it is then).
    scrub.addEventListener('pointerdown', () => {
      if (!this.playback.playing) return;
      this.playback.pause();
      const resume = () => this.playback.play();
      window.addEventListener('pointerup', resume, { once: true });
      window.addEventListener('pointercancel', resume, { once: true });
    });
    this.onKeyDown = (event) => this.keyDown(event);
    this.container.addEventListener('keydown', this.onKeyDown);
  }

  /** One step back or forward (playback pauses), announced at once. */
  step(direction) {
    this.playback.step(direction);
    this.announce();
  }

  /** Space plays/pauses and ←/→ step, unless the focused control needs the key itself. */
  keyDown(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key === 'Spacebar' ? ' ' : event.key;
    if (key !== ' ' && key !== 'ArrowLeft' && key !== 'ArrowRight') return;
    if (controlOwnsKey(event.target, key, this.els.scrub)) return;
    event.preventDefault();
    if (key === ' ') this.playback.toggle();
    else this.step(key === 'ArrowLeft' ? -1 : 1);
  }

  /** window.__systemView: what browser tests read (time, playing, the frame, frame timing). */
  installTestHook() {
    const view = this;
    this.testHook = {
      get time() {
        return view.playback.time;
      },
      get playing() {
        return view.playback.playing;
      },
      get ended() {
        return view.playback.ended;
      },
      get speed() {
        return view.playback.speed;
      },
      get loop() {
        return view.playback.loop;
      },
      get frame() {
        return view.frame;
      },
      /** The drawing's labels in the last frame: their boxes, and the shapes they keep off. */
      get labels() {
        return view.schematic.labelBoxes;
      },
      stats: () => view.playback.stats(),
      resetStats: () => view.playback.resetStats(),
    };
    expose('systemView', this.testHook);
  }
}
