import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { workerBrowser, signIn, trackedPages } from './browser';
import { E2E_USERS } from './users';
import { samplePdf, samplePng } from '../src/server/test/sample-files';
import { csvSheet, zipOf, type SheetRow } from '../src/server/features/imports/imports.fixtures';
import { TEMPLATE_HEADERS } from '../src/server/features/imports/template';
import { violations } from './axe';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-import-'));
const code = `E2E-IMP-${Date.now().toString(36)}`.toUpperCase();
const ids = [`${code}-1`, `${code}-2`];

function sheet(fixed: boolean): SheetRow[] {
  return [
    {
      'Pattern ID': ids[0],
      'Pattern Name': 'Imported dress',
      'Pattern Type': 'Women Patterns',
      'Pattern View': 'A',
      Size: 'S',
      'Pattern PDF': 'dress-s.pdf',
      'Main Hero Image': 'dress.png',
    },
    { 'Pattern ID': ids[0], 'Pattern View': 'A', Size: 'M', 'Pattern PDF': 'dress-m.pdf' },
    {
      'Pattern ID': ids[1],
      'Pattern Name': 'Imported shirt',
      'Pattern View': fixed ? 'B' : '',
      Size: '10',
      'Pattern PDF': 'shirt.pdf',
    },
  ];
}

describe('bulk import', () => {
  let browser: Browser;
  const pages = trackedPages(() => browser);
  let zipPath: string;
  beforeAll(async () => {
    browser = await workerBrowser();
    zipPath = path.join(dir, 'files.zip');
    fs.writeFileSync(
      zipPath,
      await zipOf([
        { name: 'pdfs/dress-s.pdf', data: samplePdf(200_000, 'S'), compress: false },
        { name: 'pdfs/dress-m.pdf', data: samplePdf(200_000, 'M'), compress: false },
        { name: 'pdfs/shirt.pdf', data: samplePdf(150_000, 'Shirt'), compress: false },
        { name: 'images/dress.png', data: samplePng(60, 40) },
      ]),
    );
  });
  afterAll(async () => {
    await pages.closeAll();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function upload(page: Page, rows: SheetRow[], name: string) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, csvSheet(rows));
    await page.getByLabel('Sheet (CSV or XLSX)').setInputFiles(file);
    await page.getByLabel('Files (one ZIP, optional)').setInputFiles(zipPath);
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.getByRole('heading', { name: /^Import #\d+$/ }).waitFor();
    await expect
      .poll(() => page.getByTestId('import-status').textContent(), { timeout: 30_000 })
      .toMatch(/Checked|Failed/);
    expect(await page.getByTestId('import-status').textContent()).toBe('Checked');
  }

  it('a partner downloads the template, uploads a sheet with one bad row, reads the report, fixes it, imports, and sees the patterns', async () => {
    const page = await pages.open();
    await signIn(page, E2E_USERS.partner, '/app/show-records');
    // One entry (issue 34): "Import patterns", the history one click away beside it.
    const entry = page.getByRole('link', { name: 'Import patterns', exact: true });
    await entry.waitFor();
    expect(await page.getByRole('link', { name: 'Import history', exact: true }).count()).toBe(1);
    await entry.click();
    await page.getByRole('heading', { name: 'Import patterns' }).waitFor();
    expect(await violations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download template (XLSX)' }).click(),
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    expect((wb.worksheets[0]?.getRow(1).values as string[]).slice(1)).toEqual(TEMPLATE_HEADERS);
    expect(wb.worksheets[1]?.name).toBe('Allowed values');

    await upload(page, sheet(false), 'catalogue.csv');
    const problems = page.getByRole('table', { name: 'Problems found in the sheet and the ZIP' });
    await expect
      .poll(() => problems.getByRole('row').filter({ hasText: 'Pattern View is required' }).count())
      .toBe(1);
    expect(
      await problems.getByRole('row').filter({ hasText: 'Pattern View is required' }).textContent(),
    ).toContain('4');
    expect(await page.getByText('1 ready to import').isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download report (CSV)' }).click(),
    ]);
    const reportText = fs.readFileSync(await report.path(), 'utf8');
    expect(reportText.split('\r\n')[0]?.endsWith(',Errors')).toBe(true);
    expect(reportText).toContain('Pattern View: Pattern View is required');

    // The fixed sheet: a new check, this time without problems; then the import.
    await page.getByRole('link', { name: 'Upload a fixed sheet' }).click();
    await upload(page, sheet(true), 'catalogue-fixed.csv');
    expect(await page.getByText('No problems found.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Import 2 patterns' }).click();
    await expect
      .poll(() => page.getByTestId('import-status').textContent(), { timeout: 60_000 })
      .toBe('Done');
    expect(
      await page.getByText('2 created, 0 updated, 0 skipped, 0 not imported.').isVisible(),
    ).toBe(true);
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Imports', level: 1 }).waitFor();
    await page.getByRole('link', { name: /catalogue-fixed\.csv/ }).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(`/app/show-records?search=${code}`);
    for (const id of ids) await page.getByRole('cell', { name: id }).first().waitFor();
    expect(pages.takeErrors()).toEqual([]);
  });
});
