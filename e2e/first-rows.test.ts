import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signIn, trackedPages, workerBrowser } from './browser';
import { E2E_USERS, type E2EUser } from './users';
import { seedPattern } from './daily-fixtures';

/**
 * My Patterns' first rows (ADR 016): on a first load, web/boot.ts draws the rows from the list
 * answer before the app's entry runs (features/pattern-list/first-rows.ts), and the app's own
 * screen takes their place. Here the entry is held back, so the drawn rows stay on screen to be
 * measured, then let go.
 */
const ENTRY = /\/app\/assets\/index-[\w-]+\.js$/;

/** Where the table, its first row's cells and the heading stand, and what they read. */
const layout = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map(Math.round);
    };
    const region = document.querySelector(`${scope} [aria-label="Patterns"]`)!;
    const first = region.querySelector('tbody tr')!;
    return {
      heading: box(document.querySelector(`${scope} h1`)!),
      filters: box(document.querySelector(`${scope} [aria-label="Filters"]`)!),
      table: box(region),
      header: [...region.querySelectorAll('thead th')].map((th) => [box(th), th.textContent]),
      cells: [...first.children].map((td) => [box(td), (td as HTMLElement).innerText.trim()]),
      rows: region.querySelectorAll('tbody tr').length,
    };
  }, scope);

describe('My Patterns’ first rows, drawn before the app', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);

  beforeAll(async () => {
    browser = await workerBrowser();
    const stamp = Date.now().toString(36).toUpperCase();
    for (const n of [1, 2]) await seedPattern(`FR${stamp}-${n}`, ['M']);
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  /** Signs in, then opens My Patterns afresh with the app's entry held until `release`. */
  async function openHeld(user: E2EUser, width: number, before?: (page: Page) => Promise<void>) {
    const page = await pages.open(width);
    await signIn(page, user);
    await before?.(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(ENTRY, async (route) => {
      await held;
      await route.continue();
    });
    // Whether the first rows were ever in the page, whatever came after.
    await page.evaluate(() => {
      sessionStorage.removeItem('sawFirstRows');
    });
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('first-rows')) sessionStorage.setItem('sawFirstRows', '1');
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/app/show-records', { waitUntil: 'commit' });
    return { page, release };
  }

  it.each([
    ['an admin at 1280 px', E2E_USERS.admin, 1280],
    ['a brand’s user at 390 px', E2E_USERS.partner, 390],
  ])(
    'stand where the app’s rows will, reading the same, and give way to them: %s',
    async (_who, user, width) => {
      const { page, release } = await openHeld(user, width);
      await page.locator('#first-rows [aria-label="Patterns"] tbody tr').first().waitFor();
      // The app has not run: its root is hidden, nothing of it is on screen.
      expect(await page.locator('#root').isVisible()).toBe(false);
      expect(await page.getByRole('heading', { name: 'My Patterns' }).isVisible()).toBe(true);
      const drawn = await layout(page, '#first-rows');
      expect(drawn.rows).toBeGreaterThan(0);

      release();
      // The app's own rows, working (the select-all box is the app's only once it has run).
      await page.locator('#root [aria-label="Patterns"] tbody tr').first().waitFor();
      await page.locator('#first-rows').waitFor({ state: 'detached' });
      expect(await page.locator('[aria-label="Patterns"]').count()).toBe(1);
      const app = await layout(page, '#root');
      expect(drawn).toEqual(app);
      // And they work: a sort header sorts.
      await page.getByRole('button', { name: /^Pattern ID/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('SFCC_Pattern_ID');
    },
  );

  it('a page opened afresh in the tab opens at its top, not where the page loaded before it was scrolled', async () => {
    const page = await pages.open(1280);
    await page.setViewportSize({ width: 1280, height: 400 });
    await signIn(page, E2E_USERS.admin); // the dashboard, loaded afresh
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 300);
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    await page.goto('/app/show-records');
    await page.locator('#root [aria-label="Patterns"] tbody tr').first().waitFor();
    // The list is taller than the window: 300 would have been restored had it been kept for it.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeGreaterThan(300);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Its own position is kept for a reload.
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.reload();
    await page.locator('#root [aria-label="Patterns"] tbody tr').first().waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(200);
  });

  it('are not drawn where the user chose the grid: the app draws its grid itself', async () => {
    const { page, release } = await openHeld(E2E_USERS.partner, 1280, (p) =>
      p.evaluate(() => localStorage.setItem('patterns-view', 'grid')),
    );
    release();
    await page.getByRole('button', { name: 'Grid', pressed: true }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('sawFirstRows'))).toBeNull();
  });
});
