import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import {
  namedFileParts,
  patternData,
  sizePdfParts,
  submissionForm,
} from '../src/server/test/submission';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';
import { SIZE_PATHS } from '../src/shared/contracts/sizes';
import { violations } from './axe';

/**
 * axe-core's checks (WCAG 2.x A and AA rules: names, roles, ARIA, contrast, landmarks, lists…) on
 * every screen and on the states that draw new UI: validation errors, dialogs, menus, the phone
 * panel. The script is evaluated through the DevTools protocol, so the portal's CSP stays on.
 */

const code = `E2E-A11Y-${Date.now().toString(36)}`;

/** One complete pattern of the partner's brand (three sizes, every file kind), as the submission endpoint stores it. */
async function seedPattern(): Promise<{ id: number; sizeId: number }> {
  const token = await apiToken(E2E_USERS.partner);
  const auth = { authorization: `Bearer ${token}` };
  const me = await (await fetch(`${baseURL()}/api/auth/me`, { headers: auth })).json();
  const sizes: [string, string][] = [
    ['A', '6'],
    ['A', '8'],
    ['B', '10'],
  ];
  const body = submissionForm(patternData(me.user.brand.id, code, sizes), [
    ...sizePdfParts(sizes.length),
    ...namedFileParts(),
  ]);
  const res = await fetch(baseURL() + PATTERN_CREATE_PATH, { method: 'POST', headers: auth, body });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as PatternCreateResponse).data.ID;
  const detail = await (await fetch(baseURL() + SIZE_PATHS.list(id), { headers: auth })).json();
  return { id, sizeId: detail.data[0].ID };
}

describe('accessibility (axe-core)', () => {
  let browser: Browser;
  let seeded: { id: number; sizeId: number };
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    seeded = await seedPattern();
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  /**
   * Opens each path, waits for its heading, and collects what axe reports, keyed by path. The first
   * path is loaded, the others are reached in the app as a link takes a user there (the router,
   * through the browser's history): the page keeps axe and the app's scripts (a load and axe's
   * script cost about 0.5 s of CPU a screen), and each screen is checked as it is drawn.
   */
  async function audit(page: Page, paths: string[]): Promise<Record<string, string[]>> {
    const report: Record<string, string[]> = {};
    for (const [i, p] of paths.entries()) {
      if (i === 0) await page.goto(p);
      else {
        const before = await page.evaluateHandle(() => document.querySelector('h1'));
        await page.evaluate((to) => {
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, p);
        // The new screen's heading, not the last one's (the router keeps a screen until the next is drawn).
        await page.waitForFunction((old) => {
          const h1 = document.querySelector('h1');
          return h1 !== null && h1 !== old;
        }, before);
        await before.dispose();
      }
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page
        .getByText(/Loading/)
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
      report[p] = await violations(page);
    }
    return report;
  }
  const clean = (paths: string[]) => Object.fromEntries(paths.map((p) => [p, []]));

  it.each([1280, 390])('signed-out screens and the login errors at %i px', async (width) => {
    const page = await pages.open(width);
    const paths = [
      '/app/login',
      '/app/forgot-password',
      '/app/about',
      '/app/dashboard',
      '/app/no-such-page',
    ];
    expect(await audit(page, paths)).toEqual(clean(paths));
    await page.goto('/app/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it.each([1280, 390])("a partner's screens at %i px", async (width) => {
    const page = await pages.open(width);
    await signIn(page, E2E_USERS.partner);
    const paths = [
      '/app/dashboard',
      '/app/show-records',
      `/app/show-records/${seeded.id}`,
      `/app/show-records/${seeded.id}/${seeded.sizeId}`,
      `/app/show-records/${seeded.id}?tab=activity`,
      '/app/add-record',
      '/app/my-account',
      '/app/contact-support',
      '/app/imports',
      '/app/imports/new',
    ];
    expect(await audit(page, paths)).toEqual(clean(paths));
  });

  it('states that draw new UI: form errors, dialogs, the terms modal, the phone panel', async () => {
    const page = await pages.open(390);
    await signIn(page, E2E_USERS.partner);

    await page.goto('/app/add-record');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Pattern View is required').first().waitFor();
    expect(await violations(page), 'add-record with errors').toEqual([]);

    await page.goto(`/app/show-records/${seeded.id}`);
    await page.getByRole('button', { name: 'Add Size' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page), 'add size dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/app/show-records');
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    await page.getByTestId('pattern-card').first().waitFor();
    expect(await violations(page), 'My Patterns as a grid').toEqual([]);
    await page.getByRole('button', { name: 'Table', exact: true }).click();

    await page.goto('/app/contact-support');
    await page.getByRole('switch', { name: 'I accept the Term & Policy' }).click();
    await page.getByRole('dialog', { name: 'Term & Policy' }).waitFor();
    expect(await violations(page), 'terms modal').toEqual([]);
    await page.getByRole('button', { name: 'Reject' }).click();

    await page.getByRole('button', { name: 'Open main menu' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await violations(page), 'phone navigation panel').toEqual([]);
  });

  it("an admin's screens, the fullName menu and Create Account's errors", async () => {
    const page = await pages.open(1280);
    await signIn(page, E2E_USERS.admin);
    const paths = [
      '/app/show-records',
      '/app/my-account',
      '/app/support-inbox',
      '/app/integrations',
      '/app/signup',
    ];
    expect(await audit(page, paths)).toEqual(clean(paths));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('main').getByText('Full Name is required').waitFor();
    expect(await violations(page), 'signup with errors').toEqual([]);
    await page.getByRole('button', { name: E2E_USERS.admin.fullName }).click();
    await page.getByRole('menu').waitFor();
    // Headless UI's menu is modal (the page behind it is inert), so page-level rules would only see the menu: check the menu itself.
    expect(await violations(page, '[role="menu"]'), 'fullName menu').toEqual([]);
    await page.keyboard.press('Escape');

    // The review screens: a pattern in review (Changed since last review, Request changes and its dialog).
    const token = await apiToken(E2E_USERS.partner);
    const sent = await fetch(`${baseURL()}/api/patterns/${seeded.id}/send-to-review`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sent.status).toBe(200);
    expect(await audit(page, [`/app/show-records/${seeded.id}`])).toEqual(
      clean([`/app/show-records/${seeded.id}`]),
    );
    await page.getByRole('heading', { name: 'Changed since last review' }).waitFor();
    await page.getByRole('button', { name: 'Request changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request changes' });
    await dialog.getByRole('button', { name: 'Add note' }).click();
    await dialog.getByRole('button', { name: 'Request changes' }).click();
    await dialog.getByText('Reason is required').waitFor();
    expect(await violations(page, '[role="dialog"]'), 'request changes dialog').toEqual([]);
  });
});
