// A short-lived notice after a change that replaced what the user had (a preset, a reset, a change
// of model that cleared the pinned runs, Reset all): what happened, Undo, at most one more action
// (Clear the pinned runs), and × to dismiss it. It stays at the foot of the window, wherever the user is on the
// page, for SHOWN_MS, and longer while the pointer is on it or the focus in it (a reader must have
// the time to reach its buttons). Loaded on demand, with its styles: most visits never need it.

import { el } from './dom.js';

/** How long the notice stays once nothing holds it [ms]. */
const SHOWN_MS = 12_000;

const STYLES = `
.undo-notice { position: fixed; z-index: 20; inset-inline: 0; bottom: 1rem; width: fit-content;
  max-width: calc(100% - 2rem); margin-inline: auto; display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.5rem 0.75rem; padding: 0.6rem 0.9rem; border-radius: 10px; background: #1f2933; color: #fff;
  box-shadow: 0 4px 16px rgb(16 24 40 / 30%); font-size: 0.95rem; }
.undo-notice p { margin: 0; }
.undo-notice button { background: #fff; color: #1f2933; border: 1px solid #fff; }
.undo-notice button:focus-visible { outline-color: #8ab4ff; }
.undo-notice .undo-dismiss { background: transparent; color: #fff; border-color: transparent; font-size: 1.2rem;
  line-height: 1; padding: 0.2rem 0.45rem; }`;

let notice = null;

/** The notice's element, built once inside the page's Notices region. */
function build() {
  document.head.append(el('style', { textContent: STYLES }));
  const text = el('p', { id: 'undo-text' });
  const box = el('div', { id: 'undo-notice', className: 'undo-notice', hidden: true }, text);
  box.setAttribute('role', 'status');
  document.querySelector('.page-notice').append(box);
  const state = { box, text, timer: 0, held: 0 };
  const hold = (delta) => {
    state.held = Math.max(0, state.held + delta);
    clearTimeout(state.timer);
    if (state.held === 0) state.timer = setTimeout(() => hide(state), SHOWN_MS);
  };
  box.addEventListener('pointerenter', () => hold(1));
  box.addEventListener('pointerleave', () => hold(-1));
  box.addEventListener('focusin', () => hold(1));
  box.addEventListener('focusout', () => hold(-1));
  state.hold = hold;
  return state;
}

function hide(state) {
  clearTimeout(state.timer);
  state.box.hidden = true;
  state.box.replaceChildren(state.text);
  state.held = 0;
}

/**
 * Shows `text` with Undo and the other `actions` ({label, run} each); a button runs its action and the
 * notice goes. A newer notice takes the place of one still shown (its Undo would no longer apply).
 * @param {string} text what happened, in a sentence
 * @param {() => void} undo takes it back
 * @param {{label: string, run: () => void}[]} [actions]
 */
export function showUndo(text, undo, actions = []) {
  notice ??= build();
  const state = notice;
  hide(state);
  state.text.textContent = text;
  for (const { label, run } of [{ label: 'Undo', run: undo }, ...actions]) {
    const button = el('button', { type: 'button', textContent: label });
    button.addEventListener('click', () => {
      hide(state);
      run();
    });
    state.box.append(button);
  }
  const dismiss = el('button', { type: 'button', className: 'undo-dismiss', textContent: '×' });
  dismiss.setAttribute('aria-label', 'Dismiss');
  dismiss.addEventListener('click', () => hide(state));
  state.box.append(dismiss);
  state.box.hidden = false;
  state.hold(0);
}
