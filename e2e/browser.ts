import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseURL = () => inject('baseURL');
export const dataDir = () => inject('dataDir');

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export async function newPage(browser: Browser, opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 }, acceptDownloads: true });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login screen and waits for the fullName button. */
export async function signIn(page: Page, user: { email: string; password: string; fullName: string }): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: user.fullName }).first().waitFor();
}

/** Token of a user, for API calls made by a test to set up data. */
export async function apiToken(user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`login failed for ${user.email}: ${res.status}`);
  return (await res.json()).token;
}

/**
 * Pages for one test file that record script errors and React warnings (failed requests, such
 * as a 401 on a wrong password, are expected). Call `takeErrors()` after each test and expect
 * it to be empty; `closeAll()` after the file.
 */
export function trackedPages(browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  let errors: string[] = [];
  return {
    async open(width?: number): Promise<Page> {
      const { page, context } = await newPage(browser(), { width });
      contexts.push(context);
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      return page;
    },
    takeErrors(): string[] {
      const taken = errors;
      errors = [];
      return taken;
    },
    async closeAll() {
      await Promise.all(contexts.map((c) => c.close()));
    },
  };
}
