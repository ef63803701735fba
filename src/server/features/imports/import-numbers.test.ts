import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helper';
import { samplePdf } from '../../test/sample-files';
import { patterns } from '../../db/schema/patterns';
import { IMPORT_MSG, IMPORT_NUMBERS, IMPORT_PATHS } from '../../../shared/contracts/imports';
import { getImport, importWorker, uploadAndCheck, uploadForm, zipOf } from './imports.fixtures';
import { readSheet } from './sheet-reader';

/**
 * Issue 48 item 8: a sheet separated by semicolons or tabs (a European Excel's "CSV") writes its
 * prices with a decimal comma; a comma-separated sheet keeps the point (docs/product-decisions.md
 * "Bulk import").
 */
let t: TestApp;
let partner: TestUser;
beforeEach(async () => {
  t = await createTestApp({ IMPORT_WORKER: 'off' });
  partner = await createUser(t, { brand: 'ditto' });
});
afterEach(() => t.close());

const HEADERS = ['Pattern ID', 'Pattern Name', 'Price', 'Pattern View', 'Size', 'Pattern PDF'];
/** A sheet of one size per pattern, `[Pattern ID, Price]` each, its cells separated by `delimiter` (quoted where they hold it). */
function sheet(delimiter: string, rows: [string, string][]): Buffer {
  const cell = (c: string) => (c.includes(delimiter) ? `"${c}"` : c);
  const lines = [
    HEADERS,
    ...rows.map(([id, price]) => [id, `Name ${id}`, price, 'A', 'S', 'p.pdf']),
  ];
  return Buffer.from(lines.map((l) => l.map(cell).join(delimiter)).join('\r\n') + '\r\n');
}
const zip = () => zipOf([{ name: 'p.pdf', data: samplePdf() }]);

async function importAll(id: number) {
  const run = await t.app.inject({
    method: 'POST',
    url: IMPORT_PATHS.runOf(id),
    headers: partner.auth,
  });
  expect(run.statusCode).toBe(202);
  await importWorker(t).drain();
  expect(await getImport(t, partner, id)).toMatchObject({ status: 'done' }); // the refused rows count as failed
  const rows = await t.deps.database.db.select().from(patterns).orderBy(patterns.SFCC_Pattern_ID);
  return Object.fromEntries(rows.map((p) => [p.SFCC_Pattern_ID, p.Price]));
}

const priceIssues = (report: { issues: { row: number; column: string; message: string }[] }) =>
  report.issues.filter((i) => i.column === 'Price').map((i) => [i.row, i.message]);

describe('numbers in a European CSV (issue 48 item 8)', () => {
  it('reads a semicolon sheet’s decimal comma and unambiguous thousands marks, and refuses "1.234" as ambiguous', async () => {
    const report = await uploadAndCheck(
      t,
      partner,
      uploadForm(
        sheet(';', [
          ['EU-1', '12,50'],
          ['EU-2', '1.234,50'],
          ['EU-3', '1 234,5'],
          ['EU-4', '9.90'],
          ['EU-5', '1.234'],
          ['EU-6', '12,50 €'],
        ]),
        { zip: await zip() },
      ),
    );
    expect(priceIssues(report)).toEqual([
      [6, IMPORT_MSG.ambiguousNumber('Price', '1.234')],
      [7, IMPORT_MSG.notANumber('Price', IMPORT_NUMBERS.commaForms)],
    ]);
    expect(report.issues[0]?.message).toBe(
      'Price "1.234" is ambiguous (is the mark a thousands mark or a decimal mark?): write 1234 for the thousands, or at most two decimals',
    );
    expect(report).toMatchObject({ status: 'checked', patterns: 6, valid: 4 });
    expect(await importAll(report.id)).toEqual({
      'EU-1': '12.50',
      'EU-2': '1234.50',
      'EU-3': '1234.50',
      'EU-4': '9.90',
    });
  });

  it('reads a tab-separated sheet’s decimal comma', async () => {
    const report = await uploadAndCheck(
      t,
      partner,
      uploadForm(sheet('\t', [['TAB-1', '12,50']]), { zip: await zip(), sheetName: 'p.tsv.csv' }),
    );
    expect(report.issues).toEqual([]);
    expect(await importAll(report.id)).toEqual({ 'TAB-1': '12.50' });
  });

  it('keeps a comma-separated sheet to the decimal point, saying why "12,50" is refused', async () => {
    const report = await uploadAndCheck(
      t,
      partner,
      uploadForm(
        sheet(',', [
          ['US-1', '12.50'],
          ['US-2', '12,50'],
          ['US-3', '1,234.50'],
        ]),
        { zip: await zip() },
      ),
    );
    expect(priceIssues(report)).toEqual([
      [
        3,
        'Price "12,50" has a decimal comma, which a comma-separated sheet cannot hold: write 12.50, or save the sheet separated by semicolons',
      ],
      [4, 'Price must be a number such as 12.50 or 1234.50'],
    ]);
    expect(await importAll(report.id)).toEqual({ 'US-1': '12.50' });
  });

  it('leaves an XLSX number cell as the number it is', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patterns');
    ws.addRow(HEADERS);
    ws.addRow(['XL-1', 'Name', 1234.5, 'A', 'S', 'p.pdf']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const report = await uploadAndCheck(
      t,
      partner,
      uploadForm(xlsx, { zip: await zip(), sheetName: 'p.xlsx' }),
    );
    expect(report.issues).toEqual([]);
    expect(await importAll(report.id)).toEqual({ 'XL-1': '1234.50' });
  });

  it('says in the XLSX template which forms Price takes', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.templateOf('xlsx'),
      headers: partner.auth,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = wb.worksheets[0]!.getRow(1);
    const price = (header.values as string[]).indexOf('Price');
    const note = header.getCell(price).note;
    expect(typeof note === 'string' ? note : note?.texts?.map((x) => x.text).join('')).toBe(
      IMPORT_NUMBERS.note,
    );
    expect(IMPORT_NUMBERS.note).toContain('12,50 and 1.234,50');
  });

  it('writes a semicolon sheet’s report with semicolons, so its decimal commas read back as sent', async () => {
    const report = await uploadAndCheck(
      t,
      partner,
      uploadForm(
        sheet(';', [
          ['RE-1', '12,50'],
          ['RE-2', '1.234'],
        ]),
        { zip: await zip() },
      ),
    );
    const csv = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.reportOf(report.id),
      headers: partner.auth,
    });
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      [...HEADERS, 'Errors'].join(';'),
      'RE-1;Name RE-1;12,50;A;S;p.pdf;',
    ]);
    const back: { cells: string[]; delimiter?: string }[] = [];
    for await (const r of readSheet(Readable.from([csv.rawPayload]), 'csv')) back.push(r);
    expect(back[1]).toMatchObject({
      delimiter: ';',
      cells: [...back[1]!.cells.slice(0, 2), '12,50', 'A', 'S', 'p.pdf', ''],
    });
    expect(back[2]?.cells[6]).toBe(`Price: ${IMPORT_MSG.ambiguousNumber('Price', '1.234')}`);
  });
});
