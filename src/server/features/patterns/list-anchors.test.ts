import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import type { PatternListResponse } from '../../../shared/contracts/pattern-list';
import { idsOf, seedList } from './list.fixtures';
import { ANCHORS, anchorLists, anchorReads } from './list-anchors';
import { orderOf, whereOf, type ColumnSortKey, type ListWhere } from './list.query';
import { pageIds } from './list.repo';

/**
 * Page numbers read from keyset anchors (list-anchors.ts) must be exactly the OFFSET answer:
 * pages that start at an anchor, right before and right after one, and after a write.
 */
describe(`pattern list page numbers from anchors (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let dittoId: number;
  const step = ANCHORS.step;

  beforeAll(async () => {
    ANCHORS.step = 7; // pages of 10 then start at, before and after anchors
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'ditto' });
    const ditto = await seedList(t, 'ditto', 'DIT', 43, 'Ditto');
    await seedList(t, 'butterick', 'BUT', 17, 'Butterick');
    dittoId = ditto[0].Brand;
  });
  afterAll(async () => {
    ANCHORS.step = step;
    await t.close();
  });

  const page = async (user: TestUser, query: Record<string, string | number>) => {
    const res = await t.app.inject({
      url: '/api/patterns',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PatternListResponse;
  };

  /** Every page of one list, compared with plain ORDER BY … OFFSET … LIMIT on the same rows. */
  async function everyPageMatchesOffset(
    user: TestUser,
    w: ListWhere,
    sort: ColumnSortKey,
    dir: 'asc' | 'desc',
    filter: Record<string, string | number> = {},
  ) {
    const first = await page(user, { ...filter, sort, dir, pageSize: 10 });
    const pages = Math.ceil(first.totalCountData / 10);
    expect(pages).toBeGreaterThan(2);
    for (let p = 1; p <= pages; p++) {
      const got = await page(user, { ...filter, sort, dir, pageSize: 10, page: p });
      const want = await pageIds(
        t.deps.database.db,
        whereOf(w),
        orderOf(sort, dir),
        (p - 1) * 10,
        10,
      );
      expect(idsOf(got.data), `${sort} ${dir} page ${p}`).toEqual(want);
    }
  }

  it('reads a far page with its anchors held in one statement: rows, total and list version', async () => {
    const query = { sort: 'updatedAt', dir: 'desc', pageSize: 10 };
    // First in this file: no far page of this shape has been read yet, so its statement (built
    // once per shape, list.repo.ts farPageRows) is built here, under the logger below.
    await page(admin, { ...query, page: 3 }); // reads the anchors
    // Every statement drizzle sends, from here on (its logger, on this app's database).
    const session = (t.deps.database.db as unknown as { session: { logger: object } }).session;
    const sent: string[] = [];
    const quiet = session.logger;
    session.logger = { logQuery: (q: string) => sent.push(q) };
    try {
      const got = await page(admin, { ...query, page: 4 });
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('pattern_list_version');
      expect(idsOf(got.data)).toEqual(
        await pageIds(t.deps.database.db, undefined, orderOf('updatedAt', 'desc'), 30, 10),
      );
    } finally {
      session.logger = quiet;
    }
  });

  it('reads anchors again behind a request once past half their age: no request waits for them', async () => {
    const maxAgeMs = ANCHORS.maxAgeMs;
    ANCHORS.maxAgeMs = 1_500;
    const query = { sort: 'Pattern_Name', dir: 'asc', pageSize: 10 };
    const session = (t.deps.database.db as unknown as { session: { logger: object } }).session;
    const quiet = session.logger;
    try {
      await page(admin, { ...query, page: 3 }); // reads this list's anchors
      const firstRead = Date.now();
      const readsBefore = anchorReads();
      await new Promise((r) => setTimeout(r, 900)); // past half their age
      const renewed = page(admin, { ...query, page: 4 });
      expect(idsOf((await renewed).data)).toEqual(
        await pageIds(t.deps.database.db, undefined, orderOf('Pattern_Name', 'asc'), 30, 10),
      );
      await expect.poll(anchorReads).toBe(readsBefore + 1); // read again, behind the request
      // Past the first anchors' age: the renewed ones answer, in one statement, nothing read now.
      await new Promise((r) => setTimeout(r, Math.max(0, firstRead + 1_600 - Date.now())));
      const sent: string[] = [];
      session.logger = { logQuery: (q: string) => sent.push(q) };
      const later = await page(admin, { ...query, page: 5 });
      session.logger = quiet;
      expect(sent).toHaveLength(1);
      expect(anchorReads()).toBe(readsBefore + 1);
      expect(idsOf(later.data)).toEqual(
        await pageIds(t.deps.database.db, undefined, orderOf('Pattern_Name', 'asc'), 40, 10),
      );
    } finally {
      session.logger = quiet;
      ANCHORS.maxAgeMs = maxAgeMs;
    }
  });

  it('equals OFFSET on every page, for each anchored sort, admin and brand user', async () => {
    for (const sort of ['updatedAt', 'SFCC_Pattern_ID', 'Pattern_Name', 'status'] as const)
      for (const dir of ['asc', 'desc'] as const) {
        await everyPageMatchesOffset(admin, {}, sort, dir);
        await everyPageMatchesOffset(partner, { brandId: dittoId }, sort, dir);
      }
    await everyPageMatchesOffset(admin, { status: 'draft' }, 'updatedAt', 'desc', {
      status: 'draft',
    });
    expect(anchorLists()).toBe(17); // 4 sorts × 2 directions × 2 scopes, and the filter: all anchored
  });

  it('reads the anchors again after a write (the list version moved)', async () => {
    await everyPageMatchesOffset(admin, {}, 'updatedAt', 'desc');
    // Move an old pattern to the top and delete one: every later position shifts.
    const [oldest] = await t.deps.database.db
      .select({ id: patterns.ID })
      .from(patterns)
      .orderBy(patterns.updatedAt, patterns.ID)
      .limit(1);
    await t.deps.database.db
      .update(patterns)
      .set({ updatedAt: sql`now()` })
      .where(eq(patterns.ID, oldest.id));
    await everyPageMatchesOffset(admin, {}, 'updatedAt', 'desc');
    await t.deps.database.db.delete(patterns).where(eq(patterns.ID, oldest.id));
    await everyPageMatchesOffset(admin, {}, 'updatedAt', 'desc');
  });
});
