// The Present button of the spring-block view (views/spring-view.js) and the key controls Present mode
// keeps. What Present mode does (views/present-mode.js) is loaded at the button's first press; the
// charts' defaults are passed to it from here, so that the start-up modules stay in their chunks.

import { applyChartDefaults } from '../charts/common.js';

/** Makes `button` start and end Present mode. */
export function wirePresentMode(button) {
  button.addEventListener('click', () =>
    import('./present-mode.js').then(({ togglePresent }) =>
      togglePresent(button, applyChartDefaults),
    ),
  );
}

/** Marks the key controls Present mode keeps: the model's or law's first parameter, and c, η, v0. */
export function markKeyControls({ modelParams, lawParams }) {
  for (const container of [modelParams, lawParams]) {
    [...container.children].forEach((row, index) => row.classList.toggle('is-key', index === 0));
  }
}
