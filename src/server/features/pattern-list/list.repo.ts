import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client';
import { arrayRowsStatement, type TextDates } from '../../db/array-rows';
import { live, patterns } from '../../db/schema/patterns';
import { patternCounts } from '../../db/schema/pattern-counts';
import { brands } from '../../db/schema/brands';
import type { ListStorefrontKind, SortDirection } from '../../../shared/contracts/pattern-list';
import {
  anchorRange,
  asPlaceholder,
  filterShape,
  filterValues,
  inlineCount,
  keyText,
  orderOf,
  whereOf,
  type ColumnSortKey,
  type ListWhere,
  type SortPosition,
} from './list.query';
import { countWhere } from './list-count.repo';
import { keptRows } from './list-kept';
import { storefrontKindOf } from './list-storefront.repo';

/** IDs of one page: read from the index alone where it can (a deep offset skips index entries, not rows). */
export async function pageIds(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
): Promise<number[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(where)
    .orderBy(order)
    .offset(inlineCount(offset))
    .limit(inlineCount(limit));
  return rows.map((r) => r.id);
}

/** Where a pattern stands in a column order, if it is in `brandId` (a user's scope) or any brand (null). */
export async function positionOf(
  db: DbOrTx,
  sort: ColumnSortKey,
  id: number,
  brandId: number | null,
): Promise<SortPosition | undefined> {
  const [row] = await db
    .select({ id: patterns.ID, key: keyText(sort) })
    .from(patterns)
    .where(
      and(
        eq(patterns.ID, id),
        live(),
        brandId === null ? undefined : eq(patterns.brandId, brandId),
      ),
    );
  return row;
}

const listColumns = {
  ID: patterns.ID,
  SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
  Pattern_Name: patterns.Pattern_Name,
  brandId: patterns.brandId,
  brandName: brands.name,
  Type: patterns.Type,
  Gender: patterns.Gender,
  Price: patterns.Price,
  Fabric_type: patterns.Fabric_type,
  Is_Printable: patterns.Is_Printable,
  SFCC_Status: patterns.SFCC_Status,
  editStatus: patterns.editStatus,
  IS_SFCC_TESTING: patterns.IS_SFCC_TESTING,
  updatedAt: patterns.updatedAt,
};

/**
 * A list row: its columns and the main hero photo with thumbnails, kept on the row by triggers
 * (migration 0010), so a page of 100 rows reads it with them instead of probing pattern_files and
 * file_checks per row.
 */
export const listRowColumns = { ...listColumns, heroFileId: patterns.heroFileId };

/**
 * The columns of a list's rows: with `badge` (an admin's list), each row's storefront badge read
 * in the same statement (list-storefront.repo.ts), else null. A statement kept by shape has the
 * badge in its key.
 */
export const listRowColumnsWith = (badge: boolean) => ({
  ...listRowColumns,
  storefront: badge ? storefrontKindOf(patterns.ID) : sql<null>`null`,
});

/** The page's rows with their brand name (one join, no query per row), in the order of `ids`. */
export async function rowsByIds(
  db: DbOrTx,
  ids: number[],
  badge: boolean,
): Promise<ListRowRecord[]> {
  if (ids.length === 0) return [];
  const rows = await arrayRowsStatement(
    db,
    db
      .select(listRowColumnsWith(badge))
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(inArray(patterns.ID, ids)),
  ).execute({});
  const byId = new Map(rows.map((r) => [r.ID, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A list row as read (`arrayRowsStatement`: its update time the database's text). */
export type ListRowRecord = Omit<FoundRow, 'total' | 'version' | 'storefront'> & {
  /** The storefront badge, read for an admin's list (`listRowColumnsWith`); null otherwise. */
  storefront: ListStorefrontKind | null;
};

/**
 * A page's rows read in one statement with its ids (`where … order by … offset … limit`), and,
 * given `counted`, the total and the list version in the same round trip (issue 15: one
 * statement for a first page instead of three). The total is missing when the page is empty.
 */
export async function pageRows(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
  badge: boolean,
  counted?: Omit<ListWhere, 'search'>,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  return readPageRows(
    await arrayRowsStatement(
      db,
      pageRowsQuery(
        db,
        where,
        order,
        offset,
        limit,
        badge,
        counted && { where: countWhere(counted) },
      ),
    ).execute({}),
  );
}

interface PageRows {
  rows: ListRowRecord[];
  total?: number;
  version?: string;
}

function pageRowsQuery(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  offset: number,
  limit: number,
  badge: boolean,
  /** The total's filter, when the total is read with the page. */
  counted?: { where: SQL | undefined },
) {
  const cw = counted?.where;
  const total = counted
    ? sql<number>`(select coalesce(sum(${patternCounts.n}), 0)::int from ${patternCounts} ${cw ? sql`where ${cw}` : sql``})`
    : sql<null>`null`;
  const version = counted
    ? sql<string>`(select last_value::text from pattern_list_version)`
    : sql<null>`null`;
  const ids = db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(where)
    .orderBy(order)
    .offset(inlineCount(offset))
    .limit(inlineCount(limit));
  return db
    .select({ ...listRowColumnsWith(badge), total, version })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(inArray(patterns.ID, ids))
    .orderBy(order);
}

type FoundRow = TextDates<ReturnType<typeof pageRowsQuery>['_']['result'][number]>;

function readPageRows(found: FoundRow[]): PageRows {
  const first = found[0];
  return {
    // The rows keep their `total` and `version` columns: toListRow reads the list's fields by
    // name, and copying every row without them (object rest) cost more than reading the page.
    rows: found,
    total: first?.total == null ? undefined : Number(first.total),
    version: first?.version == null ? undefined : String(first.version),
  };
}

/**
 * `pageRows` with its total, for the first pages of a column sort without a search: the statement
 * is built once per shape — which filters are set, the order, the offset and the page size — with
 * the filters' values as placeholders, and then run with the values. drizzle no longer builds the
 * SQL on every request (about 0.15 ms of CPU for this statement), and on PostgreSQL the statement
 * is prepared once per connection under its name. Inside a transaction it is built for that run
 * alone (`keptRows`).
 */
export async function firstPageRows(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
  sort: ColumnSortKey,
  dir: SortDirection,
  offset: number,
  limit: number,
  badge: boolean,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  const key = `first|${filterShape(w)}|${sort}|${dir}|${offset}|${limit}|${badge ? 'sf' : ''}`;
  const statement = keptRows(db, key, () =>
    pageRowsQuery(db, whereOf(w, asPlaceholder), orderOf(sort, dir), offset, limit, badge, {
      where: countWhere(w, asPlaceholder),
    }),
  );
  return readPageRows(await statement.execute(filterValues(w)));
}

/**
 * A far page read from a held anchor (list-anchors.ts `heldAnchorFor`) with its total and the
 * list version, built once per shape as first pages are: the anchor's key and ID are placeholders,
 * the rows to skip after it (a few values per page size) part of the shape. For a sort whose key
 * is never empty (the anchored sorts).
 */
export async function farPageRows(
  db: DbOrTx,
  w: Omit<ListWhere, 'search'>,
  sort: ColumnSortKey,
  dir: SortDirection,
  from: SortPosition,
  skip: number,
  limit: number,
  badge: boolean,
): Promise<PageRows> {
  if (limit <= 0) return { rows: [] };
  const key = `far|${filterShape(w)}|${sort}|${dir}|${skip}|${limit}|${badge ? 'sf' : ''}`;
  const statement = keptRows(db, key, () => {
    const range = anchorRange(sort, dir);
    return pageRowsQuery(
      db,
      and(whereOf(w, asPlaceholder), range.where),
      range.order,
      skip,
      limit,
      badge,
      {
        where: countWhere(w, asPlaceholder),
      },
    );
  });
  return readPageRows(
    await statement.execute({ ...filterValues(w), anchorKey: from.key, anchorId: from.id }),
  );
}

const exportColumns = {
  ...listColumns,
  Technical_Details: patterns.Technical_Details,
  Pattern_Description: patterns.Pattern_Description,
  Fabric_Recommendation: patterns.Fabric_Recommendation,
  Notion: patterns.Notion,
  Suitable_For: patterns.Suitable_For,
  is_Subscribable: patterns.is_Subscribable,
  Pattern_Fit: patterns.Pattern_Fit,
  reviewedAt: patterns.reviewedAt,
  publishedAt: patterns.publishedAt,
  createdAt: patterns.createdAt,
};

/** One batch of the CSV export, with each row's sort key as text so the next batch starts right after it. */
export async function exportBatch(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
  limit: number,
  key: SQL<string | null>,
) {
  return db
    .select({ ...exportColumns, sortKey: key })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(where)
    .orderBy(order)
    .limit(limit);
}

export type ExportRecord = Awaited<ReturnType<typeof exportBatch>>[number];
