import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { live, patterns } from '../../db/schema/patterns';
import { brands } from '../../db/schema/brands';
import type {
  PatternFilter,
  PatternSortKey,
  SortDirection,
} from '../../../shared/contracts/pattern-list';
import { searchCondition } from './list-search.query';

/**
 * SQL pieces of the pattern list: which rows (scope, filters, search) and in which order.
 * Every order has an index (migration 0001) and ends with a unique column, so pages are stable.
 * docs/decisions/002-pattern-list-at-scale.md explains the choices.
 */

/** The filters after scoping: `brandId` is the user's own brand, or an admin's brand filter. */
export interface ListWhere {
  brandId?: number;
  status?: PatternFilter['status'];
  type?: PatternFilter['type'];
  fabric?: PatternFilter['fabric'];
  printable?: PatternFilter['printable'];
  search?: string;
}

/**
 * A LIMIT or OFFSET written into the statement's text instead of sent as a parameter. The
 * embedded database keeps each statement text prepared (db/pglite-raw.ts), and PostgreSQL plans a
 * prepared statement once only when its generic plan is about as cheap as a custom one: with
 * `limit $1` the generic plan must assume many rows, so every run was planned again (about 0.7 ms
 * of PGlite's CPU for a page of 25, four times the page's own execution). A page's size and a
 * first page's offset take a few values, so the texts stay few. drizzle writes an SQL object given
 * to `.limit()` / `.offset()` as is (pg-core dialect: `limit ${limit}`); its types only name
 * numbers and placeholders, hence the cast.
 */
export function inlineCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}

/** In review / Changes requested: also the published patterns whose edit is in that state (docs/product-decisions.md). */
export const isReviewFilter = (s: ListWhere['status']): s is 'in_review' | 'changes_requested' =>
  s === 'in_review' || s === 'changes_requested';

/**
 * How a filter's value enters the SQL: as itself (a parameter of this statement), or as a named
 * placeholder, for a statement built once per shape and run with the values (list.repo.ts
 * `firstPageRows`).
 */
export type FilterValue = <V>(name: keyof ListWhere, value: V) => V | Placeholder;

export const asValue: FilterValue = (_name, value) => value;

export const asPlaceholder: FilterValue = (name) => sql.placeholder(name);

function statusCondition(
  s: NonNullable<ListWhere['status']>,
  v: FilterValue = asValue,
): SQL | undefined {
  if (!isReviewFilter(s)) return eq(patterns.SFCC_Status, v('status', s));
  return or(eq(patterns.SFCC_Status, v('status', s)), eq(patterns.editStatus, v('status', s)));
}

export function whereOf(w: ListWhere, v: FilterValue = asValue): SQL | undefined {
  return and(
    live(), // never a pattern in the Trash; the list's indexes hold live patterns only (0015)
    w.brandId !== undefined ? eq(patterns.brandId, v('brandId', w.brandId)) : undefined,
    w.status ? statusCondition(w.status, v) : undefined,
    w.type ? eq(patterns.Type, v('type', w.type)) : undefined,
    w.fabric ? eq(patterns.Fabric_type, v('fabric', w.fabric)) : undefined,
    w.printable ? eq(patterns.Is_Printable, v('printable', w.printable)) : undefined,
    w.search ? searchCondition(w.search) : undefined,
  );
}

/** The filters' values by name, for a statement built with `asPlaceholder`. */
export const filterValues = (w: Omit<ListWhere, 'search'>): Record<string, unknown> => ({
  brandId: w.brandId,
  status: w.status,
  type: w.type,
  fabric: w.fabric,
  printable: w.printable,
});

/** Which filters are set (not their values): statements built with placeholders differ only by this. */
export const filterShape = (w: Omit<ListWhere, 'search'>): string =>
  [
    w.brandId !== undefined ? 'b' : '',
    w.status ? (isReviewFilter(w.status) ? 'r' : 's') : '',
    w.type ? 't' : '',
    w.fabric ? 'f' : '',
    w.printable ? 'p' : '',
  ].join('');

/** Sort keys ordered by one patterns column (brand sorts by name through brand segments instead). */
export type ColumnSortKey = Exclude<PatternSortKey, 'brand'>;

interface SortColumn {
  expr: SQL;
  /** NULLs sort last ascending and first descending (PostgreSQL's default, which the indexes follow). */
  nullable: boolean;
  /** How a key read back as text is cast for a keyset comparison (exact: no JS rounding of times). */
  cast: 'text' | 'numeric' | 'timestamptz';
  /** The column is unique by itself: no ID tie-breaker needed. */
  unique?: boolean;
}

export const SORT_COLUMNS: Record<ColumnSortKey, SortColumn> = {
  SFCC_Pattern_ID: {
    expr: sql`${patterns.SFCC_Pattern_ID}`,
    nullable: false,
    cast: 'text',
    unique: true,
  },
  Pattern_Name: { expr: sql`lower(${patterns.Pattern_Name})`, nullable: false, cast: 'text' },
  Type: { expr: sql`${patterns.Type}`, nullable: true, cast: 'text' },
  Gender: { expr: sql`${patterns.Gender}`, nullable: true, cast: 'text' },
  Price: { expr: sql`${patterns.Price}`, nullable: true, cast: 'numeric' },
  status: { expr: sql`${patterns.SFCC_Status}`, nullable: false, cast: 'text' },
  updatedAt: { expr: sql`${patterns.updatedAt}`, nullable: false, cast: 'timestamptz' },
};

export const flip = (dir: SortDirection): SortDirection => (dir === 'asc' ? 'desc' : 'asc');

const d = (dir: SortDirection) => (dir === 'asc' ? sql`asc` : sql`desc`);

/** One ORDER BY term. */
export interface OrderKey {
  expr: SQL;
  dir: SortDirection;
}

/** The full order of a sort; reversing `dir` reverses it exactly (NULL placement included). */
export function orderKeys(sort: PatternSortKey, dir: SortDirection): OrderKey[] {
  // Brand: by name, then newest first within a brand whatever the direction.
  if (sort === 'brand') return [{ expr: sql`${brands.name}`, dir }, ...segmentKeys('desc')];
  const c = SORT_COLUMNS[sort];
  return c.unique
    ? [{ expr: c.expr, dir }]
    : [
        { expr: c.expr, dir },
        { expr: sql`${patterns.ID}`, dir },
      ];
}

const segmentKeys = (dir: SortDirection): OrderKey[] => [
  { expr: sql`${patterns.updatedAt}`, dir },
  { expr: sql`${patterns.ID}`, dir },
];

export const orderSql = (keys: OrderKey[]): SQL =>
  sql.join(
    keys.map((k) => sql`${k.expr} ${d(k.dir)}`),
    sql`, `,
  );

/** ORDER BY of a column sort. */
export const orderOf = (sort: ColumnSortKey, dir: SortDirection): SQL =>
  orderSql(orderKeys(sort, dir));

/** Within one brand (brand sort without a search, and its export): newest first; `reverse` reads it backwards. */
export const brandSegmentOrder = (reverse = false) =>
  orderSql(segmentKeys(reverse ? 'asc' : 'desc'));

/** A row's place in an order: its sort key as text (null when the column is empty) and its ID. */
export interface SortPosition {
  key: string | null;
  id: number;
}

const castKey = (c: SortColumn, key: string | Placeholder) =>
  c.cast === 'numeric'
    ? sql`cast(${key} as numeric)`
    : c.cast === 'timestamptz'
      ? sql`cast(${key} as timestamptz)`
      : sql`cast(${key} as text)`;

/**
 * The rows strictly after `from` in the order (sort, dir), as up to two range conditions, each
 * one index range read in order: a row comparison cannot see NULLs, so the empty-key rows
 * (last ascending, first descending) are their own range. Read the ranges in the returned order.
 */
export function rangesAfter(
  sort: ColumnSortKey,
  dir: SortDirection,
  from: SortPosition,
): { where: SQL; order: SQL }[] {
  const c = SORT_COLUMNS[sort];
  const order = orderOf(sort, dir);
  const byId = dir === 'asc' ? sql`${patterns.ID} > ${from.id}` : sql`${patterns.ID} < ${from.id}`;
  const idOrder = sql`${patterns.ID} ${d(dir)}`;
  if (from.key === null) {
    // Only nullable columns have empty keys.
    const nulls = { where: sql`${c.expr} is null and ${byId}`, order: idOrder };
    return dir === 'asc' ? [nulls] : [nulls, { where: sql`${c.expr} is not null`, order }];
  }
  const values = keyRange(sort, dir, from.key, from.id);
  return c.nullable && dir === 'asc'
    ? [values, { where: sql`${c.expr} is null`, order: idOrder }]
    : [values];
}

/** The rows after a non-empty key (and ID) in the order: one index range. */
function keyRange(
  sort: ColumnSortKey,
  dir: SortDirection,
  keyValue: string | Placeholder,
  id: number | Placeholder,
): { where: SQL; order: SQL } {
  const c = SORT_COLUMNS[sort];
  const cmp = dir === 'asc' ? sql`>` : sql`<`;
  const key = castKey(c, keyValue);
  const where = c.unique
    ? sql`${c.expr} ${cmp} ${key}`
    : sql`(${c.expr}, ${patterns.ID}) ${cmp} (${key}, ${id}::int)`;
  return { where, order: orderOf(sort, dir) };
}

/**
 * `rangesAfter` for a sort whose key is never empty (the anchored sorts), with the key and the ID
 * as the placeholders `anchorKey` and `anchorId`: for a statement built once per shape.
 */
export const anchorRange = (sort: ColumnSortKey, dir: SortDirection) =>
  keyRange(sort, dir, sql.placeholder('anchorKey'), sql.placeholder('anchorId'));

/** Within-brand keyset (brand sort export): after (updated_at, ID) in newest-first order. */
export function segmentAfter(from: SortPosition): SQL {
  return sql`(${patterns.updatedAt}, ${patterns.ID}) < (cast(${from.key} as timestamptz), ${from.id}::int)`;
}

/** The sort key as text, exactly as `castKey` reads it back. */
export const keyText = (sort: ColumnSortKey) =>
  sql<string | null>`${SORT_COLUMNS[sort].expr}::text`;

export const updatedText = sql<string>`${patterns.updatedAt}::text`;
