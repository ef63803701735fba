import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  apiToken,
  baseURL,
  dataDir,
  workerBrowser,
  trackedPages,
  signIn,
  signInWithForm,
} from './browser';
import { E2E_USERS } from './users';

const unique = (name: string) =>
  `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
  'hex',
);

/** The newest mail to `to` whose subject matches, decoded from the outbox .eml (quoted-printable). */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  const dir = path.join(dataDir(), 'outbox');
  for (let i = 0; i < 100; i++) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const f of files) {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const toLine = /^To: (.*)$/im.exec(head)?.[1] ?? '';
      const subjectLine = /^Subject: (.*)$/im.exec(head)?.[1] ?? '';
      if (toLine.toLowerCase().includes(to.toLowerCase()) && subject.test(subjectLine)) {
        return raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} matching ${subject}`);
}

/** An account made through the API by the shared admin, for journeys that start signed in as it. */
async function createAccount(fullName: string, password = 'Journey-pass1') {
  const email = unique((fullName.split(' ')[0] ?? '').toLowerCase());
  const form = new FormData();
  form.append(
    'data',
    JSON.stringify({
      fullName,
      email,
      brand: await brandId('ditto'),
      role: 'user',
      password,
      repeatPassword: password,
    }),
  );
  const res = await fetch(`${baseURL()}/api/auth/signup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(E2E_USERS.admin)}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  return { email, password, fullName };
}

async function brandId(slug: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/brands`, {
    headers: { authorization: `Bearer ${await apiToken(E2E_USERS.partner)}` },
  });
  return ((await res.json()).data as { id: number; slug: string }[]).find((b) => b.slug === slug)!
    .id;
}

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('button', { name: label, exact: false })
    .filter({ hasText: /Choose/ })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** signIn's type is narrowed to the seeded accounts; these journeys sign in with accounts they made. */
/** A new account, or one whose password just changed, signs in as a person would: through the login screen. */
const signInAs = (page: Page, u: { email: string; password: string; fullName: string }) =>
  signInWithForm(page, u);

/**
 * Signs out through the header's menu. If the login screen does not come, the error says where the
 * page stayed and what it showed (a leave dialog, an overlay): a failure in CI is read, not rerun.
 * One case is tried again: the page stayed where it was with no dialog open, i.e. the menu closed
 * under a re-render (the header re-renders when the account changes) before its item took the
 * click (seen once in a loaded clean-clone run, right after an e-mail change).
 */
async function signOut(page: Page, fullName: string) {
  for (let attempt = 1; ; attempt++) {
    const from = page.url();
    await page.getByRole('banner').getByRole('button', { name: fullName }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    try {
      await page.waitForURL('**/app/login', { timeout: attempt === 1 ? 15_000 : 30_000 });
      return;
    } catch (err) {
      const dialogs = await page.getByRole('dialog').allInnerTexts();
      if (attempt === 1 && !dialogs.length && page.url() === from) continue;
      const shown = await page.evaluate(() => document.body.innerText.slice(0, 600));
      throw new Error(
        `sign-out stayed on ${page.url()} (attempt ${attempt}), dialogs: ${JSON.stringify(dialogs)}, showing:\n${shown}`,
        { cause: err },
      );
    }
  }
}

describe('accounts', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await pages.closeAll();
  });

  it('an admin creates an account, copies its details and signs out; the new user signs in', async () => {
    const page = await pages.open();
    const context = page.context();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await signIn(page, E2E_USERS.admin);
    await page.getByRole('button', { name: E2E_USERS.admin.fullName }).first().click();
    await page.getByRole('menuitem', { name: 'Create Account' }).click();
    await page.waitForURL('**/app/signup');

    // Nothing filled: the field messages and the first one as a toast.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Please Choose Brand').count()).toBeGreaterThan(0);
    await page.getByRole('alert').filter({ hasText: 'Full Name is required' }).first().waitFor();

    const email = unique('new.partner');
    await page.getByLabel('Full Name').fill('Nina Newcomer');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('.Toastify__toast').filter({ hasText: 'Not Valid Email' }).first().waitFor();
    await page.getByLabel('Email').fill(email);
    await choose(page, 'Brand', 'Ditto');
    await choose(page, 'Role', 'User');
    await page.getByLabel(/^Password\*?$/).fill('Newcomer-pass1');
    await page.getByLabel(/^Repeat Password\*?$/).fill('Newcomer-pass2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Password didn't matched").first().waitFor();
    await page.getByLabel(/^Repeat Password\*?$/).fill('Newcomer-pass1');
    await page
      .getByLabel('Profile picture (optional)')
      .setInputFiles({ name: 'nina.png', mimeType: 'image/png', buffer: PNG });
    await page.getByAltText('Preview of the chosen picture').waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByRole('heading', { name: 'Account created' }).waitFor();
    expect(await page.getByTestId('created-full-name').textContent()).toBe('Nina Newcomer');
    expect(await page.getByTestId('created-role').textContent()).toBe('User');
    expect(await page.getByTestId('created-email').textContent()).toBe(email);
    expect(await page.getByTestId('created-brand').textContent()).toBe('Ditto');
    expect(await page.getByTestId('created-password').textContent()).toBe('Newcomer-pass1');
    for (const [label, value] of [
      ['Email', email],
      ['Password', 'Newcomer-pass1'],
    ]) {
      await page.getByRole('button', { name: `Copy ${label}` }).click();
      await page
        .locator('.Toastify__toast')
        .filter({ hasText: 'Copied to Clipboard' })
        .first()
        .waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    }
    await page.getByRole('button', { name: 'Create New Account' }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('');

    await signOut(page, E2E_USERS.admin.fullName);
    await signInAs(page, { email, password: 'Newcomer-pass1', fullName: 'Nina Newcomer' });
    await page.goto('/app/my-account');
    await page.getByRole('img', { name: 'Profile picture of Nina Newcomer' }).waitFor();
  });

  it('Create Account is for admins: visitors go to login, users to the dashboard', async () => {
    const page = await pages.open();
    await page.goto('/app/signup');
    await page.waitForURL('**/app/login');
    await signIn(page, E2E_USERS.partner, '/app/signup');
    await page.waitForURL('**/app/dashboard');
  });

  it('forgot password: the link from the outbox resets the password, then sign-in works with the new one', async () => {
    const account = await createAccount('Fergus Forgetful');
    const page = await pages.open();
    await page.goto('/app/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/app/forgot-password');
    expect(await page.getByRole('link', { name: 'Remember password?' }).getAttribute('href')).toBe(
      '/app/login',
    );
    expect(
      await page.getByRole('link', { name: 'Start a 14 day free trial' }).getAttribute('href'),
    ).toBe('/app/signup');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account exists for this email').waitFor();

    const link = new URL(
      /https?:\/\/\S+reset-password\S+/.exec(await mailTo(account.email, /Reset your/))![0],
    );
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Confirm Password is required').waitFor();
    await page.getByText('Repeat password is required').waitFor();
    await page.getByLabel(/^Confirm Password\*?$/).fill('Remembered-pass1');
    await page.getByLabel(/^Repeat Confirm Password\*?$/).fill('Remembered-pass1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL('**/app/login');
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: 'Your password has been reset' })
      .waitFor();
    await signInAs(page, { ...account, password: 'Remembered-pass1' });

    // The link works once.
    await page.goto(link.pathname + link.search);
    await page.getByLabel(/^Confirm Password\*?$/).fill('Another-pass1');
    await page.getByLabel(/^Repeat Confirm Password\*?$/).fill('Another-pass1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('This reset link has already been used').waitFor();
    await page.getByRole('link', { name: 'Ask for a new reset link' }).waitFor();
  });

  it('a user changes their e-mail with the code sent to the new address', async () => {
    const account = await createAccount('Erin Emailchange');
    const page = await pages.open();
    await signInAs(page, account);
    await page.goto('/app/my-account');
    const newEmail = unique('erin.new');
    await page.getByLabel('New Email').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).first().click();
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: 'OTP sent successfully' })
      .first()
      .waitFor();
    const code = /code is (\d{6})/.exec(await mailTo(newEmail, /code/))![1]!;
    await page.getByLabel('Email code').fill(code);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: 'Your email has been changed' })
      .waitFor();
    await page.getByText(newEmail, { exact: true }).first().waitFor();

    await signOut(page, account.fullName);
    await signInAs(page, { ...account, email: newEmail });
  });

  it('an admin finds an account in the users list and disables it; its session ends', async () => {
    const account = await createAccount('Dora Disabled');
    const userPage = await pages.open();
    await signInAs(userPage, account);

    const page = await pages.open();
    await signIn(page, E2E_USERS.admin, '/app/my-account?tab=users');
    await page.getByLabel('Search users').fill(account.email);
    const row = page.getByRole('row').filter({ hasText: account.email });
    // The search is sent 300 ms after typing stops: clicked in the unfiltered first page, the row
    // is redrawn under the pointer when the answer comes (a full run once found no dialog). Act on
    // the filtered list: the header row and this one.
    const users = page.getByRole('region', { name: 'Users', exact: true });
    await expect.poll(() => users.getByRole('row').count()).toBe(2);
    await row.waitFor();
    await row.getByRole('button', { name: 'Disable Dora Disabled' }).click();
    await page
      .getByRole('dialog', { name: 'Disable Dora Disabled?' })
      .getByRole('button', { name: 'Disable account' })
      .click();
    await row.getByText('Disabled', { exact: true }).waitFor();

    // The user's next call is refused and the portal sends them to login.
    await userPage.goto('/app/my-account');
    await userPage.waitForURL('**/app/login');
    await row.getByRole('button', { name: 'Enable Dora Disabled' }).click();
    await row.getByText('Active', { exact: true }).waitFor();
  });
});
