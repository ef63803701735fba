import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS, type E2EUser } from './users';
import { samplePdf } from '../src/server/test/sample-files';
import { MSG } from '../src/shared/messages';
import { SEARCH_DEBOUNCE_MS } from '../src/web/features/pattern-list/components/search-box';
import { PATTERN_CREATE_PATH } from '../src/shared/contracts/pattern-create';

// Unique to this run: the e2e server is shared by every journey file.
const stamp = Date.now().toString(36);
const prefix = `LST${stamp}`.toUpperCase();
const word = `Lw${stamp}`; // in every seeded name, so a search finds exactly this run's patterns
const KINDS = ['Wrap Dress', 'Camp Shirt', 'Pleated Skirt'];
const SEEDED = 30;

async function createPattern(
  user: E2EUser,
  code: string,
  name: string,
  price: number,
): Promise<void> {
  const token = await apiToken(user);
  const me = await (
    await fetch(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const fd = new FormData();
  fd.append(
    'data',
    JSON.stringify({
      SFCC_Pattern_ID: code,
      Pattern_Name: name,
      Brand: me.user.brand.id,
      Price: price,
      Type: 'Women Patterns',
      Size: [{ pattern_view: 'A', Size: 'M' }],
    }),
  );
  fd.append(
    'pattern_pdf_file0',
    new Blob([new Uint8Array(samplePdf(2000, code))], { type: 'application/pdf' }),
    'size-m.pdf',
  );
  const res = await fetch(`${baseURL()}${PATTERN_CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  if (res.status !== 201)
    throw new Error(`seeding ${code} failed: ${res.status} ${await res.text()}`);
}

describe('My Patterns list', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  const otherName = `Rival Coat ${word}x`;

  beforeAll(async () => {
    browser = await workerBrowser();
    for (let i = 1; i <= SEEDED; i++) {
      await createPattern(
        E2E_USERS.partner,
        `${prefix}-${String(i).padStart(2, '0')}`,
        `${KINDS[i % 3]} ${word} ${i}`,
        10 + ((i * 7) % 31),
      );
    }
    await createPattern(E2E_USERS.otherBrand, `${prefix}-OTHER`, otherName, 99);
  });
  afterAll(async () => {
    await pages.closeAll();
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  const range = (page: Page) => page.getByTestId('list-range');
  const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
  // What a person reads in the Pattern ID column (innerText: the status shown under the ID on a
  // phone is display:none on a wide screen, so it is not part of what is read there).
  const codes = async (page: Page) =>
    (await page.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((c) => c.trim());
  const signedIn = async (user: E2EUser, width?: number) => {
    const page = await pages.open(width);
    await signIn(page, user, '/app/show-records');
    await range(page).waitFor();
    return page;
  };

  it("a first load asks for its page before the app's script has run, once, and shows that answer", async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner);
    const lists: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname === '/api/patterns') lists.push(url.search);
    });
    // Every script but the small boot script (web/boot.ts) is held back: it imports nothing, so
    // it runs on its own (vite.config.ts) and asks for the list.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const entry = /\/app\/assets\/(?!boot-)[^/]+\.js$/;
    await page.route(entry, async (route) => {
      await held;
      await route.continue();
    });
    const query = `?search=${word}&sort=Pattern_Name&dir=asc`;
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/patterns', {
      timeout: 10_000,
    });
    await page.goto(`/app/show-records${query}`, { waitUntil: 'commit' });
    expect(new URL((await asked).url()).search).toBe(query);
    release(); // later requests for it pass at once

    // The answer the app shows is that request's: names A to Z, so the ten Camp Shirts first.
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–10 of 30');
    const campShirts = Array.from({ length: SEEDED }, (_, i) => i + 1)
      .filter((i) => i % 3 === 1)
      .map((i) => `${prefix}-${String(i).padStart(2, '0')}`);
    expect((await codes(page)).sort()).toEqual(campShirts.sort());
    expect(lists).toEqual([query]);

    // A query string the server refuses (an edited link): the app drops the bad value and asks
    // again itself; no error, still signed in.
    lists.length = 0;
    await page.goto(`/app/show-records?search=${word}&page=abc`);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–10 of 30');
    expect(lists[0]).toBe(`?search=${word}&page=abc`);
    expect(lists.slice(1)).toEqual([expect.stringContaining(`search=${word}`)]);
    expect(lists[1]).not.toContain('abc');
    await page.getByRole('button', { name: E2E_USERS.partner.fullName }).first().waitFor();
  });

  it('fetches the header menu, the working filters, the bulk bar and the toasts only after the first rows are painted (issue 50)', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner);
    // The list's answer is held until the screen stands in its loading state.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === '/api/patterns',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/app/show-records?search=${word}`);
    await page.getByTestId('skeleton-row').first().waitFor();
    // The filters stand in closed; from now on the page notes when the first row is in.
    await page.getByRole('button', { name: 'Status: All statuses', disabled: true }).waitFor();
    const toasts = page.locator('section.Toastify');
    expect(await toasts.count()).toBe(0);
    await page.evaluate(() => {
      const w = window as unknown as { firstRowAt?: number };
      const seen = () =>
        document.querySelector(
          '[aria-label="Patterns"] tbody tr:not([data-testid="skeleton-row"])',
        );
      new MutationObserver(() => (w.firstRowAt ??= seen() ? performance.now() : undefined)).observe(
        document,
        { childList: true, subtree: true },
      );
    });
    release();
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–10 of 30');
    // Then the working menu, filters and bulk bar arrive.
    await page.getByRole('button', { name: E2E_USERS.partner.fullName }).first().waitFor();
    await page.getByRole('button', { name: /^Select all 30 matching/ }).waitFor();
    await page.locator('button[aria-haspopup="listbox"]').first().waitFor();
    await toasts.waitFor({ state: 'attached' });
    const { firstRowAt, asked } = await page.evaluate(() => ({
      firstRowAt: (window as unknown as { firstRowAt?: number }).firstRowAt,
      asked: performance
        .getEntriesByType('resource')
        .filter((e) => /\/(user-menu|list-filters-live|bulk-bar)-[^/]+\.js$/.test(e.name))
        .map((e) => ({ script: new URL(e.name).pathname.split('/').pop(), at: e.startTime })),
    }));
    expect(firstRowAt).toBeGreaterThan(0);
    expect(asked).toHaveLength(3);
    for (const a of asked) expect(a.at, a.script).toBeGreaterThan(firstRowAt!);
  });

  it('finds a pattern by typing part of its name, sorts, pages, and keeps the view on reload and back', async () => {
    const page = await signedIn(E2E_USERS.partner);

    // Part of one name: a single match, shown as the user types.
    await search(page).fill(`${word.toLowerCase()} 17`);
    await page.waitForURL(/search=/);
    await expect.poll(() => codes(page)).toEqual([`${prefix}-17`]);
    await page.getByRole('link', { name: `${prefix}-17` }).waitFor();

    // The whole run: 30 patterns over three pages of 10.
    await search(page).fill(word);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–10 of 30');

    // Sort by price: dearest first, then cheapest first.
    const priceHeader = page.getByRole('columnheader', { name: /Price/ });
    await page.getByRole('button', { name: /^Price/ }).click();
    await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('descending');
    const prices = async () =>
      (await page.locator('tbody tr td:nth-child(7)').allTextContents()).map(Number);
    await expect.poll(async () => (await prices())[0]).toBe(40);
    await page.getByRole('button', { name: /^Price/ }).click();
    await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => (await prices())[0]).toBe(11);
    const ascending = await prices();
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);

    // Next page, then a reload shows the same view.
    const firstPage = await codes(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range(page).textContent()).toBe('Showing 11–20 of 30');
    const secondPage = await codes(page);
    expect(secondPage).toHaveLength(10);
    expect(secondPage.some((c) => firstPage.includes(c))).toBe(false);
    const url = page.url();
    expect(url).toMatch(/page=2/);
    expect(url).toMatch(/sort=Price/);
    await page.reload();
    await expect.poll(() => range(page).textContent()).toBe('Showing 11–20 of 30');
    expect(await codes(page)).toEqual(secondPage);
    expect(await search(page).inputValue()).toBe(word);
    expect(await priceHeader.getAttribute('aria-sort')).toBe('ascending');

    // Page size, then back to the previous view.
    await page.getByLabel('Rows per page').selectOption('25');
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–25 of 30');
    await page.goBack();
    await expect.poll(() => range(page).textContent()).toBe('Showing 11–20 of 30');
    expect(await codes(page)).toEqual(secondPage);

    // A shared link opens the same view in a new session.
    const other = await pages.open();
    await signIn(other, E2E_USERS.partner, url);
    await expect.poll(() => range(other).textContent()).toBe('Showing 11–20 of 30');
    expect(await codes(other)).toEqual(secondPage);
  });

  it("never shows a partner another brand's pattern; an admin sees it with its brand", async () => {
    const page = await signedIn(E2E_USERS.partner);
    await search(page).fill(otherName);
    await page.getByText('No patterns match').waitFor();
    expect(await page.getByRole('link', { name: `${prefix}-OTHER` }).count()).toBe(0);

    const admin = await signedIn(E2E_USERS.admin);
    await search(admin).fill(otherName);
    // The search applied (not the unfiltered list, where other journeys' newer patterns come first).
    await expect.poll(() => range(admin).textContent()).toBe('Showing 1–1 of 1');
    const row = admin.locator('tbody tr', {
      has: admin.getByRole('link', { name: `${prefix}-OTHER` }),
    });
    expect(await row.textContent()).toContain('Butterick');
  });

  it('opens a pattern clicked right after typing, for an admin with a status filter', async () => {
    // A pattern clicked while a search is still due (typed less than 300 ms before) opens, and
    // stays open: the search falls due while the pattern's screen is loading, and must not pull
    // the user back to the list. The screen's script is held until the search is past due, so the
    // race is the same on a fast machine and a slow one (no timing guess).
    const admin = await signedIn(E2E_USERS.admin);
    await admin.goto(`/app/show-records?status=draft&search=${word}`);
    await expect.poll(() => range(admin).textContent()).toMatch(/of 31$/);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    await admin.route(/\/assets\/pattern-detail-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const listed = await codes(admin);
    // Typing and the click in one task of the page: no timer can run between them, so the search
    // is still due at the click however slow the machine (a click sent after typing can reach a
    // loaded browser more than 300 ms later, and then the search was rightly applied first).
    const box = await search(admin).elementHandle();
    const cell = await admin.locator('tbody tr').first().locator('td').nth(5).elementHandle();
    await admin.evaluate(
      ([input, td]) => {
        const el = input as HTMLInputElement;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(el, `${el.value} 1`);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        (td as HTMLElement).click();
      },
      [box, cell] as const,
    );
    const target = listed[0];
    await expect.poll(() => asked).toBe(true); // the pattern's screen is on its way
    await admin.waitForTimeout(SEARCH_DEBOUNCE_MS + 500); // the search falls due meanwhile
    // The click came first: the search was not applied to the URL (or the click would be undone).
    expect(new URL(admin.url()).searchParams.get('search')).toBe(word);
    release();
    await admin.locator('p', { hasText: new RegExp(`^${target} ·`) }).waitFor();
    await admin.waitForTimeout(SEARCH_DEBOUNCE_MS + 200);
    // Still on the pattern clicked, not pulled back to the list by the search.
    expect(new URL(admin.url()).pathname).toMatch(/^\/app\/show-records\/\d+$/);
  }, 90_000);

  it('deletes a selection after a confirm naming the count, and downloads the view as CSV', async () => {
    const page = await signedIn(E2E_USERS.partner);
    await search(page).fill(word);
    await expect.poll(() => range(page).textContent()).toMatch(/of 30$/);
    const [a, b] = (await codes(page)).slice(0, 2);
    await page.getByRole('checkbox', { name: `Select ${a}` }).check();
    await page.getByRole('checkbox', { name: `Select ${b}` }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 patterns?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete 2 patterns' }).click();
    await page.locator('.Toastify').getByText(MSG.deleted).waitFor();
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–10 of 28');
    expect(await codes(page)).not.toContain(a);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^patterns-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^\ufeff?Pattern ID,Pattern Name,Brand/);
    expect(lines).toHaveLength(29);
    expect(lines.slice(1).every((l) => l.startsWith(`${prefix}-`))).toBe(true);
    expect(csv).not.toContain(`${a},`);
  });

  it('stays usable on a phone: the table scrolls inside its box, not the page', async () => {
    const page = await signedIn(E2E_USERS.partner, 390);
    await search(page).fill(word);
    await expect.poll(() => range(page).textContent()).toMatch(/of 28$/);
    const widths = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(widths.view);
    const region = page.getByRole('region', { name: 'Patterns' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page
      .getByRole('link', { name: `${prefix}-` })
      .first()
      .click();
    await page.waitForURL(/\/app\/show-records\/\d+$/);
  });

  it('shows the first pattern without scrolling at 390 × 844, and a 240-character word widens no page', async () => {
    // One word of 240 letters, unique to this run (issue 48 item 10).
    const long = `Longword${stamp}`.repeat(40).slice(0, 240);
    await createPattern(E2E_USERS.partner, `${prefix}-LONG`, long, 15);
    const page = await pages.open(390, { height: 844 });
    await signIn(page, E2E_USERS.partner, `/app/show-records?search=${long.slice(0, 40)}`);
    await expect.poll(() => range(page).textContent()).toBe('Showing 1–1 of 1');
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const inSight = async (first: ReturnType<Page['locator']>) => {
      const box = (await first.boundingBox())!;
      return { top: box.y >= 0, bottom: box.y + box.height <= 844 };
    };
    expect(await inSight(page.locator('tbody tr').first())).toEqual({ top: true, bottom: true });
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    const card = page.getByTestId('pattern-card').first();
    await card.waitFor();
    expect(await inSight(card)).toEqual({ top: true, bottom: true });
    expect(await fits()).toBe(true);

    // The filters fold behind one button that counts the ones set; the search stays in sight.
    const bar = page.getByRole('region', { name: 'Filters' });
    const status = bar.getByRole('button', { name: /^Status/ });
    expect(await search(page).isVisible()).toBe(true);
    expect(await status.isVisible()).toBe(false);
    const filters = bar.getByRole('button', { name: /^Filters/ });
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await status.click();
    await page.getByRole('option', { name: 'Draft', exact: true }).click();
    await expect.poll(() => filters.textContent()).toBe('Filters1 set');
    expect(await fits()).toBe(true);

    // Its screen: the name breaks inside the window.
    await page
      .getByRole('link', { name: `${prefix}-LONG` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: long }).waitFor();
    expect(await fits()).toBe(true);
  });
});
