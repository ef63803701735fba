import type { PatternDetail } from '../../../shared/contracts/pattern-detail';
import type { PatternListRow } from '../../../shared/contracts/pattern-list';

/**
 * The one mapping between a pattern's database row and its API shape, for every reader and writer
 * of patterns (list, detail, webhook payloads, CSV export, the submission form, edits, the bulk
 * import). Brand: the row's `brandId` / `brandName` (column `brand_id`, joined `brands.name`) is
 * the API's `Brand` (the id) and `brandName`. Price: `numeric(10, 2)`, text in the row, a number
 * in the API. Dates: `Date` in the row, ISO 8601 (UTC) text in the API.
 */

/** The row's Price (numeric text, e.g. '12.50') as the API's number; null stays null. */
export const priceToApi = (price: string | null): number | null =>
  price === null ? null : Number(price);

/** A Price the API took (already rounded to cents by `PriceSchema`) as the column's text: 12.5 → '12.50'. */
export const priceToDb = (price: number): string => price.toFixed(2);

/**
 * A timestamp as PostgreSQL writes it in UTC ('2026-11-26 09:34:35.123456+00'), the way list rows
 * read it (db/array-rows.ts): its date, time and first three digits of the fraction.
 */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A row's date as the API's text: ISO 8601 in UTC, to the millisecond. PostgreSQL's text in UTC is
 * rewritten as it stands (reading it as a Date was a twentieth of a list page's CPU); any other
 * text (another time zone, a year past 9999) is read as a Date.
 */
export function isoDate(d: Date | string): string {
  if (typeof d !== 'string') return d.toISOString();
  const m = PG_UTC.exec(d);
  if (!m) return new Date(d).toISOString();
  const ms = (m[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${m[1]}T${m[2]}.${ms}Z`;
}
export const isoDateOrNull = (d: Date | string | null): string | null =>
  d === null ? null : isoDate(d);

/** The row's fields the API calls differently. */
interface ShapedRow {
  brandId: number;
  Price: string | null;
  updatedAt: Date | string;
}

/** A row of the pattern list as list.repo reads it (`rowsByIds`, `firstPageRows`, …). */
export type ListRowSource = ShapedRow &
  Omit<PatternListRow, 'Brand' | 'Price' | 'updatedAt' | 'heroFileId'> & {
    heroFileId: number | null;
  };

/**
 * A row of the pattern list as the list call answers it. Written out field by field: the list maps
 * every row of every page, and object rest and spread (`{ brandId, ...rest }`) cost about 3 µs a
 * row, ten times this (docs/benchmarks.md, "The pattern list"). A new list column is added here too: the
 * response schema refuses a row without it (pattern-shape.test.ts checks every field).
 */
export function toListRow(r: ListRowSource): PatternListRow {
  return {
    ID: r.ID,
    SFCC_Pattern_ID: r.SFCC_Pattern_ID,
    Pattern_Name: r.Pattern_Name,
    Brand: r.brandId,
    brandName: r.brandName,
    Type: r.Type,
    Gender: r.Gender,
    Price: priceToApi(r.Price),
    Fabric_type: r.Fabric_type,
    Is_Printable: r.Is_Printable,
    SFCC_Status: r.SFCC_Status,
    editStatus: r.editStatus,
    IS_SFCC_TESTING: r.IS_SFCC_TESTING,
    updatedAt: isoDate(r.updatedAt),
    heroFileId: r.heroFileId,
  };
}

type DetailFields = Pick<
  PatternDetail,
  'Brand' | 'Price' | 'reviewedAt' | 'publishedAt' | 'createdAt' | 'updatedAt'
>;

/** A pattern row (detail.repo `findPattern`) as the detail call and the webhook payloads answer it, before files and checks. */
export function toDetailFields<
  R extends ShapedRow & {
    reviewedAt: Date | null;
    publishedAt: Date | null;
    createdAt: Date;
    contentUpdatedAt?: Date;
  },
>(
  r: R,
): Omit<R, keyof ShapedRow | 'reviewedAt' | 'publishedAt' | 'createdAt' | 'contentUpdatedAt'> &
  DetailFields {
  // contentUpdatedAt stays on the server: the answer says `editedAfter` instead.
  const {
    brandId,
    Price,
    reviewedAt,
    publishedAt,
    createdAt,
    updatedAt,
    contentUpdatedAt: _content,
    ...rest
  } = r;
  return {
    ...rest,
    Brand: brandId,
    Price: priceToApi(Price),
    reviewedAt: isoDateOrNull(reviewedAt),
    publishedAt: isoDateOrNull(publishedAt),
    createdAt: isoDate(createdAt),
    updatedAt: isoDate(updatedAt),
  };
}

/** A CSV export cell of a date: the API's text, an empty cell for no date. */
export const exportDate = (d: Date | string | null): string => isoDateOrNull(d) ?? '';

/**
 * A row as the activity log and the review snapshot compare it: `Brand` is the brand's name (what
 * a person reads), every other field the row's own value.
 */
export const withBrandName = <R extends { brandName: string }>(r: R): R & { Brand: string } => ({
  ...r,
  Brand: r.brandName,
});
