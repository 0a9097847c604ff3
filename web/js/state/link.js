// The share link: the whole settings as JSON in the address's #state=…, and reading it back even
// when it was cut short.

const LINK_PREFIX = '#state=';

/** The JSON text a location hash carries (#state=…), or null if it carries none. */
export function linkState(hash) {
  if (!hash.startsWith(LINK_PREFIX)) return null;
  // A link cut short may end inside an escape ("%2" of "%22"): that escape is dropped with the rest.
  const text = hash.slice(LINK_PREFIX.length).replace(/%[0-9a-fA-F]?$/, '');
  try {
    return decodeURIComponent(text);
  } catch {
    return ''; // a malformed escape: reported as unreadable
  }
}

/** The hash that carries `settings`: what a shared link ends with. */
export function linkHash(settings) {
  return LINK_PREFIX + encodeURIComponent(JSON.stringify(settings));
}

/**
 * Parses settings JSON; text cut short (a truncated link) gives the longest prefix that ends after a
 * complete value, with its open objects and arrays closed, so every field it fully holds is kept.
 * A value is complete only where the original text goes on with `,`, `}` or `]`: a number cut in
 * the middle ("12" of "123") is never taken for a value.
 * (Our own few lines rather than a library: the page has no bundler, and this is all it needs.)
 * @param {string} text
 * @returns {{value: unknown, cut: boolean}} value undefined if nothing can be read
 */
export function readSettingsText(text) {
  try {
    return { value: JSON.parse(text), cut: false };
  } catch {
    // cut short or damaged: try the complete prefixes below
  }
  for (let end = text.length - 1; end > 0; end--) {
    if (!',}]'.includes(text[end])) continue;
    const closers = closersAfter(text, end);
    if (closers === null) continue;
    try {
      return { value: JSON.parse(text.slice(0, end) + closers), cut: true };
    } catch {
      // not a complete value here either
    }
  }
  return { value: undefined, cut: true };
}

/** The brackets that close what is open at text[0..end), or null inside a string. */
function closersAfter(text, end) {
  const open = [];
  let inString = false;
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') open.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') open.pop();
  }
  return inString ? null : open.reverse().join('');
}
