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

export const SendToReviewResponseSchema = z.object({
  data: z.object({ ID: z.number(), IS_SFCC_TESTING: z.boolean() }),
  message: z.string(),
});
export type SendToReviewResponse = z.infer<typeof SendToReviewResponseSchema>;

export const PublishResponseSchema = z.object({
  data: z.object({ ID: z.number(), SFCC_Status: z.enum(PATTERN_STATUSES) }),
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
  publishOnlyInReview: 'Only a pattern in review can be published: send it to review first',
} as const;
