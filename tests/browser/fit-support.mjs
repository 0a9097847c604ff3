// The Fit view's steps as a user takes them, shared by its browser tests: open the view, drop a file
// on the data box or paste text into it, wait for the engine's reading of the data, fit.

import { loadSite } from './harness.mjs';

/** Loads the page and opens the Fit view once its controls are live. */
export async function openFit(site, page) {
  await loadSite(site, page);
  await page.click('#tab-fit');
  await page.waitForFunction(
    () =>
      document.querySelector('#fit-run') && !document.querySelector('#fit-run').closest('[inert]'),
  );
}

/** Drops `text` on the data box as a file named `name`, as a user dragging it from their desktop. */
export async function dropFile(page, text, name = 'tribometer.csv') {
  await page.evaluate(
    ([text, name]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'text/csv' }));
      document
        .querySelector('#fit-csv')
        .dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
    },
    [text, name],
  );
  await page.waitForFunction(
    (name) => document.querySelector('#fit-data-note').textContent.startsWith(name),
    name,
  );
}

/** Puts `text` in the data box as a paste does: one input event (Playwright's fill is slow on 100 kB). */
export async function paste(page, text) {
  await page.evaluate((text) => {
    const box = document.querySelector('#fit-csv');
    box.value = text;
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

/** Waits for the engine's reading of the data (the fits' worker): the column menus then list `column`. */
export async function readAs(page, column) {
  await page.waitForFunction(
    (column) =>
      [...document.querySelectorAll('#fit-x option')].some((option) => option.value === column),
    column,
  );
}

/** Clicks Fit and waits for this fit's answer: 'ready', 'error' or 'cancelled'. */
export async function fitAndWait(page) {
  // The last fit's state is not this fit's answer.
  await page.evaluate(() => delete document.querySelector('#fit-status').dataset.state);
  await page.click('#fit-run');
  await page.waitForFunction(() =>
    ['ready', 'error', 'cancelled'].includes(document.querySelector('#fit-status').dataset.state),
  );
  return page.locator('#fit-status').getAttribute('data-state');
}
