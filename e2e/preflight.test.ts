import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { makePdf, makePhoto, PAGE } from '../src/server/test/preflight-files';
import { MSG } from '../src/shared/messages';

/** Files a partner picks, written to disk so Chromium uploads real files. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-preflight-'));
const files = {
  sizePdf: path.join(dir, 'size10-a0.pdf'),
  instructions: path.join(dir, 'instructions.pdf'),
  hero: path.join(dir, 'hero.jpg'),
};
const A0_WARNING =
  'The pattern is marked Printable, but this size PDF has no US Letter or A4 pages (its pages: A0)';

const sizeField = (page: Page, i: number, label: RegExp) =>
  page.getByRole('group', { name: `Size ${i + 1}` }).getByLabel(label);
/** True once the <img> holds decoded pixels. */
const loaded = (img: Locator) =>
  img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0);

describe('upload preflight', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  beforeAll(async () => {
    fs.writeFileSync(files.sizePdf, await makePdf([PAGE.a0, PAGE.a0]));
    fs.writeFileSync(files.instructions, await makePdf([PAGE.letter, PAGE.letter, PAGE.letter]));
    fs.writeFileSync(files.hero, await makePhoto({ width: 1200, height: 1500 }));
    browser = await workerBrowser();
  });
  afterAll(async () => {
    await pages.closeAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(pages.takeErrors()).toEqual([]);
  });

  it('a Printable pattern with an A0-only size PDF is warned about on the file and in the status panel; the list shows its thumbnail', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, '/app/add-record');
    await page.getByRole('heading', { name: 'Pattern Submission Form' }).waitFor();
    const code = `E2E-PF-${Date.now().toString(36)}`;
    await page.getByLabel('Pattern ID').fill(code);
    await page.getByLabel('Pattern Name').fill('Preflight Coat');
    await page.getByRole('button', { name: /^Is Printable/ }).click();
    await page.getByRole('option', { name: 'Yes', exact: true }).click();
    // Only Basic Pattern Details starts open.
    for (const section of ["PDF's", 'Images', 'Pattern Size'])
      await page.getByRole('button', { name: section, exact: true }).click();
    await sizeField(page, 0, /^Pattern View/).fill('A');
    await sizeField(page, 0, /^Size\*?$/).fill('10');
    await sizeField(page, 0, /^Pattern PDF/).setInputFiles(files.sizePdf);
    await page.getByLabel('Sewing Instructions PDF').setInputFiles(files.instructions);
    await page.getByLabel('Main Hero Image').setInputFiles(files.hero);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/app/show-records');
    await page.getByText(MSG.patternAdded).waitFor();

    // My Patterns: the new row (newest first) shows the main hero's thumbnail, loaded lazily with the token.
    const row = page.getByRole('row').filter({ hasText: code });
    const thumb = row.getByTestId('hero-thumbnail');
    await thumb.waitFor();
    await expect.poll(() => loaded(thumb)).toBe(true);
    expect(await thumb.getAttribute('alt')).toBe(`Main hero photo of ${code}`);
    // The grid view shows the same patterns as cards with their photos, and is remembered.
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    const card = page.getByTestId('pattern-card').filter({ hasText: code });
    await expect.poll(() => loaded(card.getByTestId('hero-thumbnail'))).toBe(true);
    await page.reload();
    await page.getByTestId('pattern-card').first().waitFor();
    expect(
      await page.getByRole('button', { name: 'Grid', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Table', exact: true }).click();

    // The pattern: the status panel lists the warning for the reviewer; the instructions card shows what was found.
    await row.getByRole('link', { name: code }).click();
    await page.getByRole('heading', { name: 'Preflight Coat', level: 1 }).waitFor();
    const panel = page.getByTestId('preflight-warnings');
    await panel.waitFor();
    expect(await panel.textContent()).toContain(`size10-a0.pdf: ${A0_WARNING}`);
    expect(
      await page.getByTestId('file-Instruction_PDF').getByTestId('file-findings').textContent(),
    ).toContain('3 pages · US Letter');
    expect(
      await page.getByTestId('file-Main_Hero_Image').getByTestId('file-findings').textContent(),
    ).toContain('1200×1500 px');
    // Its card shows the medium thumbnail (960 px on the longest side), not the 1500 px original.
    await page.getByTestId('file-Main_Hero_Image').scrollIntoViewIfNeeded();
    const heroCard = page.getByTestId('file-Main_Hero_Image').getByTestId('image-thumb');
    await heroCard.waitFor();
    await expect.poll(() => loaded(heroCard)).toBe(true);
    expect(await heroCard.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(960);
    // The PDF cards show the first page the server drew at upload; it opens the PDF page by page.
    const pdfThumb = page.getByTestId('file-Instruction_PDF').getByTestId('pdf-thumbnail');
    await pdfThumb.waitFor();
    await expect.poll(() => loaded(pdfThumb)).toBe(true);
    expect(await pdfThumb.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(960);
    expect(await pdfThumb.getAttribute('alt')).toBe('First page of instructions.pdf');
    expect(await page.getByTestId('file-Instruction_PDF').getByTestId('pdf-canvas').count()).toBe(
      0,
    );
    await page.getByRole('button', { name: 'Preview instructions.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'instructions.pdf' });
    await dialog.getByText('Page 1 of 3').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The size's row shows its PDF's first page, the small thumbnail the server drew, loaded once
    // the row is near the viewport; it opens the same page dialog.
    await page.getByTestId('size-row').first().scrollIntoViewIfNeeded();
    const sizeThumb = page.getByTestId('size-row').getByTestId('size-pdf-thumbnail');
    await sizeThumb.waitFor();
    await expect.poll(() => loaded(sizeThumb)).toBe(true);
    expect(await sizeThumb.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(320);
    expect(await sizeThumb.getAttribute('alt')).toBe('First page of size10-a0.pdf');
    await page.getByRole('button', { name: 'Preview size10-a0.pdf' }).click();
    const sizeDialog = page.getByRole('dialog', { name: 'size10-a0.pdf' });
    await sizeDialog.getByText('Page 1 of 2').waitFor();
    await page.keyboard.press('Escape');
    await sizeDialog.waitFor({ state: 'detached' });

    // The size's PDF card shows its findings and the same warning.
    await page.getByRole('link', { name: 'Open size 10 (view A)' }).click();
    const findings = page.getByTestId('file-findings').filter({ hasText: 'A0' }).first();
    await findings.waitFor();
    expect(await findings.textContent()).toContain('2 pages · A0');
    expect(await findings.getByTestId('file-warning').textContent()).toBe(`Warning: ${A0_WARNING}`);
  });
});
