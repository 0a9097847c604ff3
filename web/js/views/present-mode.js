// Present mode, for a lesson on a projector: full screen (where the browser allows it), the system,
// the charts and the key sliders large, help text hidden (present.css, body.present). Esc or the
// button ends it. Loaded at the Present button's first press (views/present-button.js).

import { loadStylesheet } from '../ui/dom.js';

/** Present mode's stylesheet, loaded the first time it starts. */
let presentStyles = null;
/** The button whose mode leaving full screen ends (listened for from the first press on), and the
 * charts' defaults (charts/common.js's applyChartDefaults), which follow the root font. */
let presentButton = null;
let applyChartDefaults = null;

/** The charts' text follows the root font Present mode sets: every chart is drawn again with it. */
function restyleCharts() {
  applyChartDefaults();
  for (const chart of Object.values(globalThis.Chart?.instances ?? {})) chart.update('none');
}

function setPresent(button, on) {
  document.body.classList.toggle('present', on);
  // The root's font grows with the window (present.css): rem sizes and the charts' text follow.
  document.documentElement.classList.toggle('present', on);
  button.setAttribute('aria-pressed', String(on));
  button.textContent = on ? 'End presenting' : 'Present';
  requestAnimationFrame(restyleCharts);
}

/** Starts Present mode from `button`, or ends it; `chartDefaults` sets the charts' text size. */
export async function togglePresent(button, chartDefaults) {
  applyChartDefaults = chartDefaults;
  if (presentButton === null)
    document.addEventListener('fullscreenchange', () => {
      if (!document.fullscreenElement && document.body.classList.contains('present'))
        setPresent(presentButton, false);
    });
  presentButton = button;
  const on = !document.body.classList.contains('present');
  // Its stylesheet comes the first time (a local file: well within the click's activation for full screen).
  if (on) await (presentStyles ??= loadStylesheet('present.css'));
  setPresent(button, on);
  try {
    if (on && !document.fullscreenElement) await document.documentElement.requestFullscreen?.();
    if (!on && document.fullscreenElement) await document.exitFullscreen();
  } catch {
    // Full screen refused (an iframe without allowfullscreen, a browser setting): present in the window.
  }
}
