import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import { patternCounts } from '../../db/schema/pattern-counts';
import { brands } from '../../db/schema/brands';
import type { SortDirection } from '../../../shared/contracts/pattern-list';
import { asValue, type FilterValue, isReviewFilter, whereOf, type ListWhere } from './list.query';

// The list's totals: from the count table (kept by triggers), with the list version.

/**
 * The total from the count table (exact, kept by triggers: a few hundred rows at most, whatever
 * the catalogue size), with the list version (migration pattern_list_version) in the same statement.
 * A review filter adds the patterns of another status whose edit is in that state (`editOnlyWhere`).
 */
export async function countWithVersion(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
): Promise<{ total: number; version: string }> {
  const where = countWhere(w);
  const edits = isReviewFilter(w.status)
    ? sql` + (select count(*)::int from ${patterns} where ${editOnlyWhere(w)})`
    : sql``;
  const res = await db.execute<{ n: number; v: string }>(sql`
    select (select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts} ${where ? sql`where ${where}` : sql``})${edits} as n,
      (select last_value::text from pattern_list_version) as v`);
  const row = res.rows[0];
  return { total: Number(row?.n ?? 0), version: String(row?.v ?? '') };
}

/**
 * Whether the count table alone gives the total, so that the one-statement pages (`firstPageRows`,
 * `farPageRows`) may read it: not for a search, nor for a review filter (which also finds
 * published patterns whose edit is in that state; `countWithVersion` adds those).
 */
export const countableFromTable = (w: ListWhere) => !w.search && !isReviewFilter(w.status);

export function countWhere(
  w: Omit<ListWhere, 'search'>,
  v: FilterValue = asValue,
): SQL | undefined {
  return and(
    w.brandId !== undefined ? eq(patternCounts.brandId, v('brandId', w.brandId)) : undefined,
    w.status ? eq(patternCounts.status, v('status', w.status)) : undefined,
    w.type ? eq(patternCounts.type, v('type', w.type)) : undefined,
    w.fabric ? eq(patternCounts.fabric, v('fabric', w.fabric)) : undefined,
    w.printable ? eq(patternCounts.printable, v('printable', w.printable)) : undefined,
  );
}

/**
 * A review filter (In review, Changes requested) finds the patterns of that status, which the
 * count table counts, and the patterns of another status whose edit is in that state: these few
 * are read through the partial index on edit_status. The two sets do not overlap, so their counts
 * add up to the filter's exact total without counting its rows (1,000,000 patterns on PostgreSQL:
 * 88 ms a first page when every match was counted, issue 15).
 */
function editOnlyWhere(w: Omit<ListWhere, 'search'>): SQL {
  const s = w.status;
  if (!isReviewFilter(s)) throw new Error('not a review filter');
  return and(
    whereOf({ ...w, status: undefined }),
    eq(patterns.editStatus, s),
    ne(patterns.SFCC_Status, s),
  )!;
}

export interface BrandSegment {
  brandId: number;
  n: number;
}

/** Rows per brand, in brand-name order: the brand sort reads the page from these segments. */
export async function brandSegments(
  db: DbOrTx,
  w: ListWhere,
  dir: SortDirection,
): Promise<BrandSegment[]> {
  const o = dir === 'asc' ? asc : desc;
  if (!w.search && isReviewFilter(w.status)) {
    // The count table's segments of that status, with the patterns whose edit is in it.
    const d = dir === 'asc' ? sql`asc` : sql`desc`;
    const res = await db.execute<{ brandId: number; n: number }>(sql`
      select s.brand_id as "brandId", sum(s.n)::int as n from (
        select ${patternCounts.brandId} as brand_id, ${patternCounts.n} as n from ${patternCounts} where ${countWhere(w)}
        union all
        select ${patterns.brandId}, 1 from ${patterns} where ${editOnlyWhere(w)}
      ) s inner join ${brands} on ${brands.id} = s.brand_id
      group by s.brand_id, ${brands.name} having sum(s.n) > 0
      order by ${brands.name} ${d}, s.brand_id ${d}`);
    return res.rows.map((r) => ({ brandId: Number(r.brandId), n: Number(r.n) }));
  }
  if (!countableFromTable(w)) {
    return db
      .select({ brandId: patterns.brandId, n: sql<number>`count(*)::int` })
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(whereOf(w))
      .groupBy(patterns.brandId, brands.name)
      .orderBy(o(brands.name), o(patterns.brandId));
  }
  return db
    .select({ brandId: patternCounts.brandId, n: sql<number>`sum(${patternCounts.n})::int` })
    .from(patternCounts)
    .innerJoin(brands, eq(brands.id, patternCounts.brandId))
    .where(countWhere(w))
    .groupBy(patternCounts.brandId, brands.name)
    .having(sql`sum(${patternCounts.n}) > 0`)
    .orderBy(o(brands.name), o(patternCounts.brandId));
}
