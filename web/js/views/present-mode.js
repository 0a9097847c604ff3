// Present mode, for a lesson on a projector: full screen (where the browser allows it), the system,
// the charts and the key sliders large, help text hidden (present.css, body.present). Esc or the
// button ends it. Used by the spring-block view (views/spring-view.js).

import { applyChartDefaults } from '../charts/common.js';
import { loadStylesheet } from '../ui/dom.js';

/** The charts' text follows the root font Present mode sets: every chart is drawn again with it. */
function restyleCharts() {
  applyChartDefaults();
  for (const chart of Object.values(globalThis.Chart?.instances ?? {})) chart.update('none');
}

/** Present mode's stylesheet, loaded the first time it starts. */
let presentStyles = null;

/** Makes `button` start and end Present mode. */
export function wirePresentMode(button) {
  const set = (on) => {
    document.body.classList.toggle('present', on);
    // The root's font grows with the window (present.css): rem sizes and the charts' text follow.
    document.documentElement.classList.toggle('present', on);
    button.setAttribute('aria-pressed', String(on));
    button.textContent = on ? 'End presenting' : 'Present';
    requestAnimationFrame(restyleCharts);
  };
  button.addEventListener('click', async () => {
    const on = !document.body.classList.contains('present');
    // Its stylesheet comes the first time (a local file: well within the click's activation for full screen).
    if (on) await (presentStyles ??= loadStylesheet('present.css'));
    set(on);
    try {
      if (on && !document.fullscreenElement) await document.documentElement.requestFullscreen?.();
      if (!on && document.fullscreenElement) await document.exitFullscreen();
    } catch {
      // Full screen refused (an iframe without allowfullscreen, a browser setting): present in the window.
    }
  });
  document.addEventListener('fullscreenchange', () => {
    if (!document.fullscreenElement && document.body.classList.contains('present')) set(false);
  });
}

/** Marks the key controls Present mode keeps: the model's or law's first parameter, and c, η, v0. */
export function markKeyControls({ modelParams, lawParams }) {
  for (const container of [modelParams, lawParams]) {
    [...container.children].forEach((row, index) => row.classList.toggle('is-key', index === 0));
  }
}
