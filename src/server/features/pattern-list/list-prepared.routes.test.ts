import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import type { PatternListResponse } from '../../../shared/contracts/pattern-list';
import { moveDataVersion, twoBrandList, type ListSeed } from './list.fixtures';
import { firstPageRows } from './list.repo';
import { searchPage } from './list-search.repo';

/**
 * A list's first pages run one statement built once per shape (list.repo.ts `firstPageRows`: the
 * filters' values are placeholders), so each request must still get its own values' rows. On the
 * embedded database every statement text is also kept prepared (db/pglite-raw.ts), and a page must
 * then run on one plan made once: its LIMIT and OFFSET are written into the text
 * (list.query.ts `inlineCount`), since `limit $1` made PostgreSQL plan every run again.
 */
describe(`pattern list first pages from statements built once (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let butterick: ListSeed[];

  beforeAll(async () => {
    ({ t, admin, partner, ditto, butterick } = await twoBrandList(['DIT', 30], ['BUT', 12]));
  });
  afterAll(() => t.close());

  const page = async (user: TestUser, query: Record<string, string>) => {
    const res = await t.app.inject({ url: '/api/patterns', query, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PatternListResponse;
  };

  it('answers each request with its own filter values, one shape after another', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [rows, brand] of [
        [ditto, ditto[0]!.Brand],
        [butterick, butterick[0]!.Brand],
      ] as const) {
        const got = await page(admin, { brand: String(brand), pageSize: '10' });
        expect(got.totalCountData).toBe(rows.length);
        expect(got.data.every((r) => r.Brand === brand)).toBe(true);
        for (const status of ['draft', 'published'] as const) {
          const want = rows.filter((r) => r.SFCC_Status === status).length;
          const filtered = await page(admin, { brand: String(brand), status, pageSize: '10' });
          expect(filtered.totalCountData).toBe(want);
          expect(filtered.data.every((r) => r.SFCC_Status === status && r.Brand === brand)).toBe(
            true,
          );
        }
      }
      const own = await page(partner, { pageSize: '25' });
      expect(own.totalCountData).toBe(ditto.length);
      expect((await page(admin, { pageSize: '25' })).totalCountData).toBe(42);
    }
  });

  it('reads the same pages inside a transaction, where statements are built for one run', async () => {
    const brand = ditto[0]!.Brand;
    const outside = await firstPageRows(
      t.deps.database.db,
      { brandId: brand },
      'updatedAt',
      'desc',
      0,
      10,
      true,
    );
    const searched = await searchPage(
      t.deps.database.db,
      { search: 'dit', brandId: brand },
      'updatedAt',
      'desc',
      0,
      10,
      10_000,
      true,
    );
    await t.deps.database.db.transaction(async (tx) => {
      const first = await firstPageRows(tx, { brandId: brand }, 'updatedAt', 'desc', 0, 10, true);
      expect(first.total).toBe(ditto.length);
      expect(first.rows.map((r) => r.ID)).toEqual(outside.rows.map((r) => r.ID));
      const search = await searchPage(
        tx,
        { search: 'dit', brandId: brand },
        'updatedAt',
        'desc',
        0,
        10,
        10_000,
        true,
      );
      expect(search.total).toBe(ditto.length);
      expect(search.rows.map((r) => r.ID)).toEqual(searched.rows.map((r) => r.ID));
    });
  });

  it.skipIf(dbKind !== 'pglite')(
    `answers first pages from a generic plan, with the page size in the statement${runsIn('api-pglite', dbKind === 'pglite')}`,
    async () => {
      for (let i = 0; i < 8; i++) {
        await moveDataVersion(t); // each read asks the database, not the answers kept
        expect((await page(admin, { pageSize: '25' })).totalCountData).toBe(42);
        expect((await page(partner, { pageSize: '10', page: '2' })).data).toHaveLength(10);
      }
      const res = await t.deps.database.db.execute<{
        statement: string;
        generic: number;
        custom: number;
      }>(sql`
        select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%from "patterns"%limit%'`);
      const pages = res.rows.filter((r) => /limit \d+ offset \d+/.test(r.statement));
      const shapes = pages.map((r) => /limit (\d+) offset (\d+)/.exec(r.statement)!.slice(1));
      expect(shapes).toEqual(
        expect.arrayContaining([
          ['10', '10'],
          ['25', '0'],
        ]),
      );
      expect(res.rows.every((r) => !/limit \$\d/.test(r.statement))).toBe(true);
      // Past five runs PostgreSQL keeps the generic plan (the first test's shapes ran three times).
      const often = pages.filter((r) => r.generic + r.custom > 5);
      expect(often.length).toBeGreaterThanOrEqual(2);
      for (const r of often) expect(r.generic).toBeGreaterThan(0);
    },
  );
});
