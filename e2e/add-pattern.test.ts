import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiToken, baseURL, workerBrowser, newPage, signIn } from './browser';
import { E2E_USERS } from './users';
import { samplePdf, samplePng, SAMPLE_JPEG } from '../src/server/test/sample-files';
import { MSG } from '../src/shared/messages';
import {
  PATTERN_CREATE_PATH,
  type PatternCreateResponse,
} from '../src/shared/contracts/pattern-create';

/** Files a partner would pick, written to a temp dir so Chromium uploads real files. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-files-'));
const file = (name: string, bytes: Buffer) => {
  fs.writeFileSync(path.join(dir, name), bytes);
  return path.join(dir, name);
};
const files = {
  instructions: file('Sewing instructions (v2).pdf', samplePdf(400_000, 'Instructions')),
  sizeS: file('dress-S.pdf', samplePdf(900_000, 'Size S')),
  sizeM: file('dress-M.pdf', samplePdf(1_100_000, 'Size M')),
  tooBig: file('too-big.pdf', samplePdf(5 * 1024 * 1024 + 10, 'Too big')),
  hero: file('main-hero.png', samplePng(240, 160, [79, 70, 229])),
  heroA: file('hero-a.png', samplePng(120, 160, [252, 227, 0])),
  heroB: file('hero-b.jpg', SAMPLE_JPEG),
};

const sizeField = (page: Page, i: number, label: RegExp) =>
  page.getByRole('group', { name: `Size ${i + 1}` }).getByLabel(label);

describe('Pattern Submission Form', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await workerBrowser();
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a partner fills the form, fixes what Save reports, uploads with progress, and downloads a file back', async () => {
    const { page, context } = await newPage(browser);
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith(PATTERN_CREATE_PATH) && posts.push(r.url()),
    );
    await signIn(page, E2E_USERS.partner, '/app/add-record');
    await page.getByRole('heading', { name: 'Pattern Submission Form' }).waitFor();

    // Basic Pattern Details is open; the other sections start closed.
    await expect.poll(() => page.getByLabel('Pattern ID').isVisible()).toBe(true);
    expect(await page.getByText('Sewing Instructions PDF').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /Brand/ }).textContent()).toContain('Ditto');

    // Sizes: one at first; add two, delete the middle one; 'Add Size' only on the last.
    await page.getByRole('button', { name: 'Pattern Size' }).click();
    expect(await page.getByRole('group', { name: /^Size \d$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Delete size/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Size' }).click();
    await page.getByRole('button', { name: 'Add Size' }).click();
    expect(await page.getByRole('group', { name: /^Size \d$/ }).count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Add Size' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete size 2' }).click();
    expect(await page.getByRole('group', { name: /^Size \d$/ }).count()).toBe(2);
    await page.getByRole('button', { name: 'Delete size 2' }).click();
    expect(await page.getByRole('group', { name: /^Size \d$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Delete size/ }).count()).toBe(0);
    // Close it again, so Save has closed sections to open.
    await page.getByRole('button', { name: 'Pattern Size' }).click();

    // Save with nothing typed: every section opens, the spec's toast, messages at the fields, nothing sent.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MSG.checkRequired).waitFor();
    await page.getByText('Pattern ID is required').waitFor();
    for (const text of [
      'Sewing Instructions PDF',
      'Main Hero Image',
      MSG.patternViewRequired,
      MSG.sizeRequired,
      MSG.patternPdfRequired,
    ]) {
      expect(await page.getByText(text, { exact: true }).first().isVisible(), text).toBe(true);
    }

    // Fix it: fields, a select, two sizes with their PDFs, instructions and photos.
    const patternId = `E2E-${Date.now()}`;
    await page.getByLabel('Pattern ID').fill(patternId);
    await page.getByLabel('Pattern Name').fill('Wrap Dress');
    await page.getByLabel('Pattern Description').fill('A wrap dress for summer evenings.');
    await page.getByLabel('Price').fill('19.99');
    await page.getByRole('button', { name: /^Fabric Type/ }).click();
    await page.getByRole('option', { name: 'Woven', exact: true }).click();
    await sizeField(page, 0, /^Pattern View/).fill('A');
    await sizeField(page, 0, /^Size\*?$/).fill('S');
    await sizeField(page, 0, /^Pattern PDF/).setInputFiles(files.sizeS);
    await page.getByRole('button', { name: 'Add Size' }).click();
    await sizeField(page, 1, /^Pattern View/).fill('A');
    await sizeField(page, 1, /^Size\*?$/).fill('M');
    await sizeField(page, 1, /^Pattern PDF/).setInputFiles(files.sizeM);
    await page.getByLabel('Sewing Instructions PDF').setInputFiles(files.instructions);
    await page.getByLabel('Main Hero Image').setInputFiles(files.hero);
    await page.getByLabel('Hero Images').setInputFiles([files.heroA, files.heroB]);
    await page
      .getByText('Sewinginstructionsv2.pdf')
      .or(page.getByText('Sewing instructions (v2).pdf'))
      .first()
      .waitFor();
    expect(await page.getByText('dress-M.pdf').isVisible()).toBe(true);
    // Thumbnails of the chosen images: each drawn once its file's check has run and its preview
    // URL is made (an effect), so awaited, not counted at once (CI once saw 1 of 3).
    await expect.poll(() => page.locator('img[src^="blob:"]').count()).toBe(3);
    await page.getByRole('button', { name: 'Remove hero-b.jpg' }).click();
    expect(await page.getByText('hero-b.jpg').count()).toBe(0);

    // A PDF over 5 MB: the spec's warning toast, and Save sends nothing.
    await page.getByLabel('Yardage PDF').setInputFiles(files.tooBig);
    await page.getByText(MSG.pdfTooLarge).first().waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('too-big.pdf is larger than 5MB').first().waitFor();
    expect(posts).toHaveLength(0);
    await page.getByRole('button', { name: 'Remove too-big.pdf' }).click();

    // Upload over a slowed link, so the progress bar is seen; the form is locked meanwhile.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const response = page.waitForResponse((r) => r.url().endsWith(PATTERN_CREATE_PATH));
    await page.getByRole('button', { name: 'Save' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /Upload/ })
        .first()
        .textContent(),
    ).toMatch(/Upload/);
    expect(await page.getByLabel('Pattern ID').isDisabled()).toBe(true);
    const res = await response;
    expect(res.status()).toBe(201);
    const body = (await res.json()) as PatternCreateResponse;
    await page.waitForURL('**/app/show-records');
    await page.getByText(MSG.patternAdded).waitFor();
    expect(posts).toHaveLength(1);

    // Download the instructions back with the partner's own token: the same bytes, under the sanitised name.
    const instructions = body.data.files.find((f) => f.kind === 'Instruction_PDF')!;
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user')!).token as string,
    );
    const dl = await fetch(baseURL() + instructions.url, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Sewinginstructionsv2.pdf"/,
    );
    expect(Buffer.from(await dl.arrayBuffer()).equals(fs.readFileSync(files.instructions))).toBe(
      true,
    );
    const sizePdf = body.data.files.find(
      (f) => f.kind === 'pattern_pdf_file' && f.fileName === 'dress-M.pdf',
    )!;
    const dl2 = await fetch(baseURL() + sizePdf.url, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await dl2.arrayBuffer()).equals(fs.readFileSync(files.sizeM))).toBe(true);

    // Another brand's partner cannot see it.
    const other = await apiToken(E2E_USERS.otherBrand);
    expect(
      (await fetch(baseURL() + instructions.url, { headers: { authorization: `Bearer ${other}` } }))
        .status,
    ).toBe(404);
    await context.close();
  });

  it('keeps everything when the server refuses, and Cancel asks before discarding', async () => {
    const { page, context } = await newPage(browser, { width: 390 });
    await signIn(page, E2E_USERS.partner);
    // A Pattern ID that exists: the server answers 409 at the field; the form keeps what was typed and chosen.
    const token = await apiToken(E2E_USERS.partner);
    const taken = `E2E-TAKEN-${Date.now()}`;
    const fd = new FormData();
    fd.append(
      'data',
      JSON.stringify({
        SFCC_Pattern_ID: taken,
        Pattern_Name: 'First',
        Brand: (
          await (
            await fetch(`${baseURL()}/api/auth/me`, {
              headers: { authorization: `Bearer ${token}` },
            })
          ).json()
        ).user.brand.id,
        Size: [{ pattern_view: 'A', Size: 'S' }],
      }),
    );
    fd.append('pattern_pdf_file0', new Blob([new Uint8Array(samplePdf())]), 'a.pdf');
    expect(
      (
        await fetch(baseURL() + PATTERN_CREATE_PATH, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: fd,
        })
      ).status,
    ).toBe(201);

    await page.goto('/app/add-record');
    await page.getByLabel('Pattern ID').fill(taken);
    await page.getByLabel('Pattern Name').fill('Second try');
    await page.getByRole('button', { name: 'Pattern Size' }).click();
    await sizeField(page, 0, /^Pattern View/).fill('A');
    await sizeField(page, 0, /^Size\*?$/).fill('S');
    await sizeField(page, 0, /^Pattern PDF/).setInputFiles(files.sizeS);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.patternIdTaken }).first().waitFor();
    expect(await page.getByLabel('Pattern Name').inputValue()).toBe('Second try');
    expect(await page.getByText('dress-S.pdf').isVisible()).toBe(true);
    expect(page.url()).toContain('/app/add-record');

    // Cancel asks first; Keep editing stays, Discard goes to the list.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard this pattern?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByLabel('Pattern Name').inputValue()).toBe('Second try');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/app/show-records');

    // With nothing entered, Cancel just goes back.
    await page.goto('/app/add-record');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/app/show-records');
    await context.close();
  });
});
