import { z } from 'zod';
import { MSG } from '../messages';
import { PATTERN_STATUSES } from '../options';
import { dbId, IsoDateTimeSchema } from './common';
import { EDIT_STATUSES } from './lifecycle-paths';

/**
 * The pattern lifecycle of docs/product-decisions.md, every transition in one contract: draft → in review (send
 * to review: owner brand or admin) → published (publish: admin only); in review → changes
 * requested (request changes, with notes) and published → draft (unpublish), both admin only.
 * Also the review state a pattern screen shows (allowed actions, the open request and its notes,
 * "Changed since last review"), the admins' review count and what waits for the brand.
 */
export { LIFECYCLE_PATHS, type EditStatus } from './lifecycle-paths';

export const LIFECYCLE_ROUTES = {
  sendToReview: '/api/patterns/:id/send-to-review',
  publish: '/api/patterns/:id/publish',
  requestChanges: '/api/patterns/:id/request-changes',
  unpublish: '/api/patterns/:id/unpublish',
  review: '/api/patterns/:id/review',
  note: '/api/patterns/:id/review-notes/:noteId',
  reviewCount: '/api/patterns/review-count',
  attention: '/api/patterns/attention',
} as const;

export const EditStatusSchema = z
  .enum(EDIT_STATUSES)
  .nullable()
  .describe(
    "A published pattern's edit waiting in review ('in_review') or sent back ('changes_requested'); null when none. The pattern stays published meanwhile.",
  );

export const SendToReviewResponseSchema = z.object({
  data: z.object({
    ID: z.number(),
    IS_SFCC_TESTING: z.boolean(),
    SFCC_Status: z.enum(PATTERN_STATUSES),
    editStatus: EditStatusSchema,
  }),
  message: z.string(),
});
export type SendToReviewResponse = z.infer<typeof SendToReviewResponseSchema>;

/** The answer of publish, request changes and unpublish: the pattern's status after the transition. */
export const TransitionResponseSchema = z.object({
  data: z.object({
    ID: z.number(),
    SFCC_Status: z.enum(PATTERN_STATUSES),
    editStatus: EditStatusSchema,
  }),
  message: z.string(),
});
export type TransitionResponse = z.infer<typeof TransitionResponseSchema>;

/** The lifecycle's actions (docs/product-decisions.md); which are possible now is decided in one place on the server. */
export const LIFECYCLE_ACTIONS = [
  'sendToReview',
  'publish',
  'requestChanges',
  'unpublish',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
export const LIFECYCLE_ACTION_LABELS: Record<LifecycleAction, string> = {
  sendToReview: 'Send to review',
  publish: 'Publish to production',
  requestChanges: 'Request changes',
  unpublish: 'Unpublish',
};

export const NOTE_TARGETS = ['field', 'file', 'size'] as const;
export const REVIEW_LIMITS = { reasonMax: 2000, noteMax: 1000, notesMax: 50 } as const;

const reason = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(REVIEW_LIMITS.reasonMax, `${what} must be at most ${REVIEW_LIMITS.reasonMax} characters`);

export const ReviewNoteInputSchema = z.object({
  targetType: z.enum(NOTE_TARGETS, {
    error: `targetType must be one of: ${NOTE_TARGETS.join(', ')}`,
  }),
  /** A field name ('Price'), a file id or a size id. */
  targetKey: z.string().trim().min(1, 'Choose what the note is about').max(100),
  text: z
    .string()
    .trim()
    .min(1, 'Note is required')
    .max(REVIEW_LIMITS.noteMax, `Note must be at most ${REVIEW_LIMITS.noteMax} characters`),
});

export const RequestChangesRequestSchema = z.object({
  reason: reason('Reason'),
  notes: z
    .array(ReviewNoteInputSchema)
    .max(REVIEW_LIMITS.notesMax, `At most ${REVIEW_LIMITS.notesMax} notes`)
    .default([]),
});
export type RequestChangesRequest = z.input<typeof RequestChangesRequestSchema>;

export const UnpublishRequestSchema = z.object({ reason: reason('Reason') });
export type UnpublishRequest = z.infer<typeof UnpublishRequestSchema>;

export const ReviewNoteSchema = z.object({
  id: z.number(),
  targetType: z.enum(NOTE_TARGETS),
  targetKey: z.string(),
  targetLabel: z.string(),
  text: z.string(),
  addressed: z.boolean(),
});
export type ReviewNote = z.infer<typeof ReviewNoteSchema>;

/**
 * A request's notes not yet addressed, and how both sides say so (issue 48): the sender's
 * "1 of 2 notes not addressed — send anyway?" and the reviewer's "1 of 2 review notes not
 * addressed" (docs/product-decisions.md "Lifecycle of a pattern").
 */
export const openNotes = <N extends Pick<ReviewNote, 'addressed'>>(notes: readonly N[]): N[] =>
  notes.filter((n) => !n.addressed);
export const notesNotAddressed = (open: number, total: number, noun = 'note') =>
  `${open} of ${total} ${noun}${total === 1 ? '' : 's'} not addressed`;
export const sendAnywayTitle = (open: number, total: number) =>
  `${notesNotAddressed(open, total)} — send anyway?`;

export const ChangeSchema = z.object({
  targetType: z.enum(NOTE_TARGETS),
  targetKey: z.string(),
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type Change = z.infer<typeof ChangeSchema>;

/** The last unpublish of a pattern not sent to review since: who, when, why (issue 34). */
export const UnpublishedSchema = z.object({ by: z.string(), at: z.string(), reason: z.string() });

export const ReviewStateSchema = z.object({
  allowedActions: z.array(z.enum(LIFECYCLE_ACTIONS)),
  /** Why Publish is not offered although the pattern is in review (an edit after it was sent). */
  publishBlockedReason: z.string().nullable(),
  request: z
    .object({
      reason: z.string(),
      requestedBy: z.string(),
      at: IsoDateTimeSchema,
      notes: z.array(ReviewNoteSchema),
    })
    .nullable(),
  /** The last unpublish while the pattern is a draft that was not sent to review since. */
  unpublished: UnpublishedSchema.nullable(),
  /** Admins only: the difference to the version last reviewed; `reviewedAt` null = never reviewed. */
  changedSinceReview: z
    .object({
      reviewedAt: IsoDateTimeSchema.nullable(),
      outcome: z.enum(['published', 'changes_requested']).nullable(),
      changes: z.array(ChangeSchema),
      /** The notes it was sent back with (outcome 'changes_requested'), each addressed or not; else []. */
      notes: z.array(ReviewNoteSchema),
    })
    .nullable(),
  /** Admins only: what a note can be about (fields, files, sizes of the pattern now). */
  targets: z.array(
    z.object({ targetType: z.enum(NOTE_TARGETS), targetKey: z.string(), label: z.string() }),
  ),
});
export type ReviewState = z.infer<typeof ReviewStateSchema>;
export const ReviewStateResponseSchema = z.object({ data: ReviewStateSchema });

export const NoteParamsSchema = z.object({ id: dbId(), noteId: dbId() });
export const NoteUpdateRequestSchema = z.object({
  addressed: z.boolean({ error: 'addressed must be true or false' }),
});
export const NoteUpdateResponseSchema = z.object({ data: ReviewNoteSchema });

export const ReviewCountResponseSchema = z.object({ data: z.object({ inReview: z.number() }) });

/**
 * What waits for the brand (issue 34; admins: every brand): patterns sent back with changes
 * requested (an edit's included), patterns unpublished and not yet sent to review again, and
 * patterns whose last storefront import failed (on either target), with the few most recently
 * changed of them for the dashboard. `detail` says what failed (storefront failures only).
 */
export const ATTENTION_REASONS = ['changes_requested', 'unpublished', 'storefront_failed'] as const;
export const ATTENTION_LABELS: Record<(typeof ATTENTION_REASONS)[number], string> = {
  changes_requested: 'Changes requested',
  unpublished: 'Unpublished',
  storefront_failed: 'Storefront failed',
};
export const ATTENTION_SHOWN = 5;
export const AttentionSchema = z.object({
  changesRequested: z.number(),
  unpublished: z.number(),
  storefrontFailed: z.number(),
  patterns: z.array(
    z.object({
      ID: z.number(),
      SFCC_Pattern_ID: z.string(),
      Pattern_Name: z.string(),
      reason: z.enum(ATTENTION_REASONS),
      at: IsoDateTimeSchema,
      detail: z.string().nullable(),
    }),
  ),
});
export type Attention = z.infer<typeof AttentionSchema>;
export const AttentionResponseSchema = z.object({ data: AttentionSchema });

export const LIFECYCLE_MSG = {
  reviewed: MSG.reviewed,
  reviewFailed: MSG.reviewFailed,
  published: MSG.published,
  publishFailed: MSG.publishFailed,
  incomplete: 'This pattern is not complete yet',
  alreadyInReview: 'This pattern is already in review and has not changed since',
  alreadyPublished: 'This pattern is published and has not changed since',
  editAlreadyInReview:
    'The edit of this published pattern is already in review and has not changed since',
  editReviewed: 'Sent to review: the pattern stays published until its edit is published',
  publishOnlyInReview: 'Only a pattern in review can be published: send it to review first',
  changesRequested: 'Changes requested: the brand has been told',
  editChangesRequested:
    'Changes requested: the brand has been told; the pattern stays published as it was',
  unpublished: 'Pattern unpublished: it is a draft again',
  unknownTarget: 'This note is about something the pattern does not have',
  editedAfterReview:
    'This pattern was edited after it was sent to review: send it to review again so the changes are checked before publishing',
  editedAfterPublishing:
    'This pattern was edited after publishing: send it to review again so the changes are checked before publishing',
} as const;
