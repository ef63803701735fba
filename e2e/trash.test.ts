import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { seedPattern } from './daily-fixtures';
import { MSG } from '../src/shared/messages';

// Unique to this run: the e2e server is shared by every journey file.
const prefix = `TRS${Date.now().toString(36)}`.toUpperCase();
const codes = [`${prefix}-1`, `${prefix}-2`, `${prefix}-3`] as const;

describe('Trash: nothing deleted is lost', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);

  beforeAll(async () => {
    browser = await workerBrowser();
    for (const code of codes) await seedPattern(code, ['S', 'M']);
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  const range = (page: Page) => page.getByTestId('list-range');
  const toasts = (page: Page) => page.locator('.Toastify');
  const openList = async (page: Page) => {
    await page.goto(`/app/show-records?search=${prefix.toLowerCase()}`);
    await expect.poll(() => range(page).textContent()).toMatch(/of \d+$/);
  };
  const deleteOne = async (page: Page, code: string) => {
    await page.getByRole('checkbox', { name: `Select ${code}` }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete pattern ${code}?` });
    await dialog.getByText('move to the Trash').waitFor();
    await dialog.getByRole('button', { name: 'Delete pattern' }).click();
    // The newest (on top): the last delete's toast may still be leaving after its Undo (its exit
    // animation, slow on a loaded machine: a full run found both).
    await toasts(page).getByText(MSG.deleted).first().waitFor();
  };
  /** A screenshot to look at, when E2E_SHOTS names a folder. */
  const shot = async (page: Page, name: string) => {
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
  };

  it('deletes from the list, Undo brings it back; deleted again, it is restored from the Trash screen', async () => {
    const page = await pages.open(1366);
    await signIn(page, E2E_USERS.partner);
    await openList(page);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–3 of 3');

    // Delete, then Undo from the toast.
    await deleteOne(page, codes[0]);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–2 of 2');
    await shot(page, 'list-undo-toast-1366');
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await toasts(page).getByText('Pattern restored').first().waitFor();
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–3 of 3');

    // Delete again: it waits in the Trash.
    await deleteOne(page, codes[0]);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–2 of 2');
    await page.getByRole('link', { name: 'Trash', exact: true }).click();
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: codes[0] });
    await item.getByText('2 sizes, 3 files').waitFor();
    await item.getByText(/Deleted .* by /).waitFor();
    await shot(page, 'trash-1366');
    const phone = await pages.open(390);
    await signIn(phone, E2E_USERS.partner, '/app/trash');
    await phone.getByRole('button', { name: `Restore ${codes[0]}` }).waitFor();
    const widths = await phone.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(widths.view);
    await shot(phone, 'trash-390');

    // Restore from the Trash screen, by keyboard.
    await page.getByRole('button', { name: `Restore ${codes[0]}` }).focus();
    await page.keyboard.press('Enter');
    await toasts(page).getByText(`Pattern restored: ${codes[0]}`).first().waitFor();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: codes[0] }).count())
      .toBe(0);
    await openList(page);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–3 of 3');
    await page.getByRole('link', { name: codes[0] }).first().waitFor();
  }, 120_000);

  it("offers Undo after deleting from the pattern's own screen", async () => {
    const page = await pages.open(1366);
    await signIn(page, E2E_USERS.partner);
    await openList(page);
    await page.getByRole('link', { name: codes[2], exact: true }).click();
    await page.getByRole('button', { name: 'Delete pattern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete pattern' });
    await dialog.getByText('moves to the Trash').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/app/show-records');
    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await toasts(page).getByText('Pattern restored').first().waitFor();
    await openList(page);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–3 of 3');
  }, 60_000);

  it('offers Undo on a phone too: the toast fits 390 px and its button works', async () => {
    const phone = await pages.open(390);
    await signIn(phone, E2E_USERS.partner);
    await openList(phone);
    await deleteOne(phone, codes[1]);
    const undo = toasts(phone).getByRole('button', { name: 'Undo' });
    // The toast slides in from the right: once in place, its button is inside the screen.
    await expect
      .poll(async () => {
        const box = await undo.boundingBox();
        return box ? box.x >= 0 && box.x + box.width <= 390 : false;
      })
      .toBe(true);
    await shot(phone, 'list-undo-toast-390');
    await undo.click();
    await toasts(phone).getByText('Pattern restored').first().waitFor();
    await expect.poll(() => range(phone).textContent()).toMatch(/of 3$/);
  }, 60_000);
});
