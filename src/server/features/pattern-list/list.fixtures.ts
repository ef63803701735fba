import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { patterns } from '../../db/schema/patterns';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { FABRIC_TYPES, GENDERS, PATTERN_TYPES, type PatternStatus } from '../../../shared/options';
import type { PatternListResponse, PatternListRow } from '../../../shared/contracts/pattern-list';

/**
 * Test data for the list and delete tests, written straight into the database (these tests are
 * not about the upload). Values vary on every column, with empty values and ties, so every sort's
 * NULL placement and tie-breaker is exercised.
 */
export interface ListSeed {
  ID: number;
  SFCC_Pattern_ID: string;
  Pattern_Name: string;
  Brand: number;
  brandName: string;
  Type: string | null;
  Gender: string | null;
  Price: number | null;
  Fabric_type: string | null;
  Is_Printable: string | null;
  SFCC_Status: PatternStatus;
  updatedAt: string;
}

const WORDS = [
  'Summer wrap Dress',
  'tailored Trousers',
  'Easy Tee',
  'classic Shirt',
  'MAXI skirt',
  'relaxed Jacket',
  'Percent 100% Cotton',
  'under_score Top',
];
const STATUSES: PatternStatus[] = ['draft', 'draft', 'in_review', 'published'];
const BASE = Date.parse('2025-03-01T12:00:00.000Z');

/** `count` patterns of `brand`, codes `<prefix>-001`…; every fifth shares its updated time with the one before. */
export async function seedList(
  t: TestApp,
  brand: string,
  prefix: string,
  count: number,
  brandName: string,
): Promise<ListSeed[]> {
  const brandId = await brandIdBySlug(t, brand);
  const rows = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const tick = n % 5 === 0 ? n - 1 : n; // ties on updated_at
    return {
      SFCC_Pattern_ID: `${prefix}-${String(n).padStart(3, '0')}`,
      Pattern_Name: `${WORDS[i % WORDS.length]} ${String.fromCharCode(97 + (i % 26))}${n}`,
      brandId,
      Type: i % 6 === 5 ? null : PATTERN_TYPES[i % PATTERN_TYPES.length],
      Gender: i % 4 === 3 ? null : GENDERS[(i * 3) % GENDERS.length],
      Price: i % 7 === 6 ? null : String(((i * 37) % 50) + 0.99),
      Fabric_type: i % 5 === 4 ? null : FABRIC_TYPES[i % FABRIC_TYPES.length],
      Is_Printable: i % 3 === 2 ? null : i % 2 === 0 ? 'Yes' : 'No',
      SFCC_Status: STATUSES[i % STATUSES.length],
      IS_SFCC_TESTING: STATUSES[i % STATUSES.length] !== 'draft',
      updatedAt: new Date(BASE + tick * 60_000 + (brand.length % 7) * 1000),
    };
  });
  const out = await t.deps.database.db.insert(patterns).values(rows).returning();
  return out.map((r) => ({
    ID: r.ID,
    SFCC_Pattern_ID: r.SFCC_Pattern_ID,
    Pattern_Name: r.Pattern_Name,
    Brand: r.brandId,
    brandName,
    Type: r.Type,
    Gender: r.Gender,
    Price: r.Price === null ? null : Number(r.Price),
    Fabric_type: r.Fabric_type,
    Is_Printable: r.Is_Printable,
    SFCC_Status: r.SFCC_Status,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

type Key = string | number | null;
const cmp = (a: Key, b: Key): number => {
  // Empty values sort after every value ascending (PostgreSQL's default); strings by code point (C collation).
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** The order the API promises, computed here independently of the SQL. */
export function expectedOrder(rows: ListSeed[], sort: string, dir: 'asc' | 'desc'): ListSeed[] {
  const s = dir === 'asc' ? 1 : -1;
  const key = (r: ListSeed): Key =>
    sort === 'Pattern_Name'
      ? r.Pattern_Name.toLowerCase()
      : sort === 'status'
        ? r.SFCC_Status
        : sort === 'updatedAt'
          ? r.updatedAt
          : (r[sort as keyof ListSeed] as Key);
  if (sort === 'brand') {
    // Brand name in the chosen direction; within a brand newest first.
    return [...rows].sort(
      (a, b) => s * cmp(a.brandName, b.brandName) || -cmp(a.updatedAt, b.updatedAt) || b.ID - a.ID,
    );
  }
  return [...rows].sort((a, b) => s * cmp(key(a), key(b)) || s * (a.ID - b.ID));
}

export const idsOf = (rows: Pick<PatternListRow, 'ID'>[]) => rows.map((r) => r.ID);

/**
 * The two-brand world of the list tests: an app, an admin, a Ditto partner, and Ditto's and
 * Butterick's patterns (codes and counts given).
 */
export async function twoBrandList(ditto: [string, number], butterick: [string, number]) {
  const t = await createTestApp();
  return {
    t,
    admin: await createUser(t, { role: 'admin', brand: null }),
    partner: await createUser(t, { brand: 'ditto' }),
    ditto: await seedList(t, 'ditto', ditto[0], ditto[1], 'Ditto'),
    butterick: await seedList(t, 'butterick', butterick[0], butterick[1], 'Butterick'),
  };
}

/** One page of the list (GET /api/patterns) as `user`: answered 200, its body. */
export async function listPage(
  t: TestApp,
  user: TestUser,
  query: Record<string, string | number> = {},
): Promise<PatternListResponse> {
  const res = await t.app.inject({
    url: '/api/patterns',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PatternListResponse;
}

/** Every page of a view, one by one: the first page's total and all the rows. */
export async function allListPages(
  t: TestApp,
  user: TestUser,
  query: Record<string, string | number>,
  pageSize = 10,
) {
  const first = await listPage(t, user, { ...query, pageSize });
  const rows = [...first.data];
  for (let p = 2; p <= Math.ceil(first.totalCountData / pageSize); p++)
    rows.push(...(await listPage(t, user, { ...query, pageSize, page: p })).data);
  return { total: first.totalCountData, rows };
}

/**
 * A statement the embedded database counts as a change while changing nothing: the list's next
 * read asks the database again instead of answering what it kept (list-cache.ts). For tests that
 * read the same page several times to see how the database plans it.
 */
export async function moveDataVersion(t: TestApp): Promise<void> {
  await t.deps.database.db.execute(sql`UPDATE brands SET name = name WHERE false`);
}
