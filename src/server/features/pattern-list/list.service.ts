import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { patterns } from '../../db/schema/patterns';
import { brandScope } from '../../lib/scope';
import { badRequest } from '../../lib/app-error';
import { LIMITS } from '../../../shared/limits';
import { findBrand, resolveBrandRef } from '../brands';
import type {
  ListStorefrontKind,
  PatternFilter,
  PatternListQuery,
  PatternListResponse,
  SortDirection,
} from '../../../shared/contracts/pattern-list';
import {
  brandSegmentOrder,
  flip,
  orderOf,
  rangesAfter,
  whereOf,
  type ColumnSortKey,
  type ListWhere,
  type SortPosition,
} from './list.query';
import * as repo from './list.repo';
import { brandSegments, countableFromTable, countWithVersion } from './list-count.repo';
import { searchPage } from './list-search.repo';
import { ANCHORS, anchorFor, anchorsApply, heldAnchorFor, type AnchoredList } from './list-anchors';
import { toListRow } from '../patterns';
import { storefrontKinds } from './list-storefront.repo';

/**
 * The pattern list: scoped, filtered, sorted and paged in the database, with an exact total that
 * stays cheap at a million rows (docs/decisions/002-pattern-list-at-scale.md).
 */

/** A filter whose brand is an id: what the rest of the list reads once a slug is resolved. */
export type ResolvedFilter<T extends PatternFilter = PatternFilter> = Omit<T, 'brand'> & {
  brand?: number;
};

/** The brand filter as an id: a slug (the spec's option value) is looked up; an unknown slug is a 400 like an unknown id. */
export async function withBrandId<T extends PatternFilter>(
  db: DbOrTx,
  user: AuthUser,
  f: T,
): Promise<ResolvedFilter<T>> {
  const { brand, ...rest } = f;
  if (brand === undefined || brandScope(user) !== null)
    return { ...rest, brand: typeof brand === 'number' ? brand : undefined };
  const id = await resolveBrandRef(db, brand);
  if (id < 0) throw badRequest(`Unknown brand: ${brand}`, { brand: `Unknown brand: ${brand}` });
  return { ...rest, brand: id };
}

/** Scoping in one place: a user's list is their brand whatever the query says; an admin may filter by brand. */
export function scopedWhere(user: AuthUser, f: ResolvedFilter): ListWhere {
  const scope = brandScope(user);
  return {
    brandId: scope ?? f.brand,
    status: f.status,
    type: f.type,
    fabric: f.fabric,
    printable: f.printable,
    search: f.search || undefined,
  };
}

/** An empty list because an admin filtered by a brand that does not exist is a bad request, not "no patterns". */
export async function assertBrandFilter(db: DbOrTx, user: AuthUser, f: ResolvedFilter) {
  if (brandScope(user) !== null || f.brand === undefined) return;
  if (!(await findBrand(db, f.brand)))
    throw badRequest(`Unknown brand: ${f.brand}`, { brand: `Unknown brand: ${f.brand}` });
}

export async function listPatterns(
  db: DbOrTx,
  user: AuthUser,
  query: PatternListQuery,
): Promise<PatternListResponse> {
  const q = await withBrandId(db, user, query);
  const w = scopedWhere(user, q);
  const offset = (q.page - 1) * q.pageSize;
  // An admin's rows carry their storefront badge, read in the page's own statement.
  const badge = user.role === 'admin';
  const page: { ids: number[]; total: number; capped?: boolean; rows?: repo.ListRowRecord[] } =
    w.search
      ? await searchedPage(db, w, q, offset, badge)
      : q.sort === 'brand'
        ? await brandSortedPage(db, w, q.dir, offset, q.pageSize)
        : await columnSortedPage(db, user, w, q, offset, badge);
  const total = page.total;
  if (total === 0) await assertBrandFilter(db, user, q);
  const rows = page.rows ?? (await repo.rowsByIds(db, page.ids, badge));
  const data = rows.map((r) => {
    // toListRow writes the list's fields by name; the badge (null when there is none) is added here.
    const row = toListRow(r as Omit<repo.ListRowRecord, 'storefront'>);
    if (r.storefront) row.storefront = r.storefront;
    return row;
  });
  return {
    data,
    totalCountData: total,
    ...(page.capped ? { totalCapped: true } : {}),
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function columnSortedPage(
  db: DbOrTx,
  user: AuthUser,
  w: ListWhere,
  q: ResolvedFilter<PatternListQuery>,
  offset: number,
  badge: boolean,
) {
  const sort = q.sort as ColumnSortKey;
  const where = whereOf(w);
  // The one-statement pages read the count table's total alone (not a review filter's).
  const fromTable = countableFromTable(w);
  if (fromTable && q.after === undefined && q.before === undefined && offset < ANCHORS.step) {
    // The first pages: total, ids and rows in one statement (an empty page asks for the total below).
    const first = await repo.firstPageRows(db, w, sort, q.dir, offset, q.pageSize, badge);
    if (first.total !== undefined) return { ids: [], rows: first.rows, total: first.total };
  }
  const list: AnchoredList = { db, scopeKey: JSON.stringify(w), where, sort, dir: q.dir };
  if (fromTable && q.after === undefined && q.before === undefined && anchorsApply(sort)) {
    // A far page number with its anchors held: the page, its total and the list version in one
    // statement; the page stands if the anchors are of that version (else the usual way below).
    const held = await heldAnchorFor(list, offset);
    if (held) {
      const far = await repo.farPageRows(
        db,
        w,
        sort,
        q.dir,
        held.from,
        held.skip,
        q.pageSize,
        badge,
      );
      if (far.version === held.version && far.total !== undefined && offset < far.total)
        return { ids: [], rows: far.rows, total: far.total };
    }
  }
  const { total, version } = await countWithVersion(db, w);
  if (total === 0) return { ids: [], total };
  const anchored = await anchoredPage(db, user, where, sort, q);
  if (anchored) return { ids: anchored, total };
  if (offset < total && anchorsApply(sort)) {
    const a = await anchorFor(list, offset, version);
    if (a) {
      // A far page number: from the nearest anchor, ids and rows in one statement.
      const range = rangesAfter(sort, q.dir, a.from)[0]!; // never empty: the key's own range first
      const far = await repo.pageRows(
        db,
        and(where, range.where),
        range.order,
        a.skip,
        q.pageSize,
        badge,
      );
      return { ids: [], rows: far.rows, total };
    }
  }
  return {
    ids: await offsetPage(db, where, (dir) => orderOf(sort, dir), q.dir, offset, q.pageSize, total),
    total,
  };
}

/**
 * A search: the total and the page's rows in one statement (anchors are not needed; searchPage
 * says how the page is read). The total is exact up to LIMITS.searchCountCap; past it the answer
 * says so (`totalCapped`) instead of counting on.
 */
async function searchedPage(
  db: DbOrTx,
  w: ListWhere,
  q: ResolvedFilter<PatternListQuery>,
  offset: number,
  badge: boolean,
) {
  const page = await searchPage(
    db,
    { ...w, search: w.search! },
    q.sort,
    q.dir,
    offset,
    q.pageSize,
    LIMITS.searchCountCap,
    badge,
  );
  return { ids: [], ...page };
}

/**
 * A page by its position. Past the middle it is read from the other end in the reversed order,
 * so the last pages cost what the first ones do; the deepest offset is half the total.
 */
async function offsetPage(
  db: DbOrTx,
  where: SQL | undefined,
  order: (dir: SortDirection) => SQL,
  dir: SortDirection,
  offset: number,
  limit: number,
  total: number,
) {
  if (offset >= total) return [];
  const after = total - offset - limit; // rows after this page
  if (after < offset) {
    const ids = await repo.pageIds(
      db,
      where,
      order(flip(dir)),
      Math.max(0, after),
      Math.min(limit, total - offset),
    );
    return ids.reverse();
  }
  return repo.pageIds(db, where, order(dir), offset, limit);
}

/** Next / Previous from an anchor row: an index range read, as fast on page 50,000 as on page 2. */
async function anchoredPage(
  db: DbOrTx,
  user: AuthUser,
  where: SQL | undefined,
  sort: ColumnSortKey,
  q: ResolvedFilter<PatternListQuery>,
): Promise<number[] | undefined> {
  const anchor = q.after ?? q.before;
  if (anchor === undefined) return undefined;
  const from = await repo.positionOf(db, sort, anchor, brandScope(user));
  if (!from) return undefined; // gone or not visible: fall back to the page number
  const forward = q.after !== undefined;
  const ids = await readAfter(db, where, sort, forward ? q.dir : flip(q.dir), from, q.pageSize);
  if (forward) return ids.length > 0 ? ids : undefined;
  // Fewer rows before the anchor than a page: the data moved; the page number decides.
  return ids.length === q.pageSize ? ids.reverse() : undefined;
}

async function readAfter(
  db: DbOrTx,
  where: SQL | undefined,
  sort: ColumnSortKey,
  dir: SortDirection,
  from: SortPosition,
  limit: number,
) {
  const ids: number[] = [];
  for (const range of rangesAfter(sort, dir, from)) {
    ids.push(
      ...(await repo.pageIds(db, and(where, range.where), range.order, 0, limit - ids.length)),
    );
    if (ids.length >= limit) break;
  }
  return ids;
}

/**
 * Brand sort: brands in name order, each brand's patterns newest first. The per-brand counts say
 * which brands the page falls in, so each is read through the (brand, updated) index at its own offset.
 */
async function brandSortedPage(
  db: DbOrTx,
  w: ListWhere,
  dir: SortDirection,
  offset: number,
  limit: number,
) {
  const segments = await brandSegments(db, w, dir);
  const total = segments.reduce((s, g) => s + g.n, 0);
  const where = whereOf(w);
  const ids: number[] = [];
  let start = 0;
  for (const seg of segments) {
    const end = start + seg.n;
    if (end > offset && start < offset + limit) {
      const from = Math.max(0, offset - start);
      const count = Math.min(end, offset + limit) - (start + from);
      const inBrand = and(where, eq(patterns.brandId, seg.brandId));
      ids.push(
        ...(await offsetPage(
          db,
          inBrand,
          (d) => brandSegmentOrder(d === 'asc'),
          'desc',
          from,
          count,
          seg.n,
        )),
      );
    }
    start = end;
    if (start >= offset + limit) break;
  }
  return { ids, total };
}

/**
 * The rows a list filter selects, as a condition (brand checked, the user's scope applied), for
 * features that read the same selection their own way (the storefront archive).
 */
export async function filterCondition(
  db: DbOrTx,
  user: AuthUser,
  filter: PatternFilter,
): Promise<SQL | undefined> {
  const q = await withBrandId(db, user, filter);
  await assertBrandFilter(db, user, q);
  return whereOf(scopedWhere(user, q));
}

/** Admins: each row's storefront badge (list-storefront.repo.ts), for the working and published lists. */
export async function withStorefrontBadges<
  R extends { ID: number; storefront?: ListStorefrontKind },
>(db: DbOrTx, user: AuthUser, data: R[]): Promise<R[]> {
  if (user.role !== 'admin' || !data.length) return data;
  const kinds = await storefrontKinds(
    db,
    data.map((r) => r.ID),
  );
  for (const r of data) {
    const kind = kinds.get(r.ID);
    if (kind) r.storefront = kind;
  }
  return data;
}

/**
 * "Select all N matching the filters" (bulk actions, issue 46): the IDs of the patterns the list
 * shows with these filters, the first `max` by ID, and how many match in all.
 */
export async function matchingIds(
  db: DbOrTx,
  user: AuthUser,
  filter: PatternFilter,
  max: number,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const q = await withBrandId(db, user, filter);
  await assertBrandFilter(db, user, q);
  const rows = await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(whereOf(scopedWhere(user, q)))
    .orderBy(patterns.ID)
    .limit(max + 1);
  const capped = rows.length > max;
  const ids = rows.slice(0, max).map((r) => r.id);
  const total = capped
    ? Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(patterns)
            .where(whereOf(scopedWhere(user, q)))
        )[0]?.n ?? 0,
      )
    : ids.length;
  return { ids, total, capped };
}
