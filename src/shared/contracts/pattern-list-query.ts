/**
 * My Patterns' query as a URL carries it (sort keys, defaults), and the screen's reading of it
 * without Zod: the list's schema (pattern-list.ts, PatternListQuerySchema) is the API's contract,
 * and the first screen does not load Zod (issue 50: the first row on screen). readListQuery keeps
 * what the schema takes and drops what it refuses, field by field, as the screen did with the
 * schema itself; pattern-list-query.test.ts holds the two to the same answers.
 */
import { LIMITS } from '../limits';
import { FABRIC_TYPES, PATTERN_STATUSES, PATTERN_TYPES, YES_NO } from '../options';
import { DB_ID_MAX, hasNul } from './input-rules';
import { VERSIONS } from './pattern-published-paths';
import type { PatternListQuery } from './pattern-list';

/** Sortable columns, by the API field they sort. `brand` sorts by the brand's name. */
export const PATTERN_SORT_KEYS = [
  'SFCC_Pattern_ID',
  'Pattern_Name',
  'brand',
  'Type',
  'Gender',
  'Price',
  'status',
  'updatedAt',
] as const;
export type PatternSortKey = (typeof PATTERN_SORT_KEYS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const LIST_DEFAULTS = {
  page: 1,
  pageSize: LIMITS.pageSizes[0],
  sort: 'updatedAt',
  dir: 'desc',
} as const satisfies {
  page: number;
  pageSize: number;
  sort: PatternSortKey;
  dir: SortDirection;
};

export const SEARCH_MAX = 100;

const member = <T extends string>(values: readonly T[], v: string | undefined): T | undefined =>
  (values as readonly string[]).includes(v as string) ? (v as T) : undefined;

/** As `z.coerce.number()` reads a text: a finite number, or undefined. */
const numberOf = (v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** A positive row id within the column (common.ts boundedId). */
const rowId = (v: string | undefined): number | undefined => {
  const n = numberOf(v);
  return n !== undefined && Number.isInteger(n) && n > 0 && n <= DB_ID_MAX ? n : undefined;
};

/** A brand id or slug (common.ts brandRef). */
const brandOf = (v: string | undefined): number | string | undefined => {
  if (v === undefined) return undefined;
  const text = v.trim();
  if (/^\d{1,10}$/.test(text)) {
    const id = Number(text);
    return id > 0 && id <= DB_ID_MAX ? id : undefined;
  }
  return text.length > 0 && text.length <= 100 && !hasNul(text) ? text : undefined;
};

const searchOf = (v: string | undefined): string | undefined => {
  if (v === undefined || hasNul(v)) return undefined;
  const text = v.trim();
  return text.length <= SEARCH_MAX ? text : undefined;
};

/**
 * The list query a URL's parameters name: each value the list's schema would refuse is dropped
 * (its default, or none), so an edited link shows the list rather than an error.
 */
export function readListQuery(raw: Record<string, string | undefined>): PatternListQuery {
  const out: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  put('search', searchOf(raw.search));
  put('brand', brandOf(raw.brand));
  put('status', member(PATTERN_STATUSES, raw.status));
  put('type', member(PATTERN_TYPES, raw.type));
  put('fabric', member(FABRIC_TYPES, raw.fabric));
  put('printable', member(YES_NO, raw.printable));
  out.sort = member(PATTERN_SORT_KEYS, raw.sort) ?? LIST_DEFAULTS.sort;
  out.dir = member(SORT_DIRECTIONS, raw.dir) ?? LIST_DEFAULTS.dir;
  const page = numberOf(raw.page);
  out.page =
    page !== undefined && Number.isInteger(page) && page >= 1 && page <= 10_000_000
      ? page
      : LIST_DEFAULTS.page;
  const pageSize = numberOf(raw.pageSize);
  out.pageSize =
    pageSize !== undefined && (LIMITS.pageSizes as readonly number[]).includes(pageSize)
      ? pageSize
      : LIST_DEFAULTS.pageSize;
  put('after', rowId(raw.after));
  put('before', rowId(raw.before));
  out.version = member(VERSIONS, raw.version) ?? 'working';
  return out as PatternListQuery;
}
