// Embed mode (?embed=1): the spring-block view only, with the controls named in ?controls= (keys,
// comma-separated, e.g. controls=c,eta) and the parts named in ?show= (system, forces, relative,
// phase, readouts; default system,forces). Its settings come from the link (#state=…) and are never
// saved: an embedded page must not change what the reader saved. Notices stay visible.

/** The parts an embed can show, and what it shows when ?show= names none. */
const PARTS = ['system', 'forces', 'relative', 'phase', 'readouts'];
const DEFAULT_PARTS = ['system', 'forces'];

/**
 * @param {string} search location.search
 * @returns {{on: boolean, controls: Set<string>, show: Set<string>}}
 */
export function embedOptions(search) {
  const query = new URLSearchParams(search);
  const list = (name) => new Set((query.get(name) ?? '').split(',').map((key) => key.trim()).filter(Boolean));
  const show = list('show');
  return { on: query.get('embed') === '1', controls: list('controls'), show: show.size > 0 ? show : new Set(DEFAULT_PARTS) };
}

/**
 * In embed mode, shows only the chosen controls, and the settings panel only if one is chosen; a
 * chosen key that the shown model or law does not have is reported, not silently dropped.
 * @param {{on: boolean, controls: Set<string>, show: Set<string>}} embed
 * @param {(text: string) => void} notify shows a page notice
 */
export function applyEmbed(embed, notify) {
  if (!embed.on) return;
  for (const part of PARTS) document.body.classList.toggle(`embed-${part}`, embed.show.has(part));
  const unknownParts = [...embed.show].filter((part) => !PARTS.includes(part));
  if (unknownParts.length > 0) notify(`This embed asks to show ${unknownParts.map((part) => `'${part}'`).join(', ')}, which is not a part of the page; the parts are: ${PARTS.join(', ')}.`);
  const rows = [...document.querySelectorAll('#view-spring .param')];
  for (const row of rows) row.hidden = !embed.controls.has(row.dataset.key);
  document.querySelector('#view-spring .controls').hidden = !rows.some((row) => !row.hidden);
  const known = new Set(rows.map((row) => row.dataset.key));
  const unknown = [...embed.controls].filter((key) => !known.has(key));
  if (unknown.length > 0) {
    notify(`This embed asks for control${unknown.length === 1 ? '' : 's'} ${unknown.map((key) => `'${key}'`).join(', ')}, `
      + `which the shown model does not have; its controls are: ${[...known].join(', ')}.`);
  }
}
