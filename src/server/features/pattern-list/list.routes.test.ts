import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { LIMITS } from '../../../shared/limits';
import { patterns } from '../../db/schema/patterns';
import { PATTERN_SORT_KEYS } from '../../../shared/contracts/pattern-list';
import {
  allListPages,
  expectedOrder,
  idsOf,
  listPage,
  seedList,
  type ListSeed,
} from './list.fixtures';
import { maintainListTables, needsVacuum } from './list-maintenance';
import { runsIn } from '../../test/skip';
import { firstRow } from '../../lib/rows';

describe(`pattern list (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let butterick: ListSeed[];
  let all: ListSeed[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'ditto' });
    ditto = await seedList(t, 'ditto', 'DIT', 43, 'Ditto');
    butterick = await seedList(t, 'butterick', 'BUT', 17, 'Butterick');
    all = [...ditto, ...butterick];
  });
  afterAll(() => t.close());

  const list = (user: TestUser, query: Record<string, string | number> = {}) =>
    t.app.inject({
      url: '/api/patterns',
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      headers: user.auth,
    });
  const page = (user: TestUser, query: Record<string, string | number> = {}) =>
    listPage(t, user, query);
  const allPages = (user: TestUser, query: Record<string, string | number>, pageSize = 10) =>
    allListPages(t, user, query, pageSize);

  it('answers the first page, newest first, with the exact total and the brand name', async () => {
    const body = await page(partner);
    expect(body.totalCountData).toBe(43);
    expect(body.data).toHaveLength(10);
    expect(idsOf(body.data)).toEqual(idsOf(expectedOrder(ditto, 'updatedAt', 'desc').slice(0, 10)));
    expect(body.data[0]).toEqual(
      expect.objectContaining({
        brandName: 'Ditto',
        SFCC_Status: expect.any(String),
        updatedAt: expect.stringMatching(/Z$/),
      }),
    );
    const seeded = ditto.find((r) => r.ID === body.data[0]!.ID)!;
    expect(body.data[0]).toMatchObject({
      SFCC_Pattern_ID: seeded.SFCC_Pattern_ID,
      Price: seeded.Price,
      Type: seeded.Type,
    });
  });

  it("writes each row's updatedAt as the detail does: ISO 8601 in UTC, to the millisecond", async () => {
    // Both from the same column; the list's rows are mapped apart from the detail's (toListRow).
    const db = t.deps.database.db;
    const [one, two] = [ditto[0], ditto[1]];
    if (!one || !two) throw new Error('expected one, two');
    const ids = [one.ID, two.ID];
    const before = await db
      .select({ id: patterns.ID, at: patterns.updatedAt })
      .from(patterns)
      .where(inArray(patterns.ID, ids));
    const stamps = [
      [one.ID, '2031-07-04 23:59:59.999999+00', '2031-07-04T23:59:59.999Z'],
      [two.ID, '2024-02-29 00:00:00.000501+00', '2024-02-29T00:00:00.000Z'],
    ] as const;
    try {
      for (const [id, stamp] of stamps)
        await db
          .update(patterns)
          .set({ updatedAt: sql`${stamp}::timestamptz` })
          .where(eq(patterns.ID, id));
      const listed = await page(partner, { pageSize: 100 });
      for (const [id, , want] of stamps) {
        expect(listed.data.find((r) => r.ID === id)?.updatedAt).toBe(want);
        const detail = await t.app.inject({ url: `/api/patterns/${id}`, headers: partner.auth });
        expect(detail.json().data.updatedAt).toBe(want);
      }
    } finally {
      for (const r of before)
        await db.update(patterns).set({ updatedAt: r.at }).where(eq(patterns.ID, r.id));
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/patterns' })).statusCode).toBe(401);
  });

  it('pages through every row once, in order, for each page size; past the end is empty', async () => {
    for (const size of [10, 25]) {
      const { total, rows } = await allPages(partner, {}, size);
      expect(total).toBe(43);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(ditto, 'updatedAt', 'desc')));
    }
    const past = await page(partner, { page: 9 });
    expect(past).toMatchObject({ data: [], totalCountData: 43, page: 9 });
  });

  it.each(PATTERN_SORT_KEYS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'sorts by %s %s on every page (admin, all brands)',
    async (sort, dir) => {
      const { total, rows } = await allPages(admin, { sort, dir });
      expect(total).toBe(60);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(all, sort, dir)));
    },
  );

  it.each(PATTERN_SORT_KEYS.map((s) => [s] as const))(
    'sorts by %s within a brand (user)',
    async (sort) => {
      const { rows } = await allPages(partner, { sort, dir: 'asc' }, 25);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(ditto, sort, 'asc')));
    },
  );

  it.each(
    PATTERN_SORT_KEYS.filter((s) => s !== 'brand').flatMap((s) => [
      [s, 'asc'] as const,
      [s, 'desc'] as const,
    ]),
  )('Next / Previous anchors give the same pages as page numbers (%s %s)', async (sort, dir) => {
    const expected = idsOf(expectedOrder(all, sort, dir));
    let body = await page(admin, { sort, dir });
    for (let p = 2; p <= 6; p++) {
      body = await page(admin, { sort, dir, page: p, after: body.data[body.data.length - 1]!.ID });
      expect(idsOf(body.data)).toEqual(expected.slice((p - 1) * 10, p * 10));
    }
    for (let p = 5; p >= 1; p--) {
      body = await page(admin, { sort, dir, page: p, before: body.data[0]!.ID });
      expect(idsOf(body.data)).toEqual(expected.slice((p - 1) * 10, p * 10));
    }
  });

  it('ignores an anchor the caller cannot see and uses the page number', async () => {
    const body = await page(partner, { page: 2, after: butterick[0]!.ID });
    expect(idsOf(body.data)).toEqual(
      idsOf(expectedOrder(ditto, 'updatedAt', 'desc').slice(10, 20)),
    );
  });

  it('Previous after rows before the anchor were deleted: the page number decides', async () => {
    // A brand of its own, so the deletes leave the other tests' rows alone.
    const db = t.deps.database.db;
    const mccalls = await createUser(t, { brand: 'mccalls' });
    const seeded = await seedList(t, 'mccalls', 'PRV', 30, "McCall's");
    try {
      const order = idsOf(expectedOrder(seeded, 'updatedAt', 'desc'));
      const anchor = order[20]!; // the first row of page 3
      // 15 of the 20 rows before it go: 5 are left before the anchor, fewer than a page.
      const gone = order.slice(0, 15);
      await db.delete(patterns).where(inArray(patterns.ID, gone));
      const left = order.filter((id) => !gone.includes(id));
      const body = await page(mccalls, { page: 2, before: anchor });
      expect(body.totalCountData).toBe(15);
      expect(idsOf(body.data)).toEqual(left.slice(10, 20));
    } finally {
      await db.delete(patterns).where(inArray(patterns.ID, idsOf(seeded)));
    }
  });

  it.each([
    ['status', 'published', (r: ListSeed) => r.SFCC_Status === 'published'],
    ['status', 'in_review', (r: ListSeed) => r.SFCC_Status === 'in_review'],
    ['type', 'Craft Patterns', (r: ListSeed) => r.Type === 'Craft Patterns'],
    ['fabric', 'Knit/Woven', (r: ListSeed) => r.Fabric_type === 'Knit/Woven'],
    ['printable', 'No', (r: ListSeed) => r.Is_Printable === 'No'],
  ] as const)('filters by %s=%s with the exact total', async (name, value, keep) => {
    const { total, rows } = await allPages(admin, { [name]: value });
    const expected = expectedOrder(all.filter(keep), 'updatedAt', 'desc');
    expect(total).toBe(expected.length);
    expect(idsOf(rows)).toEqual(idsOf(expected));
  });

  it('combines filters, search and a sort', async () => {
    const keep = (r: ListSeed) =>
      r.SFCC_Status === 'draft' &&
      r.Is_Printable === 'Yes' &&
      r.Pattern_Name.toLowerCase().includes('dress');
    const { total, rows } = await allPages(partner, {
      status: 'draft',
      printable: 'Yes',
      search: 'DRESS',
      sort: 'Price',
      dir: 'desc',
    });
    expect(total).toBe(ditto.filter(keep).length);
    expect(total).toBeGreaterThan(0);
    expect(idsOf(rows)).toEqual(idsOf(expectedOrder(ditto.filter(keep), 'Price', 'desc')));
  });

  it('searches Pattern ID and name as a case-insensitive substring', async () => {
    const byName = await page(admin, { search: 'aIlOrEd tRoU', pageSize: 100 });
    expect(idsOf(byName.data).sort()).toEqual(
      idsOf(all.filter((r) => r.Pattern_Name.startsWith('tailored Trousers'))).sort(),
    );
    const byId = await page(admin, { search: 't-01', pageSize: 100 });
    expect(byId.data.map((r) => r.SFCC_Pattern_ID).sort()).toEqual(
      all
        .map((r) => r.SFCC_Pattern_ID)
        .filter((c) => c.includes('T-01'))
        .sort(),
    );
    expect(byId.totalCountData).toBe(byId.data.length);
    const exact = await page(partner, { search: ' DIT-042 ' });
    expect(exact.data.map((r) => r.SFCC_Pattern_ID)).toEqual(['DIT-042']);
  });

  it.each(PATTERN_SORT_KEYS.flatMap((s) => [[s, 'asc'] as const, [s, 'desc'] as const]))(
    'pages a search sorted by %s %s',
    async (sort, dir) => {
      // "T-0" is in every Pattern ID (DIT-0…, BUT-0…): a search over many pages.
      const { total, rows } = await allPages(admin, { search: 't-0', sort, dir });
      expect(total).toBe(60);
      expect(idsOf(rows)).toEqual(idsOf(expectedOrder(all, sort, dir)));
      expect(await page(admin, { search: 't-0', sort, dir, page: 7 })).toMatchObject({
        data: [],
        totalCountData: 60,
      });
    },
  );

  it('treats % and _ in a search literally', async () => {
    const percent = await page(admin, { search: '100%', pageSize: 100 });
    expect(percent.totalCountData).toBe(all.filter((r) => r.Pattern_Name.includes('100%')).length);
    expect(percent.totalCountData).toBeGreaterThan(0);
    const underscore = await page(admin, { search: 'r_s', pageSize: 100 });
    expect(underscore.totalCountData).toBe(
      all.filter((r) => r.Pattern_Name.toLowerCase().includes('r_s')).length,
    );
    expect(underscore.totalCountData).toBeGreaterThan(0);
  });

  it('matches one- and two-character searches at the start of the Pattern ID or of a word', async () => {
    const starts = (term: string) => (r: ListSeed) =>
      r.SFCC_Pattern_ID.toLowerCase().startsWith(term) ||
      r.Pattern_Name.toLowerCase()
        .split(' ')
        .some((w) => w.startsWith(term));
    for (const term of ['ma', 'B', 'd']) {
      const body = await page(admin, { search: term, pageSize: 100 });
      const expected = all.filter(starts(term.toLowerCase()));
      expect(expected.length).toBeGreaterThan(0);
      expect(idsOf(body.data).sort()).toEqual(idsOf(expected).sort());
      expect(body.totalCountData).toBe(expected.length);
    }
  });

  it("never shows a user another brand's patterns, whatever the query says", async () => {
    const other = await createUser(t, { brand: 'butterick' });
    const mine = await allPages(other, {});
    expect(mine.total).toBe(17);
    expect(mine.rows.every((r) => r.brandName === 'Butterick')).toBe(true);
    const dittoId = (
      await t.deps.database.db
        .select({ id: patterns.brandId })
        .from(patterns)
        .where(eq(patterns.ID, ditto[0]!.ID))
    )[0]!.id;
    const asked = await page(other, { brand: dittoId, search: 'DIT' });
    expect(asked).toMatchObject({ data: [], totalCountData: 0 });
    const sorted = await allPages(other, { sort: 'brand' });
    expect(idsOf(sorted.rows).sort()).toEqual(idsOf(butterick).sort());
  });

  it('lets an admin filter by brand, and refuses an unknown brand at the field', async () => {
    const { total, rows } = await allPages(admin, { brand: ditto[0]!.Brand });
    expect(total).toBe(43);
    expect(rows.every((r) => r.Brand === ditto[0]?.Brand)).toBe(true);
    const res = await list(admin, { brand: 99999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ brand: 'Unknown brand: 99999' });
  });

  it.each([
    ['sort', 'colour', 'sort must be one of'],
    ['dir', 'up', 'dir must be one of'],
    ['status', 'archived', 'status must be one of'],
    ['type', 'Hats', 'type must be one of'],
    ['fabric', 'Silk', 'fabric must be one of'],
    ['printable', 'Maybe', 'printable must be one of'],
    ['pageSize', '7', 'pageSize must be one of: 10, 25, 50, 100'],
    ['page', '0', 'page must be a whole number from 1'],
    ['brand', '0', 'brand must be a brand id or slug'], // a slug such as ditto is a brand (issue 12)
    ['after', 'x', 'after must be a pattern ID'],
  ])('answers 400 at the field for %s=%s', async (name, value, message) => {
    const res = await list(admin, { [name]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields[name]).toContain(message);
    expect(res.json().message).toContain(message);
  });

  it('keeps the totals exact through inserts, status changes and deletes', async () => {
    const db = t.deps.database.db;
    const before = (await page(admin, { status: 'published' })).totalCountData;
    const drafts = ditto
      .filter((r) => r.SFCC_Status === 'draft')
      .slice(0, 3)
      .map((r) => r.ID);
    await db.update(patterns).set({ SFCC_Status: 'published' }).where(inArray(patterns.ID, drafts));
    expect((await page(admin, { status: 'published' })).totalCountData).toBe(before + 3);
    expect((await page(partner, { status: 'draft' })).totalCountData).toBe(
      ditto.filter((r) => r.SFCC_Status === 'draft').length - 3,
    );
    await db.update(patterns).set({ SFCC_Status: 'draft' }).where(inArray(patterns.ID, drafts));
    const extra = await seedList(t, 'mccalls', 'MCC', 4, "McCall's");
    expect((await page(admin)).totalCountData).toBe(64);
    await db.delete(patterns).where(inArray(patterns.ID, idsOf(extra)));
    expect((await page(admin)).totalCountData).toBe(60);
    const { n } = firstRow(
      (await db.execute<{ n: number }>(sql`select sum(n)::int as n from pattern_counts`)).rows,
      'the sum of the counts',
    );
    expect(n).toBe(60);
  });

  it.skipIf(dbKind !== 'pglite')(
    `on PGlite (no autovacuum), vacuums and analyzes the list's tables once enough rows changed${runsIn('api-pglite', dbKind === 'pglite')}`,
    async () => {
      await maintainListTables(t.app);
      for (const table of ['patterns', 'pattern_words'] as const)
        expect(await needsVacuum(t.app, table)).toBe(false);
      const extra = await seedList(t, 'style-arc', 'VAC', 80, 'Style Arc');
      // The words of 80 patterns (four to six each) are more rows than autovacuum's threshold.
      for (const table of ['patterns', 'pattern_words'] as const)
        expect(await needsVacuum(t.app, table)).toBe(true);
      await maintainListTables(t.app);
      expect(await needsVacuum(t.app, 'pattern_words')).toBe(false);
      await t.deps.database.db.delete(patterns).where(inArray(patterns.ID, idsOf(extra)));
    },
  );
});

describe(`a search past the count cap (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const CAP = LIMITS.searchCountCap;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    const brandId = await brandIdBySlug(t, 'ditto');
    // CAP + 3 patterns whose names hold "Capword", newest has the highest number.
    await t.deps.database.db.execute(sql`
      insert into patterns ("SFCC_Pattern_ID", "Pattern_Name", brand_id, updated_at)
      select 'CAP-' || lpad(i::text, 6, '0'), 'Capword coat ' || i, ${brandId},
        timestamptz '2025-01-01' + make_interval(secs => i)
      from generate_series(1, ${CAP + 3}) i`);
  });
  afterAll(() => t.close());

  const search = (query: Record<string, string | number>) => listPage(t, admin, query);

  it('counts up to the cap and says the total is a lower bound; pages past it still answer', async () => {
    const first = await search({ search: 'capword', pageSize: 25 });
    expect(first).toMatchObject({ totalCountData: CAP, totalCapped: true });
    expect(first.data.map((r) => r.SFCC_Pattern_ID)).toEqual(
      Array.from({ length: 25 }, (_, i) => `CAP-${String(CAP + 3 - i).padStart(6, '0')}`),
    );
    // Past the cap: the oldest three, by page number.
    const past = await search({ search: 'capword', pageSize: 100, page: CAP / 100 + 1 });
    expect(past.data.map((r) => r.SFCC_Pattern_ID)).toEqual([
      'CAP-000003',
      'CAP-000002',
      'CAP-000001',
    ]);
    expect(past.totalCapped).toBe(true);
    // A narrower search is exact; so is one matching exactly the cap.
    const narrow = await search({ search: 'capword coat 1000' });
    expect(narrow.totalCountData).toBe(5); // coat 1000, 10000, 10001, 10002, 10003
    expect(narrow.totalCapped).toBeUndefined();
    await t.deps.database.db.execute(
      sql`delete from patterns where "SFCC_Pattern_ID" in ('CAP-000001', 'CAP-000002', 'CAP-000003')`,
    );
    const exact = await search({ search: 'capword' });
    expect(exact.totalCountData).toBe(CAP);
    expect(exact.totalCapped).toBeUndefined();
  });
});
