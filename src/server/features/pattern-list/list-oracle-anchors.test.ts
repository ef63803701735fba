import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import {
  allListPages,
  expectedOrder,
  idsOf,
  listPage,
  seedList,
  type ListSeed,
} from './list.fixtures';
import { ANCHORS, anchorLists, anchorReads } from './list-anchors';

/**
 * The list oracle (list.fixtures.ts `expectedOrder`, computed apart from the SQL) on a list long
 * enough for page numbers to come from anchors with their real step (issue 32 item 9): past the
 * first ANCHORS.step rows a page starts from a held anchor (list-anchors.ts), which the list tests
 * of 60 rows never reached. Every page, deep ones included, must be the oracle's slice.
 */
describe(`pattern list oracle on anchored pages (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let all: ListSeed[];
  const ANCHORED = ['updatedAt', 'SFCC_Pattern_ID', 'Pattern_Name', 'status'] as const;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'ditto' });
    ditto = await seedList(t, 'ditto', 'DIT', 2 * ANCHORS.step + 37, 'Ditto');
    const butterick = await seedList(t, 'butterick', 'BUT', ANCHORS.step - 41, 'Butterick');
    all = [...ditto, ...butterick];
  });
  afterAll(() => t.close());

  it('reaches anchored pages: the lists are longer than two anchor steps', () => {
    expect(ANCHORS.step).toBe(100); // the step the portal runs with, not a test's smaller one
    expect(ditto.length).toBeGreaterThan(2 * ANCHORS.step);
    expect(all.length).toBeGreaterThan(2 * ANCHORS.step + 50);
  });

  it.each(ANCHORED.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'every page by number equals the oracle, deep pages from anchors (admin, %s %s)',
    async (sort, dir) => {
      const lists = anchorLists(t.deps.database.db);
      const reads = anchorReads();
      const { total, rows } = await allListPages(t, admin, { sort, dir }, 25);
      expect(total).toBe(all.length);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(all, sort, dir)));
      // The deep pages came from anchors of this order: one list more, read at least once.
      expect(anchorLists(t.deps.database.db)).toBe(lists + 1);
      expect(anchorReads()).toBeGreaterThan(reads);
    },
  );

  it.each(ANCHORED.map((s) => [s] as const))(
    "a brand user's deep pages equal the oracle of their brand alone (%s)",
    async (sort) => {
      const { total, rows } = await allListPages(t, partner, { sort, dir: 'asc' }, 10);
      expect(total).toBe(ditto.length);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(ditto, sort, 'asc')));
    },
  );

  it('a page straight after, on and before an anchor, opened by number alone', async () => {
    const expected = idsOf(expectedOrder(all, 'updatedAt', 'desc'));
    // pageSize 10: page 10 ends at the first anchor, 11 starts after it, 21 after the second.
    for (const p of [21, 11, 10, 20, 22, 9]) {
      const body = await listPage(t, admin, { page: p, pageSize: 10 });
      expect(idsOf(body.data), `page ${p}`).toEqual(expected.slice((p - 1) * 10, p * 10));
    }
  });

  it('Next and Previous from deep pages give the pages the oracle gives their numbers', async () => {
    const expected = idsOf(expectedOrder(all, 'Pattern_Name', 'asc'));
    let body = await listPage(t, admin, { sort: 'Pattern_Name', dir: 'asc', page: 19 });
    expect(idsOf(body.data)).toEqual(expected.slice(180, 190));
    for (let p = 20; p <= 23; p++) {
      const after = body.data[body.data.length - 1]!.ID;
      body = await listPage(t, admin, { sort: 'Pattern_Name', dir: 'asc', page: p, after });
      expect(idsOf(body.data), `next to page ${p}`).toEqual(expected.slice((p - 1) * 10, p * 10));
    }
    for (let p = 22; p >= 18; p--) {
      const before = body.data[0]!.ID;
      body = await listPage(t, admin, { sort: 'Pattern_Name', dir: 'asc', page: p, before });
      expect(idsOf(body.data), `previous to page ${p}`).toEqual(
        expected.slice((p - 1) * 10, p * 10),
      );
    }
  });
});
