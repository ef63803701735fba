import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, signIn, trackedPages, workerBrowser } from './browser';
import { E2E_USERS } from './users';
import { makePdf, PAGE } from '../src/server/test/preflight-files';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';

// Issue 48 item 6 (docs/preflight.md, "One PDF for several sizes"): each size with its own
// one-page PDF is what the form asks for, and the status panel stays free for real warnings.

/** A pattern of sizes 10, 12 and 14 of view A, size i's PDF being `pdfs[i]`. */
async function seed(code: string, pdfs: Buffer[]): Promise<number> {
  const fd = new FormData();
  const sizes = ['10', '12', '14'];
  fd.append(
    'data',
    JSON.stringify({
      SFCC_Pattern_ID: code,
      Pattern_Name: `Shared ${code}`,
      Brand: 'ditto',
      Size: sizes.map((Size) => ({ pattern_view: 'A', Size })),
    }),
  );
  pdfs.forEach((bytes, i) =>
    fd.append(
      `pattern_pdf_file${i}`,
      new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }),
      `size${sizes[i]}.pdf`,
    ),
  );
  const res = await fetch(`${baseURL()}${PATTERN_CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(E2E_USERS.partner)}` },
    body: fd,
  });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as PatternCreateResponse).data.ID;
}

const SHARED =
  'The 3 sizes 10, 12 and 14 all have this same one-page PDF: is it the right file for each of them?';

describe('size PDFs shared by several sizes', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(() => pages.closeAll());
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  const open = async (page: Page, id: number) => {
    await page.goto(`/app/show-records/${id}`);
    await page.getByTestId('size-row').first().waitFor();
  };

  it('no warning for each size with its own one-page PDF; one line in the status panel for one PDF named by three sizes', async () => {
    const stamp = Date.now().toString(36);
    const own = await seed(
      `E2E-OWN-${stamp}`,
      await Promise.all([PAGE.a4, PAGE.letter, PAGE.odd].map((p) => makePdf([p]))),
    );
    const one = await makePdf([PAGE.a4]);
    const shared = await seed(`E2E-SHR-${stamp}`, [one, one, one]);

    const page = await pages.open(1366);
    await signIn(page, E2E_USERS.partner);
    await open(page, own);
    expect(await page.getByTestId('preflight-warnings').count()).toBe(0);

    await open(page, shared);
    const panel = page.getByTestId('preflight-warnings');
    await panel.waitFor();
    expect(await panel.getByRole('listitem').allTextContents()).toEqual([`size10.pdf: ${SHARED}`]);

    // Each of the sizes' PDF shows it too.
    await page.getByRole('link', { name: 'Open size 12 (view A)' }).click();
    const warning = page.getByTestId('file-warning');
    await warning.waitFor();
    expect(await warning.allTextContents()).toEqual([`Warning: ${SHARED}`]);
  });
});
