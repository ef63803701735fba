import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, trackedPages, signInWithForm } from './browser';
import { E2E_USERS } from './users';
import { MSG } from '../src/shared/messages';

const path = (page: Page) => new URL(page.url()).pathname;

describe('login', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });
  const open = (width?: number) => pages.open(width);

  /** Fills the form, submits, and waits for exactly this message under the field. */
  async function expectFieldError(page: Page, email: string, password: string, message: string) {
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByText(message, { exact: true }).waitFor();
  }

  it('shows every validation message of the spec under its field', async () => {
    const page = await open();
    await page.goto('/app/login');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByText(MSG.emailRequired, { exact: true }).waitFor();
    await main.getByText(MSG.passwordRequired, { exact: true }).waitFor();
    // The first invalid field gets focus, and is marked invalid for screen readers.
    await expect(
      main.getByLabel('Email').evaluate((el) => el === document.activeElement),
    ).resolves.toBe(true);
    await expect(main.getByLabel('Email').getAttribute('aria-invalid')).resolves.toBe('true');

    await expectFieldError(page, 'someone@example.com', 'Ab1-', MSG.passwordMin);
    await expectFieldError(page, 'someone@example.com', 'Ab1-' + 'x'.repeat(27), MSG.passwordMax);
    await expectFieldError(page, 'someone@example.com', 'alllowercase1', MSG.passwordComplexity);
    await expectFieldError(page, 'someone@example.com', 'NoSpecial123', MSG.passwordComplexity);
    await expectFieldError(page, 'not-an-email', 'Valid-pass1', MSG.emailInvalid);
    // Nothing reached the server: no session, still on login.
    expect(path(page)).toBe('/app/login');
  });

  it('password visibility toggle and the Forgot password link', async () => {
    const page = await open();
    await page.goto('/app/login');
    const main = page.getByRole('main');
    const field = main.getByLabel('Password', { exact: true });
    await field.fill('Secret-pass1');
    await expect(field.getAttribute('type')).resolves.toBe('password');
    await main.getByRole('button', { name: 'Show password' }).click();
    await expect(field.getAttribute('type')).resolves.toBe('text');
    await main.getByRole('button', { name: 'Hide password' }).click();
    await expect(field.getAttribute('type')).resolves.toBe('password');
    await main.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/app/forgot-password');
  });

  it('a wrong password shows the server message in a toast and above the form', async () => {
    const page = await open();
    await page.goto('/app/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(E2E_USERS.otherBrand.email);
    await main.getByLabel('Password', { exact: true }).fill('Wrong-pass1');
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByRole('alert').filter({ hasText: MSG.invalidCredentials }).waitFor();
    await page
      .locator('.Toastify__toast--error')
      .filter({ hasText: MSG.invalidCredentials })
      .waitFor();
    // What was typed stays, so the user only fixes the password.
    await expect(main.getByLabel('Email').inputValue()).resolves.toBe(E2E_USERS.otherBrand.email);
    expect(path(page)).toBe('/app/login');
    expect(await page.evaluate(() => localStorage.getItem('user_authenticated'))).toBeNull();
  });

  it('an admin signs in, sees the fullName menu with Create Account, and signs out through it', async () => {
    const page = await open();
    await signInWithForm(page, E2E_USERS.admin);
    expect(path(page)).toBe('/app/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('user_authenticated'))).toBe('true');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    await header.getByRole('button', { name: E2E_USERS.admin.fullName }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['My Account', 'Create Account', 'Integrations', 'Releases', 'Sign out']);
    await expect(
      menu.getByRole('menuitem', { name: 'Create Account' }).getAttribute('href'),
    ).resolves.toBe('/app/signup');
    await expect(
      menu.getByRole('menuitem', { name: 'My Account' }).getAttribute('href'),
    ).resolves.toBe('/app/my-account');

    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/app/login');
    await header.getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user_authenticated'))).toBeNull();
    await page.goto('/app/my-account');
    await page.waitForURL('**/app/login');
  });

  it('a partner sees My Account and Sign out but not Create Account', async () => {
    const page = await open();
    await signInWithForm(page, E2E_USERS.partner);
    await page
      .getByRole('banner')
      .getByRole('button', { name: E2E_USERS.partner.fullName })
      .click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['My Account', 'Sign out']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('after signing in the visitor goes back to the page that sent them to login', async () => {
    const page = await open();
    await page.goto('/app/add-record');
    await page.waitForURL('**/app/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(E2E_USERS.partner.email);
    await main.getByLabel('Password', { exact: true }).fill(E2E_USERS.partner.password);
    await main.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/app/add-record');
  });

  it('a signed-in visitor opening /app/login is sent to the dashboard', async () => {
    const page = await open();
    await signInWithForm(page, E2E_USERS.partner);
    await page.goto('/app/about');
    await page.goto('/app/login');
    await page.waitForURL('**/app/dashboard');
  });

  it('at phone width the fullName button shows initials and keeps the name for screen readers', async () => {
    const page = await open(390);
    await signInWithForm(page, E2E_USERS.partner);
    const button = page
      .getByRole('banner')
      .getByRole('button', { name: E2E_USERS.partner.fullName });
    await button.getByText('PP', { exact: true }).waitFor();
    expect((await button.boundingBox())!.width).toBeLessThan(60);
    await button.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'My Account' }).waitFor();
  });
});
