import { z } from 'zod';
import { VersionQuerySchema } from './pattern-published';
import { LIMITS } from '../limits';
import { FABRIC_TYPES, PATTERN_STATUSES, PATTERN_TYPES, YES_NO } from '../options';
import { boundedId, brandRef, text, IsoDateTimeSchema } from './common';
import { EditStatusSchema } from './lifecycle';

/**
 * My Patterns (/app/show-records): the list call, its CSV export and pattern deletion.
 * The list's query string is also the screen's URL state: the screen reads it without Zod
 * (pattern-list-query.ts, held to this schema's answers by its test).
 */
// Paths, keys and defaults live in files without Zod: the first screen needs them alone.
import { LIST_STOREFRONT_KINDS } from './pattern-list-paths';
import {
  LIST_DEFAULTS,
  PATTERN_SORT_KEYS,
  SEARCH_MAX,
  SORT_DIRECTIONS,
} from './pattern-list-query';
export { PATTERN_LIST_PATHS, DELETE_MSG, type ListStorefrontKind } from './pattern-list-paths';
export { PATTERN_SORT_KEYS, type PatternSortKey, type SortDirection } from './pattern-list-query';

export const PATTERN_LIST_ROUTES = {
  list: '/api/patterns',
  exportCsv: '/api/patterns/export.csv',
  item: '/api/patterns/:id',
  bulkDelete: '/api/patterns',
} as const;

const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });

/** Filters and search: shared by the list and the CSV export. */
const PatternFilterSchema = z.object({
  search: text('search')
    .trim()
    .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
    .optional(),
  /** Brand id or slug (the spec's option value, e.g. `mccalls`); admins only (a user's list is always their own brand). */
  brand: brandRef('brand must be a brand id or slug').optional(),
  /** `in_review` / `changes_requested` also find published patterns whose edit is there (editStatus). */
  status: oneOf('status', PATTERN_STATUSES).optional(),
  type: oneOf('type', PATTERN_TYPES).optional(),
  fabric: oneOf('fabric', FABRIC_TYPES).optional(),
  printable: oneOf('printable', YES_NO).optional(),
  sort: oneOf('sort', PATTERN_SORT_KEYS).default(LIST_DEFAULTS.sort),
  dir: oneOf('dir', SORT_DIRECTIONS).default(LIST_DEFAULTS.dir),
});
export type PatternFilter = z.infer<typeof PatternFilterSchema>;

const pageSizeMsg = `pageSize must be one of: ${LIMITS.pageSizes.join(', ')}`;
const rowId = (name: string) => boundedId(`${name} must be a pattern ID`);

export const PatternListQuerySchema = PatternFilterSchema.extend({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000_000)
    .default(LIST_DEFAULTS.page),
  pageSize: z.coerce
    .number({ error: pageSizeMsg })
    .refine((v) => (LIMITS.pageSizes as readonly number[]).includes(v), pageSizeMsg)
    .default(LIST_DEFAULTS.pageSize),
  /**
   * Optional anchors set by Next / Previous: the page is read as the rows right after (or before)
   * this pattern in the current order, which stays fast however deep the page is. `page` still
   * says which page number to show; without an anchor the page is found by its position.
   */
  after: rowId('after').optional(),
  before: rowId('before').optional(),
  /**
   * `published`: the live published versions only, their values as published (an edit waiting for
   * review does not show); paged by `page` (anchors are ignored), the `status` filter ignored.
   */
  version: VersionQuerySchema,
});
export type PatternListQuery = z.infer<typeof PatternListQuerySchema>;

export const PatternListRowSchema = z.object({
  ID: z.number(),
  SFCC_Pattern_ID: z.string(),
  Pattern_Name: z.string(),
  Brand: z.number(),
  brandName: z.string(),
  Type: z.string().nullable(),
  Gender: z.string().nullable(),
  Price: z.number().nullable(),
  Fabric_type: z.string().nullable(),
  Is_Printable: z.string().nullable(),
  SFCC_Status: z.enum(PATTERN_STATUSES),
  editStatus: EditStatusSchema,
  IS_SFCC_TESTING: z.boolean(),
  updatedAt: IsoDateTimeSchema,
  /** The main hero photo's file ID when it has thumbnails (THUMBNAIL_PATHS); null otherwise. */
  heroFileId: z.number().nullable().optional(),
  /**
   * Admins: the pattern's storefront outcome across both targets (docs/storefront.md), the same
   * rule as `GET /api/storefront/patterns/{id}`'s `summary.kind`; absent for users and for a
   * pattern never sent to a storefront.
   */
  storefront: z.enum(LIST_STOREFRONT_KINDS).optional(),
});
export type PatternListRow = z.infer<typeof PatternListRowSchema>;

/** `data` and `totalCountData` as the specification names them (section 3). */
export const PatternListResponseSchema = z.object({
  data: z.array(PatternListRowSchema),
  totalCountData: z.number(),
  /**
   * True when a search matched more than LIMITS.searchCountCap patterns: `totalCountData` is then
   * the cap, a lower bound ("10,000+"), not the exact count. Absent otherwise.
   */
  totalCapped: z.literal(true).optional(),
  page: z.number(),
  pageSize: z.number(),
});
export type PatternListResponse = z.infer<typeof PatternListResponseSchema>;

export const PatternExportQuerySchema = PatternFilterSchema;
export type PatternExportQuery = z.infer<typeof PatternExportQuerySchema>;

export const BULK_DELETE_MAX = Math.max(...LIMITS.pageSizes);
export const BulkDeleteRequestSchema = z.object({
  ids: z
    .array(boundedId('ids must be pattern IDs', { coerce: false }), {
      error: 'ids must be a list of pattern IDs',
    })
    .min(1, 'Choose at least one pattern to delete')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} patterns can be deleted at once`),
});

export const DeleteResponseSchema = z.object({ message: z.string(), deleted: z.array(z.number()) });
export type DeleteResponse = z.infer<typeof DeleteResponseSchema>;
