import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import type { PatternListResponse } from '../../../shared/contracts/pattern-list';
import { seedList } from './list.fixtures';

/**
 * On the embedded database every statement text is kept prepared (db/pglite-raw.ts). A list page
 * must then run on one plan made once: its LIMIT and OFFSET are written into the text
 * (list.query.ts `inlineCount`), since `limit $1` made PostgreSQL plan every run again (a generic
 * plan must assume many rows, so it never looked as cheap as a custom one).
 */
describe.skipIf(dbKind !== 'pglite')(
  `pattern list statements keep one plan${runsIn('api-pglite', dbKind === 'pglite')}`,
  () => {
    let t: TestApp;
    let admin: TestUser;
    let partner: TestUser;

    beforeAll(async () => {
      t = await createTestApp();
      admin = await createUser(t, { role: 'admin', brand: null });
      partner = await createUser(t, { brand: 'ditto' });
      await seedList(t, 'ditto', 'DIT', 30, 'Ditto');
      await seedList(t, 'butterick', 'BUT', 12, 'Butterick');
    });
    afterAll(() => t.close());

    const page = async (user: TestUser, query: Record<string, string>) => {
      const res = await t.app.inject({ url: '/api/patterns', query, headers: user.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PatternListResponse;
    };

    it('answers first pages from a generic plan, with the page size in the statement', async () => {
      for (let i = 0; i < 8; i++) {
        expect((await page(admin, { pageSize: '25' })).totalCountData).toBe(42);
        expect((await page(partner, { pageSize: '10', page: '2' })).data).toHaveLength(10);
      }
      const res = await t.deps.database.db.execute<{ statement: string; generic: number }>(sql`
        select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%from "patterns"%limit%'`);
      const pages = res.rows.filter((r) => /limit \d+ offset \d+/.test(r.statement));
      expect(
        pages.map((r) => /limit (\d+) offset (\d+)/.exec(r.statement)!.slice(1)).sort(),
      ).toEqual([
        ['10', '10'],
        ['25', '0'],
      ]);
      expect(res.rows.every((r) => !/limit \$\d/.test(r.statement))).toBe(true);
      for (const r of pages) expect(r.generic).toBeGreaterThan(0);
    });
  },
);
