// The DOM helpers the page's modules share: elements, and the stylesheets views load on demand.

/** document.createElement with properties and children. */
export function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Shows a page notice; a second one while the first is shown is added to it, not put in its place. */
export function showNotice(text) {
  const notice = document.getElementById('notice');
  notice.textContent = notice.hidden ? text : `${notice.textContent} ${text}`;
  notice.hidden = false;
}

/**
 * Sets a node's text, only where it differs. The page rewrites its notes and status at every change
 * of a drag; an unchanged write still costs a layout and a paint of the page before the engine's
 * reply can be drawn.
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Shows or hides an element (its `hidden`), only where that changes it (see setText). */
export function setHidden(node, hidden) {
  if (node.hidden !== hidden) node.hidden = hidden;
}

/**
 * Adds a view's own stylesheet `name` (e.g. 'explorer.css') when the view is first built: the page's
 * start-up download carries only the styles every visitor needs. In the single-file build the sheets
 * come inline (globalThis.__frictionCss, written by build-scripts/single-file.mjs); else they are linked
 * from beside index.html. The promise resolves once the sheet applies (or failed to load).
 */
export function loadStylesheet(name) {
  const inline = globalThis.__frictionCss?.[name];
  if (inline !== undefined) {
    document.head.append(el('style', { textContent: inline }));
    return Promise.resolve();
  }
  const link = el('link', { rel: 'stylesheet', href: new URL(name, document.baseURI).href });
  const applied = new Promise((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return applied;
}
