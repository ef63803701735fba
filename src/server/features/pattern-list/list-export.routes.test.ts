import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import { PATTERN_LABELS } from '../../../shared/contracts/patterns';
import { expectedOrder, seedList, type ListSeed } from './list.fixtures';

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') {
      (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    } else field += c;
  }
  if (field || row.length) (row.push(field), rows.push(row));
  return rows;
}

describe(`pattern list CSV export (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let all: ListSeed[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'ditto' });
    // More rows than one export batch (500), so batches follow each other across empty values too.
    ditto = await seedList(t, 'ditto', 'DIT', 1234, 'Ditto');
    all = [...ditto, ...(await seedList(t, 'kwik-sew', 'KWK', 40, 'Kwik Sew'))];
  });
  afterAll(() => t.close());

  const exportCsv = (user: TestUser, query: Record<string, string | number> = {}) =>
    t.app.inject({
      url: '/api/patterns/export.csv',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: user.auth,
    });
  const codes = async (user: TestUser, query: Record<string, string | number> = {}) => {
    const res = await exportCsv(user, query);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const rows = parseCsv(res.body.replace(/^\ufeff/, ''));
    expect(rows[0]![0]).toBe(PATTERN_LABELS.SFCC_Pattern_ID);
    return rows.slice(1).map((r) => r[0] ?? '');
  };

  it('downloads an attachment with a header row, in the list order', async () => {
    const res = await exportCsv(partner);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="patterns-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(
      res.body.startsWith('\ufeffPattern ID,Pattern Name,Brand,Pattern Type,Gender,Price,'),
    ).toBe(true);
    expect(await codes(partner)).toEqual(
      expectedOrder(ditto, 'updatedAt', 'desc').map((r) => r.SFCC_Pattern_ID),
    );
  });

  it.each([
    ['Type', 'asc'],
    ['Price', 'desc'],
    ['Gender', 'asc'],
    ['Pattern_Name', 'desc'],
    ['SFCC_Pattern_ID', 'asc'],
    ['brand', 'desc'],
  ] as const)('follows the sort %s %s across batches (admin)', async (sort, dir) => {
    expect(await codes(admin, { sort, dir })).toEqual(
      expectedOrder(all, sort, dir).map((r) => r.SFCC_Pattern_ID),
    );
  });

  it('exports exactly what the list shows for a filter and a search', async () => {
    const query = {
      status: 'in_review',
      fabric: 'Knit/Woven',
      search: 'tee',
      sort: 'Price',
      dir: 'asc',
    };
    const keep = (r: ListSeed) =>
      r.SFCC_Status === 'in_review' &&
      r.Fabric_type === 'Knit/Woven' &&
      r.Pattern_Name.toLowerCase().includes('tee');
    const exported = await codes(partner, query);
    expect(exported.length).toBeGreaterThan(0);
    expect(exported).toEqual(
      expectedOrder(ditto.filter(keep), 'Price', 'asc').map((r) => r.SFCC_Pattern_ID),
    );
    const listed = await t.app.inject({
      url: '/api/patterns',
      query: { ...query, pageSize: '100' },
      headers: partner.auth,
    });
    expect(listed.json().totalCountData).toBe(exported.length);
  });

  it("never exports another brand's patterns for a user", async () => {
    const kwik = await createUser(t, { brand: 'kwik-sew' });
    const exported = await codes(kwik, { brand: ditto[0]!.Brand });
    expect(exported).toHaveLength(40);
    expect(exported.every((c) => c.startsWith('KWK-'))).toBe(true);
  });

  it('quotes commas and quotes, and defuses spreadsheet formulas', async () => {
    const db = t.deps.database.db;
    await db
      .update(patterns)
      .set({ Pattern_Name: '=HYPERLINK("http://x","click")', Notion: 'Buttons, "hooks"' })
      .where(eq(patterns.ID, ditto[0]!.ID));
    const res = await exportCsv(partner, { search: ditto[0]!.SFCC_Pattern_ID });
    const [header, row] = parseCsv(res.body.replace(/^\ufeff/, ''));
    if (!header || !row) throw new Error('expected header, row');
    expect(row[header.indexOf(PATTERN_LABELS.Pattern_Name)]).toBe(
      `'=HYPERLINK("http://x","click")`,
    );
    expect(row[header.indexOf(PATTERN_LABELS.Notion)]).toBe('Buttons, "hooks"');
    expect(row[header.indexOf('Status')]).toBe('Draft');
  });

  it('answers 400 for a bad filter before any CSV is sent', async () => {
    const bad = await exportCsv(admin, { status: 'gone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.status).toContain('status must be one of');
    const brand = await exportCsv(admin, { brand: 4242 });
    expect(brand.statusCode).toBe(400);
    expect(brand.json().fields).toEqual({ brand: 'Unknown brand: 4242' });
    expect((await t.app.inject({ url: '/api/patterns/export.csv' })).statusCode).toBe(401);
  });
});
