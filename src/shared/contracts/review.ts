import { z } from 'zod';
import { dbId } from './common';
import { PATTERN_STATUSES } from '../options';
import { EditStatusSchema } from './lifecycle';

/**
 * The review loop (issue 13): request changes with notes, unpublish, notes marked addressed, the
 * pattern's activity and "Changed since last review", mail preferences and the admins' review count.
 */
export const REVIEW_PATHS = {
  requestChanges: (id: number | string) => `/api/patterns/${id}/request-changes`,
  unpublish: (id: number | string) => `/api/patterns/${id}/unpublish`,
  review: (id: number | string) => `/api/patterns/${id}/review`,
  note: (id: number | string, noteId: number | string) =>
    `/api/patterns/${id}/review-notes/${noteId}`,
  activity: (id: number | string) => `/api/patterns/${id}/activity`,
  reviewCount: '/api/patterns/review-count',
  attention: '/api/patterns/attention',
  mailPreferences: '/api/account/mail-preferences',
  reviewRecipients: '/api/admin/review-recipients',
} as const;
export const REVIEW_ROUTES = {
  requestChanges: '/api/patterns/:id/request-changes',
  unpublish: '/api/patterns/:id/unpublish',
  review: '/api/patterns/:id/review',
  note: '/api/patterns/:id/review-notes/:noteId',
  activity: '/api/patterns/:id/activity',
  reviewCount: '/api/patterns/review-count',
  attention: '/api/patterns/attention',
  mailPreferences: '/api/account/mail-preferences',
  reviewRecipients: '/api/admin/review-recipients',
} as const;

/** The lifecycle's actions (PRODUCT.md); which are possible now is decided in one place on the server. */
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

export const TransitionResponseSchema = z.object({
  data: z.object({
    ID: z.number(),
    SFCC_Status: z.enum(PATTERN_STATUSES),
    editStatus: EditStatusSchema,
  }),
  message: z.string(),
});
export type TransitionResponse = z.infer<typeof TransitionResponseSchema>;

export const ReviewNoteSchema = z.object({
  id: z.number(),
  targetType: z.enum(NOTE_TARGETS),
  targetKey: z.string(),
  targetLabel: z.string(),
  text: z.string(),
  addressed: z.boolean(),
});
export type ReviewNote = z.infer<typeof ReviewNoteSchema>;

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
      at: z.string(),
      notes: z.array(ReviewNoteSchema),
    })
    .nullable(),
  /** The last unpublish while the pattern is a draft that was not sent to review since. */
  unpublished: UnpublishedSchema.nullable(),
  /** Admins only: the difference to the version last reviewed; `reviewedAt` null = never reviewed. */
  changedSinceReview: z
    .object({
      reviewedAt: z.string().nullable(),
      outcome: z.enum(['published', 'changes_requested']).nullable(),
      changes: z.array(ChangeSchema),
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

export const ActivityQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be 1 to 100' })
    .int('pageSize must be 1 to 100')
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(20),
});

export const ActivityEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), name: z.string(), brand: z.string().nullable() }),
  /** One readable sentence ('Dana (McCall's) changed Price from 12.00 to 14.99'). */
  text: z.string(),
  /** Further lines (each field of a multi-field edit, each note of a request). */
  lines: z.array(z.string()),
  /** Files named in the entry that still exist, to link to them as they are now. */
  files: z.array(z.object({ id: z.number(), fileName: z.string() })),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
export const ActivityPageSchema = z.object({
  data: z.array(ActivityEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;

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
      at: z.string(),
      detail: z.string().nullable(),
    }),
  ),
});
export type Attention = z.infer<typeof AttentionSchema>;
export const AttentionResponseSchema = z.object({ data: AttentionSchema });

export const MailPreferencesSchema = z.object({
  reviewMails: z.boolean({ error: 'reviewMails must be true or false' }),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;
export const MailPreferencesResponseSchema = z.object({
  data: MailPreferencesSchema,
  message: z.string().optional(),
});

export const ReviewRecipientsSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      fullName: z.string(),
      email: z.string(),
      reviewRecipient: z.boolean(),
    }),
  ),
  message: z.string().optional(),
});
export type ReviewRecipients = z.infer<typeof ReviewRecipientsSchema>;
export const ReviewRecipientsUpdateSchema = z.object({
  userIds: z.array(z.number().int().positive()).max(1000),
});

export const REVIEW_MSG = {
  changesRequested: 'Changes requested: the brand has been told',
  editChangesRequested:
    'Changes requested: the brand has been told; the pattern stays published as it was',
  unpublished: 'Pattern unpublished: it is a draft again',
  preferencesSaved: 'Mail preferences saved',
  recipientsSaved: 'Review mail recipients saved',
  unknownTarget: 'This note is about something the pattern does not have',
  editedAfterReview:
    'This pattern was edited after it was sent to review: send it to review again so the changes are checked before publishing',
  editedAfterPublishing:
    'This pattern was edited after publishing: send it to review again so the changes are checked before publishing',
} as const;
