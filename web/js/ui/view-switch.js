// The view switch at the top of the page: tabs in the WAI-ARIA pattern (role=tablist). Each tab
// shows its panel and hides the other; Left/Right/Home/End move between tabs, and a tab is
// selected when it receives focus, so the keyboard and the mouse do the same thing.

export class ViewSwitch {
  /** @type {HTMLButtonElement[]} */
  #tabs;
  #onSelect;

  /**
   * @param {HTMLElement} tablist holds the tabs (buttons with role=tab, aria-controls and data-view)
   * @param {(view: string) => void} onSelect called when the user selects a view
   */
  constructor(tablist, onSelect) {
    this.#tabs = [...tablist.querySelectorAll('[role="tab"]')];
    this.#onSelect = onSelect;
    for (const tab of this.#tabs) {
      tab.addEventListener('click', () => this.#choose(tab));
      tab.addEventListener('keydown', (event) => this.#key(event, tab));
    }
  }

  /** Shows `view` without telling the caller (used to restore the saved view). */
  show(view) {
    for (const tab of this.#tabs) {
      const selected = tab.dataset.view === view;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')).hidden = !selected;
    }
  }

  #choose(tab) {
    if (tab.getAttribute('aria-selected') === 'true') return;
    this.show(tab.dataset.view);
    this.#onSelect(tab.dataset.view);
  }

  #key(event, tab) {
    const index = this.#tabs.indexOf(tab);
    const last = this.#tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    this.#tabs[target].focus();
    this.#choose(this.#tabs[target]);
  }
}
