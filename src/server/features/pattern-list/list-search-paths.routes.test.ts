import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { statementsOf } from '../../test/statements';
import { PATTERN_SORT_KEYS } from '../../../shared/contracts/pattern-list';
import {
  allListPages,
  expectedOrder,
  idsOf,
  listPage,
  moveDataVersion,
  twoBrandList,
  type ListSeed,
} from './list.fixtures';

/**
 * A search's page is read one of three ways (list-search.repo.ts `searchPage`), chosen from the count
 * in the same statement: dense matches walk the sort index, a few are read by the IDs the count
 * found, the rest are sorted after a second trigram scan. Whichever way, every page of every sort is the order the
 * API promises, with the exact total (issue 15).
 */
describe(`pattern list search pages, read each way (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let all: ListSeed[];
  let ditto: ListSeed[];

  beforeAll(async () => {
    let butterick: ListSeed[];
    ({ t, admin, partner, ditto, butterick } = await twoBrandList(['SPX', 1000], ['BTX', 200]));
    all = [...ditto, ...butterick];
  });
  afterAll(() => t.close());

  /** Not the session's lookup (a session not cached yet) or its note of being seen. */
  const notSession = (q: string) => !/from "sessions"|session_seen/.test(q);

  const matching = (rows: ListSeed[], term: string) =>
    rows.filter((r) => `${r.SFCC_Pattern_ID} ${r.Pattern_Name}`.toLowerCase().includes(term));

  it.each(PATTERN_SORT_KEYS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'pages a broad search (walked, then sorted on the last pages) by %s %s',
    async (sort, dir) => {
      // 1,000 of 1,200 match: the first pages walk the sort index; past n² < (offset + limit) ×
      // scope (offset 800 and on) the matches are sorted.
      const want = matching(all, 'spx-');
      expect(want).toHaveLength(1000);
      const { total, rows } = await allListPages(t, admin, { search: 'SPX-', sort, dir }, 100);
      expect(total).toBe(1000);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(want, sort, dir)));
    },
  );

  it.each(PATTERN_SORT_KEYS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'pages a narrow search (read by the IDs the count found) by %s %s',
    async (sort, dir) => {
      const want = matching(all, 'dress');
      expect(want.length).toBeGreaterThan(100);
      expect(want.length).toBeLessThan(500);
      const { total, rows } = await allListPages(t, admin, { search: 'Dress', sort, dir }, 50);
      expect(total).toBe(want.length);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(want, sort, dir)));
    },
  );

  it("keeps a brand user's search in their brand, whichever way it is read", async () => {
    for (const term of ['spx-', 'dress', 'trousers']) {
      const want = matching(ditto, term);
      const { total, rows } = await allListPages(t, partner, { search: term }, 50);
      expect(total).toBe(want.length);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(want, 'updatedAt', 'desc')));
    }
    // A page past the matches is empty and keeps the total.
    expect(await listPage(t, partner, { search: 'dress', page: 99 })).toMatchObject({
      data: [],
      totalCountData: matching(ditto, 'dress').length,
    });
  });

  it('answers a search in one statement, its count and its page together, whichever way the page is read', async () => {
    // Each a shape not read before (the order or the page size): a kept statement is logged when
    // it is built. Pages from offset 100 on are built every time. "spx-" is in every Pattern ID,
    // more words than the words table is read for: counted from the words (refused), then again
    // through the trigram index, two statements; every other search one.
    const reads: [string, Record<string, string | number>, number][] = [
      ['walked', { search: 'spx-', pageSize: 10, sort: 'Pattern_Name', dir: 'asc' }, 2],
      ['sorted after a second scan', { search: 'spx-', pageSize: 100, page: 9 }, 2],
      [
        'by the IDs the count found',
        { search: 'dress', pageSize: 10, sort: 'Type', dir: 'asc' },
        1,
      ],
      ['past the matches', { search: 'dress', pageSize: 10, page: 99 }, 1],
      ['no match', { search: 'no-such-term', pageSize: 10, sort: 'Gender', dir: 'desc' }, 1],
      [
        'through the trigram index (a space)',
        { search: 'a dress', pageSize: 10, sort: 'Price' },
        1,
      ],
    ];
    for (const [way, query, statements] of reads) {
      const sent = await statementsOf(t.deps.database.db, () => listPage(t, admin, query));
      expect(sent.filter(notSession), `${way}:\n${sent.join('\n')}`).toHaveLength(statements);
    }
  });

  it.skipIf(dbKind !== 'pglite')(
    `plans each search statement once, whatever the term (generic plans)${runsIn('api-pglite', dbKind === 'pglite')}`,
    async () => {
      // Terms read each way (by IDs, walked), more runs than PostgreSQL's five custom plans (the
      // statements run that often, by this test or others, are the ones checked): with
      // the term's value (or the IDs') in sight of the planner, a custom plan looked cheaper and
      // every page was planned again (issue 15).
      const terms = ['spx-0001', 'spx-0002', 'dress', 'spx-', 'trousers', 'spx-0003', 'xyz'];
      for (let round = 0; round < 7; round++) {
        await moveDataVersion(t); // each read asks the database, not the answers kept
        for (const search of terms) await listPage(t, admin, { search });
      }
      const res = await t.deps.database.db.execute<{
        statement: string;
        generic_plans: number;
        custom_plans: number;
      }>(
        sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
          where statement like '%"search_text"%' and generic_plans + custom_plans > 5`,
      );
      // One statement a search (count and page): counted from the words, or through the trigram
      // index ("spx-" is in every Pattern ID, more words than the words table is read for).
      const kinds = res.rows.map((r) => (/pattern_words/.test(r.statement) ? 'words' : 'trigram'));
      expect(new Set(kinds)).toEqual(new Set(['words', 'trigram']));
      for (const r of res.rows) {
        expect(r.generic_plans, r.statement).toBeGreaterThan(0);
        expect(r.custom_plans, r.statement).toBeLessThanOrEqual(5);
      }
    },
  );
});
