// "How it is computed": a dialog that shows how the spring-block view's current model or law is
// computed, as the seed app's Show Code button does. Everything in it comes from the engine's
// catalog (name, origin, symbols, citation) and from equations.json, the catalog's docs (equations
// with their notes, quirks, the seed's update loop) with each equation's TeX typeset to MathML at
// build time (build-scripts/equations.mjs; browsers lay out MathML natively, so no typesetting library
// is loaded; the start-up module carries no docs). equations.json is fetched the first time the
// dialog opens; the single-file build inlines it as globalThis.__frictionEquations. Without it the
// dialog says so and shows the rest.
//
// Catalog text is inserted with DOM APIs (textContent); the MathML, which our own build wrote, is
// parsed with a <template>.

import { el, loadStylesheet } from '../ui/dom.js';

const SOURCE = 'equations.json';
// The dialog's stylesheet comes with this module, on demand like it (inline in the single-file build).
loadStylesheet('equations.css');

/** @type {Promise<object> | null} equations.json, loaded once (retried after a failure). */
let typesetPromise = null;

/** Loads equations.json: inline in the single-file build, else fetched beside index.html. */
function loadTypeset() {
  if (globalThis.__frictionEquations) return Promise.resolve(globalThis.__frictionEquations);
  typesetPromise ??= fetch(new URL(SOURCE, document.baseURI))
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${SOURCE}`);
      return response.json();
    })
    .catch((error) => {
      typesetPromise = null;
      throw error;
    });
  return typesetPromise;
}

/** One <math> element from build-time MathML. */
function parseMath(mathml) {
  const template = document.createElement('template');
  template.innerHTML = mathml;
  const math = template.content.firstElementChild;
  return math?.localName === 'math' ? math : null;
}

/** Sets attributes on an element and returns it. */
function withAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** A heading and its content, as a <section> labelled by the heading. */
function section(id, title, ...children) {
  return withAttributes(
    el('section', { className: 'eq-section' }, el('h3', { id, textContent: title }), ...children),
    { 'aria-labelledby': id },
  );
}

/** A bulleted list of strings (quirks). */
function textList(items) {
  return el(
    'ul',
    { className: 'eq-quirks' },
    ...items.map((item) => el('li', { textContent: item })),
  );
}

/** The <details> holding one equation's TeX source, for copy-paste. */
function texDetails(tex, open) {
  return el(
    'details',
    { className: 'eq-tex', open },
    el('summary', { textContent: 'TeX source' }),
    el('pre', {}, el('code', { textContent: tex })),
  );
}

/**
 * The equations of one entry, each typeset beside its note.
 * @param {{tex: string, note: string, mathml: string}[]} equations from equations.json
 */
function equationList(equations) {
  return el(
    'ol',
    { className: 'eq-list' },
    ...equations.map(({ tex, note, mathml }) => {
      const math = parseMath(mathml);
      const box = el('div', { className: 'eq-math' });
      if (math) box.append(math);
      else box.append(el('code', { className: 'eq-fallback', textContent: tex }));
      return el(
        'li',
        { className: 'eq-item' },
        box,
        el(
          'div',
          { className: 'eq-text' },
          el('p', { className: 'eq-note', textContent: note }),
          texDetails(tex, false),
        ),
      );
    }),
  );
}

/** A symbol's cell: its typeset texSymbol, or its plain symbol without equations.json. */
function symbolCell(symbol, typeset) {
  const math = typeset?.symbols?.[symbol.texSymbol]
    ? parseMath(typeset.symbols[symbol.texSymbol])
    : null;
  const cell = el('td', { className: 'eq-symbol' });
  cell.append(math ?? el('span', { textContent: symbol.symbol }));
  return cell;
}

/** A unit, or a dash that a screen reader reads as "no unit". */
function unitCell(unit) {
  const cell = el('td', { className: 'eq-unit' });
  if (unit) cell.textContent = unit;
  else
    cell.append(
      withAttributes(el('span', { textContent: '—' }), { 'aria-hidden': 'true' }),
      el('span', { className: 'eq-sr', textContent: 'no unit' }),
    );
  return cell;
}

/**
 * A table of symbols: each one's typeset symbol, label, help and unit.
 * @param {string} caption
 * @param {{key: string, symbol: string, texSymbol: string, label: string, unit: string, help: string}[]} symbols
 */
function symbolTable(caption, symbols, typeset) {
  const head = el(
    'tr',
    {},
    ...['Symbol', 'Meaning', 'Unit'].map((text) => el('th', { scope: 'col', textContent: text })),
  );
  const rows = symbols.map((symbol) => {
    const row = el(
      'tr',
      {},
      symbolCell(symbol, typeset),
      el(
        'td',
        { className: 'eq-meaning' },
        el('strong', { textContent: symbol.label }),
        el('span', { className: 'eq-help', textContent: symbol.help }),
      ),
      unitCell(symbol.unit),
    );
    row.dataset.key = symbol.key;
    return row;
  });
  return el(
    'table',
    { className: 'eq-symbols' },
    el('caption', { textContent: caption }),
    el('thead', {}, head),
    el('tbody', {}, ...rows),
  );
}

/**
 * The seed's update loop as a <pre><code> block, one statement a line. Each line is its own block
 * whose wrapped continuation (on a phone) hangs under the statement, past the line's indentation.
 */
function updateLoop(text) {
  const lines = text.split('\n').map((line) => {
    const node = el('span', { className: 'eq-loop-line', textContent: `${line}\n` });
    node.style.setProperty('--indent', String(line.length - line.trimStart().length));
    return node;
  });
  return el('pre', { className: 'eq-loop' }, el('code', {}, ...lines));
}

/** The origin's citation. */
function citation(text) {
  return el('p', { className: 'eq-citation' }, 'Source: ', el('cite', { textContent: text }));
}

export class EquationsPanel {
  #dialog;
  #catalog;
  #getChoice;
  #content;
  #title;
  /** @type {HTMLElement | null} the element focused before the dialog opened, refocused on close */
  #opener = null;
  /** @type {object | null} equations.json once loaded */
  #typeset = null;
  /** @type {string} why equations.json could not be loaded, if it could not */
  #loadError = '';
  /**
   * Each equation's box and its content, watched: an equation can start to scroll sideways after the
   * dialog is drawn (a math font arriving, a scroll bar taking the dialog's width), not only when the
   * window resizes.
   */
  #sizes = new ResizeObserver(() => {
    if (this.#dialog.open) this.#markScrollable();
  });

  /**
   * @param {HTMLDialogElement} dialog the #equations-dialog of index.html
   * @param {{models: object[], laws: object[], system: object | null}} catalog the engine's catalog
   * @param {() => {kind: 'model' | 'law', id: string, entry: object}} getChoice the spring-block view's current choice
   */
  constructor(dialog, catalog, getChoice) {
    this.#dialog = dialog;
    this.#catalog = catalog;
    this.#getChoice = getChoice;
    this.#content = dialog.querySelector('.eq-content');
    this.#title = dialog.querySelector('#equations-title');
    dialog.querySelector('.eq-close').addEventListener('click', () => dialog.close());
    // A click on the backdrop (the dialog element itself, outside its frame) closes it too; not a
    // text selection that started inside and ended outside.
    let pressedOutside = false;
    dialog.addEventListener('pointerdown', (event) => {
      pressedOutside = event.target === dialog;
    });
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog && pressedOutside) dialog.close();
    });
    dialog.addEventListener('close', () => {
      this.#opener?.focus();
      this.#opener = null;
    });
  }

  /**
   * Opens the dialog for the current choice; on close, focus returns to `opener` (the button).
   * @param {HTMLElement} [opener]
   */
  async open(opener = document.activeElement) {
    if (this.#dialog.open) return;
    this.#opener = opener;
    const choice = this.#getChoice();
    this.#render(choice);
    this.#dialog.showModal();
    this.#content.scrollTop = 0;
    this.#markScrollable();
    if (this.#typeset) return;
    try {
      this.#typeset = await loadTypeset();
      this.#loadError = '';
    } catch (error) {
      this.#loadError = error.message;
    }
    // Still open on the same choice: show it typeset (or say why it is not).
    if (this.#dialog.open && this.#getChoice() === choice) {
      this.#render(choice);
      this.#markScrollable();
    }
  }

  /** Builds the dialog's content for a choice: its docs once equations.json is loaded. */
  #render({ kind, id, entry }) {
    this.#title.textContent = entry.name;
    const typeset = this.#typeset;
    const isLaw = kind === 'law';
    const docs = typeset?.[isLaw ? 'laws' : 'models']?.[id];
    const parts = [this.#intro(entry, isLaw)];
    if (docs) parts.push(section('eq-own-title', 'Equations', equationList(docs.equations)));
    const tables = [
      symbolTable(isLaw ? 'Parameters of the law' : 'Parameters', entry.params, typeset),
    ];
    if (entry.state?.length) tables.push(symbolTable('State variables', entry.state, typeset));
    parts.push(section('eq-symbols-title', 'Symbols', ...tables), citation(entry.citation));
    if (docs) parts.push(...this.#docsSections(docs, isLaw, typeset));
    this.#content.replaceChildren(...parts);
    this.#sizes.disconnect();
    for (const box of this.#content.querySelectorAll('.eq-math')) {
      this.#sizes.observe(box);
      for (const child of box.children) this.#sizes.observe(child);
    }
  }

  /** After the symbols: the origin's quirks, for a law the system it drives, the seed's update loop. */
  #docsSections(docs, isLaw, typeset) {
    const parts = [];
    if (docs.quirks.length) {
      parts.push(
        section(
          'eq-quirks-title',
          'How the origin computes it (quirks kept)',
          textList(docs.quirks),
        ),
      );
    }
    // A law drives the spring-block system: its equations too (m dv/dt = Fd − F).
    if (isLaw && this.#catalog.system) parts.push(this.#systemSection(typeset));
    if (docs.updateLoop) {
      parts.push(
        section(
          'eq-loop-title',
          "The seed app's update loop, as it steps it",
          updateLoop(docs.updateLoop),
        ),
      );
    }
    return parts;
  }

  /** The origin, the description, and the loading state of the typeset equations. */
  #intro(entry, isLaw) {
    const intro = el('div', { className: 'eq-intro' });
    if (isLaw && entry.origin)
      intro.append(
        el(
          'p',
          { className: 'eq-origin' },
          'Origin: ',
          el('strong', { textContent: entry.origin }),
        ),
      );
    intro.append(el('p', { className: 'eq-description', textContent: entry.description }));
    const status = withAttributes(el('p', { className: 'eq-status' }), { role: 'status' });
    if (this.#loadError) {
      status.textContent =
        `The equations could not be loaded (${this.#loadError}); ` +
        'try again when the page can reach its files.';
      status.classList.add('is-error');
    } else if (!this.#typeset) {
      status.textContent = 'Loading the equations…';
    }
    intro.append(status);
    return intro;
  }

  /** For a law: the spring-block system it drives, with its equations, symbols, quirks and citation. */
  #systemSection(typeset) {
    const system = this.#catalog.system;
    const parts = [
      el('p', { className: 'eq-description', textContent: system.description }),
      equationList(typeset.system.equations),
      symbolTable(`Parameters of the ${system.name.toLowerCase()}`, system.params, typeset),
    ];
    if (typeset.system.quirks.length)
      parts.push(
        el('h4', { textContent: 'How the system is computed (quirks kept)' }),
        textList(typeset.system.quirks),
      );
    parts.push(citation(system.citation));
    return section('eq-system-title', `The system it drives: ${system.name}`, ...parts);
  }

  /** An equation that scrolls sideways becomes focusable, so a keyboard can scroll it. */
  #markScrollable() {
    for (const box of this.#content.querySelectorAll('.eq-math')) {
      if (box.scrollWidth > box.clientWidth + 1) {
        withAttributes(box, {
          tabindex: '0',
          role: 'group',
          'aria-label': 'Equation (scrolls sideways)',
        });
      } else {
        for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
      }
    }
  }
}
