import { z } from 'zod';
import { boundedId } from './common';
import { PATTERN_LABELS, PatternFieldsSchema } from './patterns';
import { PatternExportQuerySchema } from './pattern-list';
import { REVIEW_LIMITS } from './lifecycle';

/**
 * Bulk actions on a selection of My Patterns (issue 46, docs/bulk.md): each runs per pattern with
 * the rules of the one-pattern call (role, brand, completeness, edited after review) and answers
 * one result per pattern; what could not be done is named with why, the rest is done.
 */
export const BULK_ACTIONS = [
  'send-to-review',
  'publish',
  'request-changes',
  'unpublish',
  'restore',
  'edit',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  'send-to-review': 'Send to review',
  publish: 'Publish',
  'request-changes': 'Request changes',
  unpublish: 'Unpublish',
  restore: 'Restore from the Trash',
  edit: 'Edit fields',
};
/** The actions only admins may take (their routes answer 403 to partners, and refuse API tokens). */
export const BULK_ADMIN_ACTIONS: readonly BulkAction[] = [
  'publish',
  'request-changes',
  'unpublish',
];

export const BULK_PATHS = {
  action: (a: BulkAction) => `/api/patterns/bulk/${a}`,
  ids: '/api/patterns/bulk/ids',
} as const;
export const BULK_ROUTES = {
  action: (a: BulkAction) => `/api/patterns/bulk/${a}`,
  ids: '/api/patterns/bulk/ids',
} as const;

/** At most this many patterns in one bulk action ("select all matching" stops here, and says so). */
export const BULK_MAX = 1000;
/**
 * BULK_MAX as messages write it ("1,000"), without Intl: these messages are built when the server
 * loads, and a first Intl formatter there would load ICU's locale data for good (about 7 MB
 * resident: docs/decisions/012).
 */
export const BULK_MAX_TEXT = String(BULK_MAX).replace(/\B(?=(\d{3})+$)/g, ',');

const ids = z
  .array(boundedId('ids must be pattern IDs', { coerce: false }), {
    error: 'ids must be a list of pattern IDs',
  })
  .min(1, 'Choose at least one pattern')
  .max(BULK_MAX, `At most ${BULK_MAX_TEXT} patterns can be changed at once`);

const reason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(REVIEW_LIMITS.reasonMax, `Reason must be at most ${REVIEW_LIMITS.reasonMax} characters`);

export const BulkIdsRequestSchema = z.object({ ids });
export const BulkReasonRequestSchema = z.object({ ids, reason });

/** The fields Edit fields may set on many patterns at once (never the Pattern ID, name or brand). */
export const BULK_EDIT_FIELDS = [
  'Price',
  'Fabric_type',
  'Type',
  'Gender',
  'Is_Printable',
  'is_Subscribable',
  'Suitable_For',
  'Pattern_Fit',
  'Notion',
] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];
export const BULK_EDIT_LABELS: Record<BulkEditField, string> = Object.fromEntries(
  BULK_EDIT_FIELDS.map((f) => [f, PATTERN_LABELS[f]]),
) as Record<BulkEditField, string>;

/** `value`: what the edit form takes for that field ('' or null clears an optional one). */
export const BulkEditRequestSchema = z
  .object({
    ids,
    set: z.object({
      field: z.enum(BULK_EDIT_FIELDS, {
        error: `field must be one of: ${BULK_EDIT_FIELDS.join(', ')}`,
      }),
      value: z.union([z.string(), z.number(), z.null()]).optional(),
    }),
    /** true: change nothing, answer what would change (the screen's "N patterns change"). */
    preview: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const check = PatternFieldsSchema.shape[body.set.field].safeParse(body.set.value ?? '');
    if (!check.success)
      ctx.addIssue({
        code: 'custom',
        path: ['set', 'value'],
        message: check.error.issues[0]?.message ?? 'Invalid value',
      });
  });
export type BulkEditRequest = z.input<typeof BulkEditRequestSchema>;

export const BulkResultSchema = z.object({
  id: z.number(),
  /** The Pattern ID, when the pattern could be seen. */
  patternId: z.string().nullable(),
  ok: z.boolean(),
  /** What was done, or why not ("BR-00: edited after its review: …"). */
  message: z.string(),
  /** Edit fields: whether the value changes (false: it already had it). */
  changed: z.boolean().optional(),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
export const BulkResponseSchema = z.object({
  message: z.string(),
  done: z.number(),
  failed: z.number(),
  results: z.array(BulkResultSchema),
});
export type BulkResponse = z.infer<typeof BulkResponseSchema>;

/** "Select all N matching the filters": the list's filters, the first BULK_MAX IDs. */
export const BulkIdsQuerySchema = PatternExportQuerySchema;
export const BulkIdsResponseSchema = z.object({
  ids: z.array(z.number()),
  total: z.number(),
  /** More matched than BULK_MAX: only the first BULK_MAX are in `ids`. */
  capped: z.boolean(),
});
export type BulkIdsResponse = z.infer<typeof BulkIdsResponseSchema>;

export const BULK_MSG = {
  notFound: 'not found',
  summary: (action: BulkAction, done: number, failed: number) => {
    const verb: Record<BulkAction, string> = {
      'send-to-review': 'sent to review',
      publish: 'published',
      'request-changes': 'sent back with changes requested',
      unpublish: 'unpublished',
      restore: 'restored',
      edit: 'changed',
    };
    const n = (k: number) => `${k.toLocaleString('en-US')} pattern${k === 1 ? '' : 's'}`;
    const head = `${n(done)} ${verb[action]}`;
    return failed ? `${head}; ${n(failed)} could not be: see why below` : head;
  },
  unchanged: (label: string) => `No change: ${label} already has this value`,
  capped: (max: number) =>
    `More than ${max.toLocaleString('en-US')} patterns match: the first ${max.toLocaleString('en-US')} are selected`,
} as const;
