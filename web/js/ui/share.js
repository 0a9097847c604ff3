// Copy link: the page's address with its state. The clipboard may be refused (an insecure page, a
// denied permission): then the link is shown, selected, for the user to copy.

/**
 * @param {import('../state/store.js').Store} store
 * @param {{button: HTMLButtonElement, status: HTMLElement, text: HTMLInputElement}} ui
 */
export function wireCopyLink(store, ui) {
  ui.button.addEventListener('click', async () => {
    store.persist();
    store.flush(); // the address now, not within the drag's throttle
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      ui.status.textContent = 'Link copied.';
      ui.text.hidden = true;
    } catch {
      ui.status.textContent = 'Copy this link:';
      ui.text.value = link;
      ui.text.hidden = false;
      ui.text.select();
    }
  });
}
