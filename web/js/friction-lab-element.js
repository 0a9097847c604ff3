// <friction-lab>: Friction Lab in any page that allows scripts (Quarto, Jupyter Book, reveal.js slides),
// loaded by one script tag from the host that serves Friction Lab:
//
//   <script type="module" src="https://example.org/friction-lab/js/friction-lab-element.js"></script>
//   <friction-lab scenario='{"law":"coulomb","params":{"mu_s":0.6,"mu_k":0.4}}' controls="c,mu_k"></friction-lab>
//
// Attributes (all optional; the Embed dialog writes them):
//   scenario   the run, as JSON in the scenario format (docs/reference/scenario.md); default: the page's
//   show       the parts shown, comma-separated: system, forces, relative, phase, readouts (default
//              system,forces)
//   controls   the parameters a reader may change, comma-separated keys (default: none)
//   play       "paused": start paused at the first break-away (default: playing)
//   loop       present: play in a loop
//   height     a fixed height in CSS pixels; without it the element takes the height the page tells it
//              (responsive: it fits any width)
//   label      the frame's accessible name (default "Friction Lab")
// The element holds an <iframe> of the page's embed mode (?embed=1, state/embed.js), so the host's styles
// and scripts never meet the page's. Nothing here is loaded by the page itself.

const SITE = new URL('../', import.meta.url);
const HEIGHT_MESSAGE = 'friction-lab:height';
const OBSERVED = ['scenario', 'show', 'controls', 'play', 'loop', 'height', 'label'];

/** The embedded page's address for the element's attributes. */
function embedUrl(element) {
  const url = new URL(SITE);
  url.searchParams.set('embed', '1');
  for (const name of ['show', 'controls']) {
    const value = element.getAttribute(name);
    if (value) url.searchParams.set(name, value.replace(/\s+/g, ''));
  }
  if (element.getAttribute('play') === 'paused') url.searchParams.set('play', 'paused');
  if (element.hasAttribute('loop')) url.searchParams.set('loop', '1');
  if (!element.hasAttribute('height')) url.searchParams.set('size', 'responsive');
  const scenario = element.getAttribute('scenario');
  // The page reads its settings from the link; a scenario that is not JSON is passed on as it is, for
  // the page to report.
  if (scenario) url.hash = `state=${encodeURIComponent(settingsOf(scenario))}`;
  return url.href;
}

/** The page's settings (state/settings.js) that show `scenario` in the spring-block view. */
function settingsOf(scenario) {
  try {
    return JSON.stringify({
      version: 2,
      view: 'spring',
      spring: { scenario: JSON.parse(scenario) },
    });
  } catch {
    return scenario;
  }
}

class FrictionLabElement extends HTMLElement {
  static observedAttributes = OBSERVED;
  #frame = null;

  connectedCallback() {
    if (!this.#frame) this.#build();
    window.addEventListener('message', this.#onMessage);
    this.#update();
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback() {
    if (this.#frame) this.#update();
  }

  #build() {
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent =
      ':host { display: block; } iframe { display: block; width: 100%; border: 0; min-height: 320px; }';
    this.#frame = document.createElement('iframe');
    this.#frame.setAttribute('allowfullscreen', '');
    this.#frame.setAttribute('loading', 'lazy');
    root.append(style, this.#frame);
  }

  #update() {
    const frame = this.#frame;
    frame.title = this.getAttribute('label') || 'Friction Lab';
    const height = Number(this.getAttribute('height'));
    if (height > 0) frame.style.height = `${height}px`;
    const url = embedUrl(this);
    if (frame.src !== url) frame.src = url;
  }

  /** A responsive frame takes the height its page tells it. */
  #onMessage = (event) => {
    if (event.source !== this.#frame?.contentWindow || this.hasAttribute('height')) return;
    if (event.data?.type !== HEIGHT_MESSAGE || !(event.data.height > 0)) return;
    this.#frame.style.height = `${event.data.height}px`;
  };
}

if (!customElements.get('friction-lab')) customElements.define('friction-lab', FrictionLabElement);
