// The engine names a refused value by its path in the request (issue 14): 'law', 'kick',
// 'params.mu_s', 'system.v0', 'system.v0[2]' (a velocity step), 'x.min' (a map's axis),
// 'scenario.params.mu_s' (a map's scenario), 'protocol.amplitude'. The page marks the control that
// holds that value; this splits the path into the part of the request and the key within it.

/**
 * @param {string | undefined} path the engine's `error.parameter`
 * @param {string} [root] a part the caller's request nests the rest in (a map's 'scenario'), dropped
 * @returns {{section: string, key: string | undefined}} section '' for a top-level field ('law',
 *   'kick', 'x'); an item of a list ('system.v0[2]') comes back as the list's key, whose control it is
 */
export function splitFieldPath(path, root = '') {
  if (typeof path !== 'string') return { section: '', key: undefined };
  const inRoot = root !== '' && path.startsWith(`${root}.`) ? path.slice(root.length + 1) : path;
  const bare = inRoot.replace(/\[\d+\]/g, '');
  const dot = bare.indexOf('.');
  return dot < 0
    ? { section: '', key: bare }
    : { section: bare.slice(0, dot), key: bare.slice(dot + 1) };
}
