import {
  chromium,
  type Browser,
  type BrowserContext,
  type Dialog,
  type Page,
} from 'playwright-core';
import { afterEach, inject } from 'vitest';
import type { LoginResponse } from '../src/shared/contracts/auth';
import { SESSION_KEYS } from '../src/web/lib/session';

export const baseURL = () => inject('baseURL');
export const dataDir = () => inject('dataDir');

/** Debian's Chromium, with the flags this closed network needs (no background connections). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let shared: Promise<Browser> | undefined;
/**
 * The Chromium of this Vitest worker, launched by its first file and kept for the files after it
 * (the e2e files share their worker's modules: vitest.e2e.config.ts), with the pages of
 * `trackedPages`. Files never close it: Playwright ends it when the worker exits. Each file's
 * browser contexts are its own to close (those of `trackedPages` are handed on instead).
 */
export async function workerBrowser(): Promise<Browser> {
  const browser = await shared;
  if (browser?.isConnected()) return browser;
  shared = launch();
  return shared;
}

/**
 * Uncaught errors and console errors of every page any test opens (through `newPage`, so through
 * `trackedPages` too). e2e/setup.ts fails each test that leaves one here: a script error the screen
 * hides must not pass. Failed requests ("Failed to load resource", such as the 401 of a wrong
 * password) are expected answers, not errors of the page.
 */
let pageErrors: string[] = [];

function watch(page: Page) {
  page.on('pageerror', (e) => pageErrors.push(`uncaught in ${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      pageErrors.push(`console.error in ${page.url()}: ${m.text()}`);
  });
}

/** The page errors recorded since the last call, cleared. A test that provokes one on purpose calls it to drop them. */
export function takePageErrors(): string[] {
  const taken = pageErrors;
  pageErrors = [];
  return taken;
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    acceptDownloads: true,
  });
  context.on('page', watch); // pages the app opens itself (a PDF in a new tab) too
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login screen (its own journeys, login.test.ts, and the product journey) and waits for the fullName button. */
export async function signInWithForm(
  page: Page,
  user: { email: string; password: string; fullName: string },
): Promise<void> {
  await page.goto('/app/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: user.fullName }).first().waitFor();
}

/** Opens a page of the portal's origin with nothing in it (answered by a route, never by the portal). */
async function openBlank(page: Page) {
  const blank = '**/e2e-blank-page';
  await page.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto('/e2e-blank-page');
  await page.unroute(blank);
}

/**
 * Opens `at` (the dashboard, where the login screen lands) as a browser already signed in, and
 * waits for the fullName button: the login API's answer is kept where the app keeps its session
 * (localStorage, under src/web/lib/session.ts's keys), written from a blank page
 * of the portal's origin. Through the login screen, each journey loaded the app once more and
 * filled a form that `signInWithForm`'s journeys already prove (issue 32 item 12).
 */
export async function signIn(
  page: Page,
  user: { email: string; password: string; fullName: string },
  at = '/app/dashboard',
): Promise<void> {
  const session = await login(user);
  await openBlank(page);
  await page.evaluate(
    ({ keys, value }) => {
      localStorage.setItem(keys.user, value);
      localStorage.setItem(keys.flag, 'true');
    },
    { keys: SESSION_KEYS, value: JSON.stringify(session) },
  );
  await page.goto(at);
  await page.getByRole('button', { name: user.fullName }).first().waitFor();
}

/** Token of a user, for API calls made by a test to set up data. */
export async function apiToken(user: { email: string; password: string }): Promise<string> {
  return (await login(user)).token;
}

/** The login API's answer for a user: the session the app keeps. */
async function login(user: { email: string; password: string }): Promise<LoginResponse> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!res.ok) throw new Error(`login failed for ${user.email}: ${res.status}`);
  return (await res.json()) as LoginResponse;
}

/**
 * Pages for the tests of one file; their errors fail the test (see `newPage`).
 *
 * A page is kept from one test to the next, and from one file to the next of the worker, instead
 * of closed: each test still gets a page of its own browser context, signed out, with nothing left
 * by the test before (its storage, cookies, permissions, routes, listeners, offline mode and
 * viewport are reset when it is handed out), but Chromium keeps its renderer and the app's
 * compiled scripts. A new page with its first load of the app cost 1.6–2.1 s of CPU here, a load
 * in a kept page 0.35 s (docs/benchmarks.md). A page a test closed is replaced. Each test's pages
 * are handed back after it (afterEach), and every page of the file by `closeAll()`.
 */
export function trackedPages(browser: () => Browser) {
  afterEach(() => {
    for (const slot of slots) slot.used = slot.kept;
  });
  return {
    /** A page of its own context; `keep` holds it for the file's later tests too (a journey told over several tests). */
    async open(width?: number, { keep = false, height = 900 } = {}): Promise<Page> {
      const b = browser();
      const free = slots.find((s) => !s.used && s.context.browser() === b);
      if (!free) {
        const { page, context } = await newPage(b, { width, height });
        slots.push({ context, page, used: true, kept: keep });
        return page;
      }
      free.used = true;
      free.kept = keep;
      if (free.page.isClosed()) free.page = await free.context.newPage();
      await resetPage(free.context, free.page, width, height);
      return free.page;
    },
    takeErrors: takePageErrors,
    /** Hands every page back for the worker's next file. */
    async closeAll() {
      for (const slot of slots) slot.used = slot.kept = false;
    },
  };
}
/** The worker's kept pages (trackedPages), each in a browser context of its own. */
const slots: { context: BrowserContext; page: Page; used: boolean; kept: boolean }[] = [];

/** A kept page as a new one would be: blank at the portal's origin, signed out, nothing routed or listened to. */
async function resetPage(context: BrowserContext, page: Page, width = 1280, height = 900) {
  page.removeAllListeners();
  watch(page);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  await context.setOffline(false);
  await page.setViewportSize({ width, height });
  // A form the last test left with changes asks before the page unloads: leave it.
  const leave = (d: Dialog) => void d.accept().catch(() => undefined);
  page.on('dialog', leave);
  await openBlank(page);
  page.off('dialog', leave);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
