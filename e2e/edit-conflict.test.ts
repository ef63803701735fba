import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { seedPattern } from './daily-fixtures';

/**
 * Issue 48 item 1: two people edit one pattern. The partner renames it and saves; the admin, who
 * opened it before, changes only the price and saves: refused, saying who changed what, with what
 * the admin typed still in the form; loading the newer version lists where it differs, and the
 * save that follows keeps the partner's name and the admin's price (docs/concurrency.md).
 */
describe('two people editing one pattern', () => {
  let browser: Browser;
  let pattern: { id: number };
  const code = `E2E-CONFLICT-${Date.now().toString(36)}`;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    pattern = await seedPattern(code, ['S']);
  });
  afterEach(() => expect(pages.takeErrors()).toEqual([]));
  afterAll(() => pages.closeAll());

  const openEditing = async (page: Page, user: Parameters<typeof signIn>[1]) => {
    await signIn(page, user, `/app/show-records/${pattern.id}`);
    await page.getByRole('button', { name: 'Edit details' }).click();
    return page.getByRole('form', { name: 'Edit pattern' });
  };

  it('the second save is refused naming who changed what; the typing stays; the newer version is merged field by field', async () => {
    const width = Number(process.env.E2E_CONFLICT_WIDTH ?? 1366);
    const a = await pages.open(width);
    const b = await pages.open(width);
    const formA = await openEditing(a, E2E_USERS.partner);
    const formB = await openEditing(b, E2E_USERS.admin);

    await formA.getByLabel('Pattern Name').fill('Renamed by the partner');
    await formA.getByRole('button', { name: 'Save changes' }).click();
    await a.getByText('Pattern updated').first().waitFor();

    await formB.getByLabel('Price').fill('14.99');
    await formB.getByRole('button', { name: 'Save changes' }).click();
    const notice = formB.getByRole('alert').filter({ hasText: 'Not saved' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Pat Partner');
    expect(await notice.textContent()).toContain('Pattern Name');
    expect(await formB.getByLabel('Price').inputValue()).toBe('14.99');
    const out = process.env.E2E_SCREENSHOTS;
    if (out) {
      fs.mkdirSync(out, { recursive: true });
      await b.screenshot({ path: `${out}/conflict-${width}.png`, fullPage: false });
    }

    await formB.getByRole('button', { name: 'Load the newer version' }).click();
    const merged = formB.getByRole('alert').filter({ hasText: 'The newer version is loaded' });
    await merged.waitFor();
    expect(await merged.textContent()).toContain('Renamed by the partner');
    if (out) await b.screenshot({ path: `${out}/conflict-loaded-${width}.png` });
    expect(await merged.getByRole('button').count()).toBe(1); // the admin's own Price is no choice
    await merged.getByRole('button', { name: 'Use the saved Pattern Name' }).click();
    expect(await formB.getByLabel('Pattern Name').inputValue()).toBe('Renamed by the partner');
    expect(await formB.getByLabel('Price').inputValue()).toBe('14.99');
    await formB.getByRole('button', { name: 'Save changes' }).click();
    await b.getByText('Pattern updated').first().waitFor();

    await a.reload();
    await a.getByText('Renamed by the partner').first().waitFor();
    await a.getByText('14.99').first().waitFor();
  });
});
