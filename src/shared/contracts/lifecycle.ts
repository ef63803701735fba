import { z } from 'zod';
import { MSG } from '../messages';
import { PATTERN_STATUSES } from '../options';

/** The pattern lifecycle of PRODUCT.md: draft → in review (owner brand or admin) → published (admin only). */
export const LIFECYCLE_PATHS = {
  sendToReview: (id: number | string) => `/api/patterns/${id}/send-to-review`,
  publish: (id: number | string) => `/api/patterns/${id}/publish`,
} as const;
export const LIFECYCLE_ROUTES = {
  sendToReview: '/api/patterns/:id/send-to-review',
  publish: '/api/patterns/:id/publish',
} as const;

/**
 * Where a published pattern's edit stands (the pattern stays published, and in the storefront,
 * meanwhile): 'in_review' once sent to review, 'changes_requested' once sent back; null when no
 * edit waits (and for a pattern that is not published). PRODUCT.md "Lifecycle of a pattern".
 */
export const EDIT_STATUSES = ['in_review', 'changes_requested'] as const;
export type EditStatus = (typeof EDIT_STATUSES)[number];
export const EditStatusSchema = z
  .enum(EDIT_STATUSES)
  .nullable()
  .describe(
    "A published pattern's edit waiting in review ('in_review') or sent back ('changes_requested'); null when none. The pattern stays published meanwhile.",
  );
export const EDIT_STATUS_LABELS: Record<EditStatus, string> = {
  in_review: 'Edit in review',
  changes_requested: 'Edit: changes requested',
};

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

export const PublishResponseSchema = z.object({
  data: z.object({
    ID: z.number(),
    SFCC_Status: z.enum(PATTERN_STATUSES),
    editStatus: EditStatusSchema,
  }),
  message: z.string(),
});
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

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
} as const;
