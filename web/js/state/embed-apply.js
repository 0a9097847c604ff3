// Applies embed mode (embed.js reads its options): loaded only by an embedded page, so the page's
// start-up download does not carry it (nor its layout, embed.css) for every other visitor.

import { loadStylesheet } from '../ui/dom.js';

/**
 * The parts an embed can show (embed.js: what it shows when ?show= names none). Here, not in embed.js:
 * a module shared by the start-up bundle and this one would become a start-up file of its own.
 */
const PARTS = ['system', 'forces', 'relative', 'phase', 'readouts'];

/**
 * In embed mode, shows only the chosen controls, and the settings panel only if one is chosen; a
 * chosen key that the shown model or law does not have is reported, not silently dropped.
 * @param {{on: boolean, controls: Set<string>, show: Set<string>}} embed
 * @param {(text: string) => void} notify shows a page notice
 */
export function applyEmbed(embed, notify) {
  if (!embed.on) return;
  for (const part of PARTS) document.body.classList.toggle(`embed-${part}`, embed.show.has(part));
  document.body.classList.toggle('embed-responsive', embed.responsive);
  // The regime line and the chosen controls join the stage's grid (embed.css): beside the drawing in a
  // wide frame, around it in a narrow one.
  const stage = document.querySelector('#stage');
  const side = Object.assign(document.createElement('div'), { className: 'embed-side' });
  side.append(stage.querySelector('.stage-head'), document.querySelector('#view-spring .controls'));
  stage.prepend(side);
  loadStylesheet('embed.css').then(tellHeight);
  dropTimeTitle();
  const unknownParts = [...embed.show].filter((part) => !PARTS.includes(part));
  if (unknownParts.length > 0)
    notify(
      `This embed asks to show ${unknownParts.map((part) => `'${part}'`).join(', ')}, which is not a part of the page; the parts are: ${PARTS.join(', ')}.`,
    );
  const rows = [...document.querySelectorAll('#view-spring .param')];
  for (const row of rows) row.hidden = !embed.controls.has(row.dataset.key);
  document.querySelector('#view-spring .controls').hidden = !rows.some((row) => !row.hidden);
  const known = new Set(rows.map((row) => row.dataset.key));
  const unknown = [...embed.controls].filter((key) => !known.has(key));
  if (unknown.length > 0) {
    notify(
      `This embed asks for control${unknown.length === 1 ? '' : 's'} ${unknown.map((key) => `'${key}'`).join(', ')}, ` +
        `which the shown model does not have; its controls are: ${[...known].join(', ')}.`,
    );
  }
}

/** The message an embedded page sends its host with its height (the Embed dialog's parent script reads it). */
export const HEIGHT_MESSAGE = 'friction-lab:height';

/**
 * Tells the host page the document's height whenever it changes, so that a responsive frame (the
 * dialog's ten-line script, or <friction-lab>) takes it: {type: 'friction-lab:height', height} [CSS px].
 * Any origin may read it: a height is no secret, and the page cannot know where it is embedded.
 */
function tellHeight() {
  if (window.parent === window) return;
  let sent = 0;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}

/**
 * The forces chart without its time axis's title (the ticks and the drawing's clock say the time): in a
 * small frame those 18 px go to the plot.
 */
function dropTimeTitle() {
  const chart = globalThis.Chart?.getChart('chart-forces');
  if (!chart) return;
  chart.options.scales.x.title.display = false;
  chart.update('none');
}
