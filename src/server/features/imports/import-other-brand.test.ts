import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { samplePdf } from '../../test/sample-files';
import { patterns } from '../../db/schema/patterns';
import { IMPORT_MSG, IMPORT_PATHS } from '../../../shared/contracts/imports';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import {
  csvSheet,
  importWorker,
  uploadAndCheck,
  uploadForm,
  zipOf,
  type SheetRow,
} from './imports.fixtures';

/**
 * A partner's import that names another brand is refused at its Brand cell, and nothing of it
 * reaches that brand (issue 32 item 9: until now one row among twenty kinds of error said so).
 */
describe(`a partner's import naming another brand (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let butterickId: number;
  beforeEach(async () => {
    t = await createTestApp({ IMPORT_WORKER: 'off' });
    partner = await createUser(t, { brand: 'ditto' });
    butterickId = await brandIdBySlug(t, 'butterick');
  });
  afterEach(() => t.close());

  const row = (id: string, pdf: string, extra: SheetRow = {}): SheetRow => ({
    'Pattern ID': id,
    'Pattern Name': `Pattern ${id}`,
    'Pattern View': 'A',
    Size: 'S',
    'Pattern PDF': pdf,
    ...extra,
  });
  const run = (id: number) =>
    t.app.inject({ method: 'POST', url: IMPORT_PATHS.runOf(id), headers: partner.auth });
  const saved = async () =>
    (await t.deps.database.db.select().from(patterns)).map((p) => [p.SFCC_Pattern_ID, p.brandId]);

  it('is refused at the Brand cell whether the brand is named or given by ID; nothing is imported', async () => {
    const sheet = [
      row('OB-1', 'a.pdf', { Brand: 'Butterick' }),
      row('OB-2', 'b.pdf', { Brand: 'butterick' }),
      row('OB-3', 'c.pdf', { Brand: String(butterickId) }),
    ];
    const zip = await zipOf(
      ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => ({ name, data: samplePdf() })),
    );
    const report = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    expect(report.issues).toEqual(
      [2, 3, 4].map((r) => ({
        row: r,
        column: PATTERN_LABELS.Brand,
        message: IMPORT_MSG.otherBrand,
      })),
    );
    expect(report).toMatchObject({ status: 'checked', patterns: 3, valid: 0 });

    const refused = await run(report.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_MSG.nothingToImport);
    expect(await saved()).toEqual([]);
  });

  it('imports the rows of their own brand and none of the other brand', async () => {
    const dittoId = await brandIdBySlug(t, 'ditto');
    const sheet = [
      row('OWN-1', 'a.pdf'), // an empty Brand is the partner's own
      row('OWN-2', 'b.pdf', { Brand: 'Ditto' }),
      row('OTHER-1', 'c.pdf', { Brand: 'Butterick' }),
    ];
    const zip = await zipOf(
      ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => ({ name, data: samplePdf() })),
    );
    const report = await uploadAndCheck(t, partner, uploadForm(csvSheet(sheet), { zip }));
    expect(report.issues).toContainEqual({
      row: 4,
      column: PATTERN_LABELS.Brand,
      message: IMPORT_MSG.otherBrand,
    });
    expect(report).toMatchObject({ status: 'checked', patterns: 3, valid: 2 });

    expect((await run(report.id)).statusCode).toBe(202);
    await importWorker(t).drain();
    expect((await saved()).sort()).toEqual([
      ['OWN-1', dittoId],
      ['OWN-2', dittoId],
    ]);
  });
});
