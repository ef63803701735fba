import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { seedPattern } from './daily-fixtures';
import { violations } from './axe';

// Unique to this run: the e2e server is shared by every journey file.
const prefix = `REL${Date.now().toString(36)}`.toUpperCase();
const codes = [`${prefix}-1`, `${prefix}-2`];
const releaseName = `Spring ${prefix}`;
const nextYear = new Date().getUTCFullYear() + 1;

describe('Releases', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);

  beforeAll(async () => {
    browser = await workerBrowser();
    for (const code of codes) await seedPattern(code, ['S']);
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  const shot = async (page: Page, name: string) => {
    if (process.env.E2E_SHOTS)
      await page.screenshot({ path: `${process.env.E2E_SHOTS}/${name}.png`, fullPage: true });
  };

  it('an admin adds a selection to a new release, follows it on Releases and moves it; the partner sees it on the pattern; at 390 px it fits', async () => {
    const admin = await pages.open(1366);
    await signIn(admin, E2E_USERS.admin);
    await admin.goto(`/app/show-records?search=${prefix.toLowerCase()}`);
    await expect.poll(() => admin.getByTestId('list-range').textContent()).toBe('Showing 1–2 of 2');
    const bar = admin.getByRole('region', { name: 'Bulk actions' });
    await bar.getByRole('button', { name: 'Select all on this page' }).click();
    await bar.getByRole('button', { name: 'Add to release' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add 2 patterns to a release' });
    const newOne = dialog.getByRole('radio', { name: 'New release' });
    if (await newOne.count()) await newOne.check();
    await dialog.getByLabel('Name').fill(releaseName);
    // A time in the past is refused at the field.
    await dialog.getByLabel('Publish at').fill('2020-01-15T07:00');
    await dialog.getByRole('button', { name: 'Add to release' }).click();
    await dialog.getByText('Choose a time in the future').waitFor();
    await dialog.getByLabel('Publish at').fill(`${nextYear}-01-15T07:00`);
    expect(await violations(admin, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Add to release' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await admin.goto('/app/releases');
    const item = admin.getByRole('list', { name: 'Releases' }).getByRole('listitem').filter({
      hasText: releaseName,
    });
    await item.getByText('2 patterns').waitFor();
    await item.getByRole('button', { name: 'Show patterns' }).click();
    await item.getByRole('link', { name: codes[0] }).waitFor();
    await item.getByLabel(`Move ${releaseName} to`).fill(`${nextYear}-01-16T08:30`);
    await item.getByRole('button', { name: 'Move', exact: true }).click();
    await item.getByText(`${nextYear}-01-16 08:30`).waitFor();
    expect(await violations(admin, 'main')).toEqual([]);
    await shot(admin, 'releases-1366');

    const partner = await pages.open(1366);
    await signIn(partner, E2E_USERS.partner);
    const href = await item.getByRole('link', { name: codes[0] }).getAttribute('href');
    await partner.goto(href!);
    await partner.getByText(`Scheduled for release ${releaseName} on 16 Jan, 08:30`).waitFor();
    expect(await violations(partner, 'main')).toEqual([]);

    const phone = await pages.open(390);
    await signIn(phone, E2E_USERS.admin);
    await phone.goto('/app/releases');
    await phone.getByText(releaseName).waitFor();
    const widths = await phone.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(widths.view);
    await shot(phone, 'releases-390');

    // Cancelled: the pattern no longer says it.
    const row = phone.getByRole('list', { name: 'Releases' }).getByRole('listitem').filter({
      hasText: releaseName,
    });
    await row.getByRole('button', { name: 'Show patterns' }).click();
    await row.getByRole('button', { name: 'Cancel release' }).click();
    await row.getByText('Cancelled').waitFor();
    await partner.reload();
    await partner.getByRole('heading', { level: 1 }).waitFor();
    expect(await partner.getByText('Scheduled for release').count()).toBe(0);
  }, 150_000);
});
