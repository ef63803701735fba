import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiToken, baseURL, workerBrowser, trackedPages, signIn } from './browser';
import { E2E_USERS } from './users';
import { samplePdf, samplePng } from '../src/server/test/sample-files';
import { MSG } from '../src/shared/messages';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';
import { PATTERN_DETAIL_MSG } from '../src/shared/contracts/pattern-detail';
import { SIZE_MSG } from '../src/shared/contracts/sizes';

/** A PDF a partner picks for the new size, written to disk so Chromium uploads a real file. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-detail-'));
const sizePdf = path.join(dir, 'size-L.pdf');
fs.writeFileSync(sizePdf, samplePdf(20_000, 'Size L'));

const code = `E2E-DETAIL-${Date.now().toString(36)}`;
const name = `Detail Dress ${code}`;

/** Seeds the pattern as a partner would: through the submission endpoint, with two sizes and files. */
async function createPattern(): Promise<number> {
  const token = await apiToken(E2E_USERS.partner);
  const me = await (
    await fetch(`${baseURL()}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const fd = new FormData();
  const sizes = [
    ['A', 'S'],
    ['A', 'M'],
  ];
  fd.append(
    'data',
    JSON.stringify({
      SFCC_Pattern_ID: code,
      Pattern_Name: name,
      Brand: me.user.brand.id,
      Type: 'Women Patterns',
      Size: sizes.map(([pattern_view, Size]) => ({ pattern_view, Size })),
    }),
  );
  sizes.forEach(([, s], i) =>
    fd.append(
      `pattern_pdf_file${i}`,
      new Blob([new Uint8Array(samplePdf(3000, `Size ${s}`))], { type: 'application/pdf' }),
      `size-${s}.pdf`,
    ),
  );
  fd.append(
    'Instruction_PDF',
    new Blob([new Uint8Array(samplePdf(4000, 'Sewing instructions'))], { type: 'application/pdf' }),
    'instructions.pdf',
  );
  fd.append(
    'Main_Hero_Image',
    new Blob([new Uint8Array(samplePng(160, 120, [200, 40, 40]))], { type: 'image/png' }),
    'hero.png',
  );
  const res = await fetch(`${baseURL()}${PATTERN_CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as PatternCreateResponse).data.ID;
}

/** True once the canvas holds drawn pixels (pdf.js rendered the page), not just a blank box. */
const canvasHasInk = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    if (c.dataset.rendered !== 'true' || !c.width) return false;
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 128) return true;
    return false;
  });

describe('pattern and size detail', () => {
  let browser: Browser;
  let patternId: number;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    browser = await workerBrowser();
    patternId = await createPattern();
  });
  afterAll(async () => {
    await pages.closeAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });
  const open = (width?: number) => pages.open(width);
  const toast = (page: Page, text: string) =>
    page.locator('.Toastify').getByText(text.trim(), { exact: false }).first().waitFor();
  const sizesCount = (page: Page) => page.getByTestId('sizes-count').textContent();

  it('a partner opens the pattern, previews its files, edits a field, adds and deletes a size, and sends it to review', async () => {
    const page = await open();
    await signIn(page, E2E_USERS.partner, `/app/show-records/${patternId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await page.getByTestId('pattern-status').textContent()).toBe('Draft');
    expect(await page.getByRole('button', { name: 'Publish to production' }).count()).toBe(0);

    // The instructions PDF shows the first page the server drew; the hero image shows as a thumbnail.
    const pdfThumb = page.getByTestId('file-Instruction_PDF').getByTestId('pdf-thumbnail');
    await expect
      .poll(() => pdfThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    // Its medium thumbnail (never larger than the photo, 160 px) loads once the card is near the viewport.
    await page.getByTestId('file-Main_Hero_Image').scrollIntoViewIfNeeded();
    const thumb = page.getByTestId('file-Main_Hero_Image').getByRole('img');
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160);
    await page.getByRole('button', { name: /View Main Hero Image hero.png large/ }).click();
    await page.getByRole('dialog', { name: /Main Hero Image: hero.png/ }).waitFor();
    await page.keyboard.press('Escape');

    // Edit mode: the submission's rules, the error at the field, nothing typed lost.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const form = page.getByRole('form', { name: 'Edit pattern' });
    await form.getByLabel('Pattern ID').fill('');
    await form.getByLabel('Pattern Name').fill(`${name} edited`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.getByText('Pattern ID is required').waitFor();
    expect(await form.getByLabel('Pattern Name').inputValue()).toBe(`${name} edited`);
    await form.getByLabel('Pattern ID').fill(code);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, PATTERN_DETAIL_MSG.updated);
    await page.getByRole('heading', { name: `${name} edited`, level: 1 }).waitFor();

    // Add a size in the dialog: it closes and the count goes up.
    expect(await sizesCount(page)).toBe('(2)');
    await page.getByRole('button', { name: 'Add Size' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Size' });
    await dialog.getByLabel('Pattern View').fill('B');
    await dialog.getByLabel(/^Size/).fill('L');
    await dialog.getByLabel('Pattern PDF').setInputFiles(sizePdf);
    await dialog.getByRole('button', { name: 'Add Size' }).click();
    await toast(page, MSG.sizeAdded);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => sizesCount(page)).toBe('(3)');
    await page.getByRole('cell', { name: 'size-L.pdf' }).waitFor();

    // Delete it again.
    await page.getByRole('button', { name: 'Delete size L (view B)' }).click();
    await page
      .getByRole('dialog', { name: 'Delete size' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, MSG.sizeDeleted);
    await expect.poll(() => sizesCount(page)).toBe('(2)');

    // Send to review.
    await page.getByRole('button', { name: 'Send to review' }).click();
    await page
      .getByRole('dialog', { name: 'Send to review' })
      .getByRole('button', { name: 'Send to review' })
      .click();
    await toast(page, MSG.reviewed);
    await expect.poll(() => page.getByTestId('pattern-status').textContent()).toBe('In review');
    await expect.poll(() => page.getByRole('button', { name: 'Send to review' }).count()).toBe(0);
  });

  it('a partner edits a size’s template fields, previews its PDF and adds a piece', async () => {
    const page = await open();
    await signIn(page, E2E_USERS.partner, `/app/show-records/${patternId}`);
    await page.getByRole('link', { name: 'Open size S (view A)' }).click();
    await page.getByRole('heading', { name: /Size S/, level: 1 }).waitFor();
    await expect
      .poll(() => canvasHasInk(page.getByTestId('pdf-canvas')), { timeout: 20_000 })
      .toBe(true);

    await page.getByLabel('Design ID').fill('D-100');
    await page.getByLabel('Garment 45').fill('2 1/4 yd');
    await page.getByRole('button', { name: 'Save size' }).click();
    await toast(page, MSG.sizeUpdated);

    await page.getByRole('button', { name: 'Add piece' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add piece' });
    await dialog.getByLabel('Piece Number').fill('1');
    await dialog.getByLabel('Piece Description').fill('Front bodice');
    await dialog.getByLabel('Cut Quantity').fill('2');
    await dialog.getByRole('button', { name: 'Add piece' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('piece-row').getByText('Front bodice').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: /Size S/, level: 1 }).waitFor();
    expect(await page.getByLabel('Design ID').inputValue()).toBe('D-100');

    // Edited after it was sent to review: it goes to review again, so the admin publishes what was reviewed.
    await page.goto(`/app/show-records/${patternId}`);
    await page.getByRole('button', { name: 'Send to review' }).click();
    await page
      .getByRole('dialog', { name: 'Send to review' })
      .getByRole('button', { name: 'Send to review' })
      .click();
    await toast(page, MSG.reviewed);
  });

  it('an admin opens the pattern in review and publishes it', async () => {
    const page = await open();
    await signIn(page, E2E_USERS.admin, `/app/show-records/${patternId}`);
    await expect.poll(() => page.getByTestId('pattern-status').textContent()).toBe('In review');
    await page.getByRole('button', { name: 'Publish to production' }).click();
    await page
      .getByRole('dialog', { name: 'Publish to production' })
      .getByRole('button', { name: 'Publish to production' })
      .click();
    await toast(page, MSG.published);
    await expect.poll(() => page.getByTestId('pattern-status').textContent()).toBe('Published');
  });

  it('a user of another brand typing the URLs sees the not-found state', async () => {
    const page = await open();
    await signIn(page, E2E_USERS.otherBrand, `/app/show-records/${patternId}`);
    await page.getByText(PATTERN_DETAIL_MSG.notFound).waitFor();
    expect(await page.getByText(name).count()).toBe(0);
    await page.goto(`/app/show-records/${patternId}/1`);
    await page.getByText(SIZE_MSG.notFound).waitFor();
  });

  it('fits a phone: nothing wider than the screen but the sizes table, which scrolls with its actions pinned in view', async () => {
    const page = await open(390);
    await signIn(page, E2E_USERS.partner, `/app/show-records/${patternId}`);
    await page.getByRole('heading', { name: `${name} edited`, level: 1 }).waitFor();
    await page.getByTestId('size-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    // The table is wider than the phone, yet each row's Delete stays on screen, before and after scrolling it.
    const scroller = page.locator('section[aria-labelledby="sizes-heading"] .overflow-x-auto');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const del = page
      .getByTestId('size-row')
      .first()
      .getByRole('button', { name: /^Delete size/ });
    const inView = async () => {
      const box = (await del.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= 390;
    };
    expect(await inView()).toBe(true);
    await scroller.evaluate((el) => el.scrollTo({ left: 120 }));
    expect(await inView()).toBe(true);
  });
});
