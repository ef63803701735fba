import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { allListPages, expectedOrder, idsOf, twoBrandList, type ListSeed } from './list.fixtures';

/**
 * The In review and Changes requested filters find the patterns of that status and the patterns
 * of another status whose edit is in that state (docs/product-decisions.md). Their total is the count table's
 * for the status plus the edits beyond it: checked here against the rows themselves, with
 * patterns in both sets at once, other filters, each brand and the brand sort.
 */
describe(`pattern list, review filters (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let all: ListSeed[];
  const edits = new Map<number, 'in_review' | 'changes_requested'>();

  beforeAll(async () => {
    const world = await twoBrandList(['DIT', 41], ['BUT', 23]);
    ({ t, admin, partner, ditto } = world);
    all = [...world.ditto, ...world.butterick];
    // Some drafts sent back (the seed has no Changes requested status of its own).
    const sentBack = all.filter((r, i) => r.SFCC_Status === 'draft' && i % 4 === 0);
    for (const r of sentBack) r.SFCC_Status = 'changes_requested';
    await t.deps.database.db
      .update(patterns)
      .set({ SFCC_Status: 'changes_requested' })
      .where(
        inArray(
          patterns.ID,
          sentBack.map((r) => r.ID),
        ),
      );
    // Edits on every status (published ones as the lifecycle makes them, and on In review
    // patterns too, so that a pattern is in both sets of a filter and must be counted once).
    all.forEach((r, i) => {
      if (i % 3 === 0) edits.set(r.ID, 'in_review');
      else if (i % 5 === 1) edits.set(r.ID, 'changes_requested');
    });
    for (const state of ['in_review', 'changes_requested'] as const) {
      const ids = [...edits].filter(([, s]) => s === state).map(([id]) => id);
      await t.deps.database.db
        .update(patterns)
        .set({ editStatus: state })
        .where(inArray(patterns.ID, ids));
    }
  });
  afterAll(() => t.close());

  const allPages = (user: TestUser, query: Record<string, string | number>) =>
    allListPages(t, user, query);
  const finds = (state: string) => (r: ListSeed) =>
    r.SFCC_Status === state || edits.get(r.ID) === state;

  it.each([
    ['in_review', 'updatedAt', 'desc'],
    ['in_review', 'Pattern_Name', 'asc'],
    ['in_review', 'brand', 'asc'],
    ['changes_requested', 'updatedAt', 'desc'],
    ['changes_requested', 'brand', 'desc'],
  ] as const)(
    '%s, sorted by %s %s: every match once, with the exact total',
    async (status, sort, dir) => {
      const expected = expectedOrder(all.filter(finds(status)), sort, dir);
      // The data has both kinds of match, and patterns that are in both sets.
      expect(expected.some((r) => r.SFCC_Status === status)).toBe(true);
      expect(expected.some((r) => r.SFCC_Status !== status)).toBe(true);
      const { total, rows } = await allPages(admin, { status, sort, dir });
      expect(total).toBe(expected.length);
      expect(idsOf(rows)).toEqual(idsOf(expected));
    },
  );

  it.each(['in_review', 'changes_requested'] as const)(
    'counts a pattern of status %s whose edit is in it too once',
    async (status) => {
      const both = all.filter((r) => r.SFCC_Status === status && edits.get(r.ID) === status);
      expect(both.length).toBeGreaterThan(0);
      const { total } = await allPages(admin, { status });
      expect(total).toBe(all.filter(finds(status)).length);
    },
  );

  it("the admins' To review number is what the In review filter finds", async () => {
    const res = await t.app.inject({ url: LIFECYCLE_PATHS.reviewCount, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.inReview).toBe(all.filter(finds('in_review')).length);
  });

  it.each([
    ['a brand user', { status: 'in_review' }],
    ['a brand user with a type', { status: 'in_review', type: 'Craft Patterns' }],
    ['a brand user by brand', { status: 'changes_requested', sort: 'brand' }],
  ] as const)('%s: their brand only', async (_, query) => {
    const keep = (r: ListSeed) =>
      finds(query.status)(r) && (!('type' in query) || r.Type === query.type);
    const sort = 'sort' in query ? query.sort : 'updatedAt';
    const expected = expectedOrder(ditto.filter(keep), sort, sort === 'brand' ? 'asc' : 'desc');
    const { total, rows } = await allPages(partner, query);
    expect(total).toBe(expected.length);
    expect(idsOf(rows)).toEqual(idsOf(expected));
  });

  it('an admin with a brand filter and a printable filter', async () => {
    const brand = ditto[0]!.Brand;
    const keep = (r: ListSeed) =>
      finds('in_review')(r) && r.Brand === brand && r.Is_Printable === 'Yes';
    const expected = expectedOrder(all.filter(keep), 'updatedAt', 'desc');
    expect(expected.length).toBeGreaterThan(0);
    const { total, rows } = await allPages(admin, {
      status: 'in_review',
      brand,
      printable: 'Yes',
    });
    expect(total).toBe(expected.length);
    expect(idsOf(rows)).toEqual(idsOf(expected));
  });
});
