// The Embed dialog (issue 28): the code to paste to show the spring-block view's run in another page,
// as an <iframe> (fixed size, or responsive with the ten-line script that gives the frame the height the
// page tells it), or as the <friction-lab> element (js/friction-lab-element.js) where scripts are allowed.
// The reader chooses what it shows, which controls a reader may change, playing or paused, and the size.
// Loaded, with its stylesheet, the first time "Embed…" is pressed. The embedded page's options are
// state/embed.js's; its height messages are state/embed-apply.js's.

import { el, loadStylesheet } from './dom.js';

/** The parts an embed shows (state/embed-apply.js), with their names here; the first two by default. */
const PARTS = [
  ['system', 'The system, animated'],
  ['forces', 'Forces on the block'],
  ['relative', 'Relative values'],
  ['phase', 'Phase portrait'],
  ['readouts', 'Readouts (regime, period…)'],
];
const HEIGHT_MESSAGE = 'friction-lab:height';

let stylesReady = null;
let dialog = null;

/**
 * Opens the dialog for the shown run.
 * @param {{store: import('../state/store.js').Store, catalog: object, opener: HTMLElement}} page
 */
export async function openEmbedDialog({ store, catalog, opener }) {
  stylesReady ??= loadStylesheet('embed-dialog.css');
  await stylesReady;
  dialog?.remove();
  dialog = buildDialog(store.settings.spring.scenario, catalog);
  document.body.append(dialog);
  dialog.addEventListener('close', () => opener.focus(), { once: true });
  dialog.showModal();
}

/** The site's address (the page's folder) and its origin, for the code to paste. */
function site() {
  return new URL('.', location.href);
}

/** The parameters a reader could be given: the model's, or the system's and the law's. */
function controlsOf(scenario, catalog) {
  const model = catalog.models.find((entry) => entry.id === scenario.model);
  if (model) return model.params.filter((spec) => (spec.kind ?? 'number') === 'number');
  const law = catalog.laws.find((entry) => entry.id === scenario.law);
  const system = catalog.system?.params ?? [];
  const keys = new Set();
  return [...system, ...(law?.params ?? [])].filter(
    (spec) => (spec.kind ?? 'number') === 'number' && !keys.has(spec.key) && keys.add(spec.key),
  );
}

/** A fieldset of checkboxes, one per [value, label], those in `checked` ticked. */
function checkboxes(legend, name, items, checked) {
  return el(
    'fieldset',
    { className: 'embed-choice' },
    el('legend', { textContent: legend }),
    ...items.map(([value, label]) =>
      el(
        'label',
        { className: 'embed-check' },
        el('input', { type: 'checkbox', name, value, checked: checked.includes(value) }),
        ` ${label}`,
      ),
    ),
  );
}

/** A radio button with its label. */
function radio(name, value, label, checked = false) {
  return el(
    'label',
    { className: 'embed-check' },
    el('input', { type: 'radio', name, value, checked }),
    ` ${label}`,
  );
}

/** A number box with its label (the fixed size). */
function sizeBox(name, label, value) {
  return el(
    'label',
    { className: 'embed-size' },
    `${label} `,
    el('input', { type: 'number', name, value: String(value), min: '200', max: '4000', step: '1' }),
    ' px',
  );
}

/** A read-only code box with its heading and a Copy button. */
function codeBlock(id, heading) {
  const area = el('textarea', { id, readOnly: true, rows: 4, spellcheck: false });
  const copy = el('button', { type: 'button', textContent: 'Copy' });
  const status = el('span', { className: 'embed-copied', role: 'status' });
  copy.addEventListener('click', async () => {
    area.select();
    try {
      await navigator.clipboard.writeText(area.value);
      status.textContent = 'Copied.';
    } catch {
      status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
  const block = el(
    'div',
    { className: 'embed-code' },
    el('label', { htmlFor: id, textContent: heading }),
    area,
    el('div', { className: 'embed-copy' }, copy, status),
  );
  return { block, area };
}

/** The dialog's form: what to show, the controls, the animation and the size. */
function buildForm(scenario, catalog) {
  const controls = controlsOf(scenario, catalog).map((spec) => [
    spec.key,
    spec.symbol && spec.symbol !== spec.label ? `${spec.label} (${spec.symbol})` : spec.label,
  ]);
  return el(
    'form',
    { className: 'embed-form' },
    checkboxes('What it shows', 'part', PARTS, ['system', 'forces']),
    checkboxes('What a reader may change', 'control', controls, []),
    el(
      'fieldset',
      { className: 'embed-choice' },
      el('legend', { textContent: 'Animation' }),
      radio('play', 'playing', 'Playing', true),
      radio('play', 'paused', 'Paused at the first break-away'),
      el(
        'label',
        { className: 'embed-check' },
        el('input', { type: 'checkbox', name: 'loop' }),
        ' Loop',
      ),
    ),
    el(
      'fieldset',
      { className: 'embed-choice' },
      el('legend', { textContent: 'Size' }),
      radio('size', 'responsive', 'Responsive: the page’s full width, the height follows', true),
      radio('size', 'fixed', 'Fixed:'),
      sizeBox('width', 'width', 640),
      sizeBox('height', 'height', 480),
    ),
  );
}

/** The form's choices. */
function choices(form) {
  const data = new FormData(form);
  return {
    parts: data.getAll('part'),
    controls: data.getAll('control'),
    paused: data.get('play') === 'paused',
    loop: data.get('loop') !== null,
    responsive: data.get('size') === 'responsive',
    width: Math.round(Number(data.get('width'))) || 640,
    height: Math.round(Number(data.get('height'))) || 480,
  };
}

/** The embedded page's address for these choices. */
export function embedAddress(base, scenario, options) {
  const url = new URL(base);
  url.searchParams.set('embed', '1');
  if (options.parts.length > 0) url.searchParams.set('show', options.parts.join(','));
  if (options.controls.length > 0) url.searchParams.set('controls', options.controls.join(','));
  if (options.paused) url.searchParams.set('play', 'paused');
  if (options.loop) url.searchParams.set('loop', '1');
  if (options.responsive) url.searchParams.set('size', 'responsive');
  const settings = { version: 2, view: 'spring', spring: { scenario } };
  url.hash = `state=${encodeURIComponent(JSON.stringify(settings))}`;
  return url.href;
}

/** HTML attribute text. */
const attr = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The <iframe> to paste. */
function frameCode(address, title, options) {
  const size = options.responsive
    ? 'data-friction-lab style="width: 100%; height: 480px; border: 0"'
    : `width="${options.width}" height="${options.height}" style="border: 0; max-width: 100%"`;
  return `<iframe src="${attr(address)}" title="${attr(title)}" ${size} allowfullscreen loading="lazy"></iframe>`;
}

/** The ten lines a host page needs once for its responsive frames: each takes the height its page tells. */
export function parentScript(origin) {
  return [
    '<script>',
    '  // Friction Lab: a responsive frame takes the height its page tells it.',
    "  addEventListener('message', (event) => {",
    `    if (event.origin !== '${origin}' || event.data?.type !== '${HEIGHT_MESSAGE}') return;`,
    "    for (const frame of document.querySelectorAll('iframe[data-friction-lab]')) {",
    '      if (frame.contentWindow === event.source) frame.style.height = `${event.data.height}px`;',
    '    }',
    '  });',
    '</script>',
  ].join('\n');
}

/** The <friction-lab> element with its one script tag. */
function elementCode(base, scenario, options, title) {
  const attributes = [`scenario='${JSON.stringify(scenario).replaceAll("'", '&#39;')}'`];
  if (options.parts.length > 0) attributes.push(`show="${options.parts.join(',')}"`);
  if (options.controls.length > 0) attributes.push(`controls="${options.controls.join(',')}"`);
  if (options.paused) attributes.push('play="paused"');
  if (options.loop) attributes.push('loop');
  if (!options.responsive) attributes.push(`height="${options.height}"`);
  attributes.push(`label="${attr(title)}"`);
  const script = new URL('js/friction-lab-element.js', base).href;
  return `<script type="module" src="${script}"></script>\n<friction-lab ${attributes.join(' ')}></friction-lab>`;
}

/** The dialog, its code boxes following the form's choices. */
function buildDialog(scenario, catalog) {
  const form = buildForm(scenario, catalog);
  const frame = codeBlock('embed-frame-code', 'Paste this where the run should show (HTML):');
  const script = codeBlock('embed-script-code', 'Responsive: and these lines once in the page:');
  const element = codeBlock(
    'embed-element-code',
    'Or, where scripts are allowed (Quarto, Jupyter Book, reveal.js), this element:',
  );
  const preview = el('a', {
    target: '_blank',
    rel: 'noopener',
    textContent: 'Open the embedded page',
  });
  const subject = scenario.model ?? scenario.law;
  const title = `Friction Lab: ${[...catalog.models, ...catalog.laws].find((entry) => entry.id === subject)?.name ?? subject}`;
  const update = () => {
    const options = choices(form);
    const address = embedAddress(site(), scenario, options);
    frame.area.value = frameCode(address, title, options);
    script.area.value = parentScript(location.origin);
    script.block.hidden = !options.responsive;
    element.area.value = elementCode(site(), scenario, options, title);
    preview.href = address;
  };
  form.addEventListener('input', update);
  const close = el('button', { type: 'button', className: 'embed-close', textContent: 'Close' });
  const node = el(
    'dialog',
    { className: 'embed-dialog' },
    el(
      'div',
      { className: 'embed-top' },
      el('h2', { id: 'embed-title', textContent: 'Embed this run' }),
      close,
    ),
    form,
    frame.block,
    script.block,
    element.block,
    el('p', { className: 'embed-preview' }, preview),
  );
  node.setAttribute('aria-labelledby', 'embed-title');
  close.addEventListener('click', () => node.close());
  update();
  return node;
}
