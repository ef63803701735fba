import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { seedPattern } from './daily-fixtures';

/** Issue 12, "Work is never lost without a question": every way out of a form with unsaved changes asks first. */
describe('unsaved changes', () => {
  let browser: Browser;
  let pattern: { id: number; sizeIds: number[] };
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    pattern = await seedPattern(`E2E-GUARD-${Date.now().toString(36)}`);
  });
  afterEach(() => expect(pages.takeErrors()).toEqual([]));
  afterAll(async () => {
    await pages.closeAll();
  });

  const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
  const stay = async (page: Page) => {
    await leaveDialog(page).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await leaveDialog(page).waitFor({ state: 'hidden' });
  };

  it('the add form asks before My Patterns, the logo and Back; Stay keeps everything; Leave goes', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner);
    await page.getByRole('banner').getByRole('link', { name: 'Add Patterns' }).click();
    await page.getByLabel('Pattern ID').fill('KEEP-ME');

    await page.getByRole('banner').getByRole('link', { name: 'My Patterns' }).click();
    await stay(page);
    await page.getByRole('banner').getByRole('link', { name: 'Partner Portal' }).click();
    await stay(page);
    await page.evaluate(() => history.back()); // the browser's Back
    await stay(page);
    expect(page.url()).toContain('/app/add-record');
    expect(await page.getByLabel('Pattern ID').inputValue()).toBe('KEEP-ME');

    // A reload or closing the tab: the browser's own question (beforeunload).
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });

  it('Leave goes where the link pointed; an unchanged form asks nothing', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, '/app/add-record');
    await page.getByLabel('Pattern Name').fill('Gone soon');
    await page.getByRole('banner').getByRole('link', { name: 'My Patterns' }).click();
    await leaveDialog(page).waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/app/show-records');

    await page.goto('/app/add-record');
    await page.getByLabel('Pattern ID').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Support' }).click();
    await page.waitForURL('**/app/contact-support');
    expect(await leaveDialog(page).count()).toBe(0);
  });

  // Each form: where it is, how to change something, and that leaving then asks.
  const forms: [name: string, url: () => string, change: (page: Page) => Promise<void>][] = [
    [
      'contact support',
      () => '/app/contact-support',
      (p) => p.getByLabel('Subject').fill('Question'),
    ],
    ['my account', () => '/app/my-account', (p) => p.getByLabel('Full Name').fill('Pat Renamed')],
    [
      'pattern edit',
      () => `/app/show-records/${pattern.id}`,
      async (p) => {
        await p.getByRole('button', { name: 'Edit details' }).click();
        await p.getByRole('form', { name: 'Edit pattern' }).getByLabel('Notion').fill('Buttons');
      },
    ],
    [
      'size edit',
      () => `/app/show-records/${pattern.id}/${pattern.sizeIds[0]}`,
      (p) => p.getByRole('form', { name: 'Size fields' }).getByLabel('Design ID').fill('D-1'),
    ],
  ];
  it.each(forms)(
    '%s asks before the header takes the user away, and not once saved or unchanged',
    async (_name, url, change) => {
      const page = await pages.open();
      await signIn(page, E2E_USERS.partner, url());
      await page.getByRole('banner').getByRole('link', { name: 'About' }).waitFor();
      await page.waitForLoadState('networkidle');
      await change(page);
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await stay(page);
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await leaveDialog(page).waitFor();
      await page.getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL('**/app/about');
      // Back to the form, unchanged this time: leaving asks nothing.
      await page.goto(url());
      await page.waitForLoadState('networkidle');
      await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
      await page.waitForURL('**/app/about');
      expect(await leaveDialog(page).count()).toBe(0);
    },
  );

  it('saving the size form asks nothing afterwards', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, `/app/show-records/${pattern.id}/${pattern.sizeIds[1]}`);
    const form = page.getByRole('form', { name: 'Size fields' });
    await form.getByLabel('Design ID').fill('D-2');
    // The size's re-read after saving is held until the user has left: saved means clean at once,
    // not once that read is back (on a loaded machine it came back after the click, which asked).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(`**/api/sizes/${pattern.sizeIds[1]}`, async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Save size' }).click();
    await page.getByText('Successfully Update Record').first().waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'My Patterns' }).click();
    await page.waitForURL('**/app/show-records', { timeout: 10_000 });
    expect(await leaveDialog(page).count()).toBe(0);
    release();
  });

  it('the piece dialog asks before Escape or Cancel throw away what was typed', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, `/app/show-records/${pattern.id}/${pattern.sizeIds[0]}`);
    await page.getByRole('button', { name: 'Add piece' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add piece' });
    await dialog.getByLabel('Piece Number').fill('7');
    await page.keyboard.press('Escape');
    await stay(page);
    expect(await dialog.getByLabel('Piece Number').inputValue()).toBe('7');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await leaveDialog(page).waitFor();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('Create Account asks before leaving; choosing Admin hides Brand and the account is created without one', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.admin, '/app/signup');
    await page.getByLabel('Full Name').fill('Ana Admin-Two');
    await page.getByRole('banner').getByRole('link', { name: 'My Patterns' }).click();
    await stay(page);

    await page.getByLabel('Email').fill(`ana-${Date.now()}@e2e.test`);
    await page.getByRole('button', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    expect(await page.getByRole('button', { name: /^Brand/ }).count()).toBe(0);
    await page.getByText('Admins see every brand, so no brand is needed.').waitFor();
    await page.getByLabel(/^Password\*?$/).fill('Admin-pass2');
    await page.getByLabel(/^Repeat Password\*?$/).fill('Admin-pass2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('button', { name: 'Create New Account' }).waitFor();
    // The account exists, with no brand; leaving now asks nothing.
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/app/about');
    expect(await leaveDialog(page).count()).toBe(0);
  });
});
