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

/** A row's date as the API's text: ISO 8601 in UTC. */
export const isoDate = (d: Date | string): string => new Date(d).toISOString();
export const isoDateOrNull = (d: Date | string | null): string | null =>
  d === null ? null : isoDate(d);

/** The row's fields the API calls differently. */
interface ShapedRow {
  brandId: number;
  Price: string | null;
  updatedAt: Date | string;
}

/** A row of the pattern list (list.repo `rowsByIds`) as the list call answers it. */
export function toListRow<R extends ShapedRow>(
  r: R,
): Omit<R, 'brandId' | 'Price' | 'updatedAt'> &
  Pick<PatternListRow, 'Brand' | 'Price' | 'updatedAt'> {
  const { brandId, Price, updatedAt, ...rest } = r;
  return { ...rest, Brand: brandId, Price: priceToApi(Price), updatedAt: isoDate(updatedAt) };
}

type DetailFields = Pick<
  PatternDetail,
  'Brand' | 'Price' | 'reviewedAt' | 'publishedAt' | 'createdAt' | 'updatedAt'
>;

/** A pattern row (detail.repo `findPattern`) as the detail call and the webhook payloads answer it, before files and checks. */
export function toDetailFields<
  R extends ShapedRow & { reviewedAt: Date | null; publishedAt: Date | null; createdAt: Date },
>(r: R): Omit<R, keyof ShapedRow | 'reviewedAt' | 'publishedAt' | 'createdAt'> & DetailFields {
  const { brandId, Price, reviewedAt, publishedAt, createdAt, updatedAt, ...rest } = r;
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
