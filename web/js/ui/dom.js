// The one DOM helper the page's modules share.

/** document.createElement with properties and children. */
export function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}
