// The DOM helpers the page's modules share: elements, and the stylesheets views load on demand.

/** document.createElement with properties and children. */
export function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
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
  const applied = new Promise((resolve) => { link.onload = link.onerror = () => resolve(); });
  document.head.append(link);
  return applied;
}
