// Embed mode (?embed=1): the spring-block view only, with the controls named in ?controls= (keys,
// comma-separated, e.g. controls=c,eta) and the parts named in ?show= (system, forces, relative,
// phase, readouts; default system,forces). ?play=paused starts paused (at the first break-away), ?loop=1
// plays in a loop, ?size=responsive sizes the page to its width (the host's frame follows the height it
// is told by postMessage) instead of filling a fixed frame. Its settings come from the link (#state=…) and
// are never saved: an embedded page must not change what the reader saved. Notices stay visible. What
// an embed shows is applied by embed-apply.js, loaded only by an embedded page; the code to paste is the
// Embed dialog's (ui/embed-dialog.js).

/** What an embed shows when ?show= names no part (embed-apply.js lists the parts). */
const DEFAULT_PARTS = ['system', 'forces'];

/**
 * @param {string} search location.search
 * @returns {{on: boolean, controls: Set<string>, show: Set<string>, autoplay: boolean, loop: boolean,
 *   responsive: boolean}}
 */
export function embedOptions(search) {
  const query = new URLSearchParams(search);
  const list = (name) =>
    new Set(
      (query.get(name) ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    );
  const show = list('show');
  const on = query.get('embed') === '1';
  return {
    on,
    controls: list('controls'),
    show: show.size > 0 ? show : new Set(DEFAULT_PARTS),
    autoplay: !on || query.get('play') !== 'paused',
    loop: on && query.get('loop') === '1',
    responsive: on && query.get('size') === 'responsive',
  };
}
