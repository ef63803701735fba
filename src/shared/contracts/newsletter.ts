import { z } from 'zod';
import { EmailSchema, IsoDateTimeSchema } from './common';
export { NEWSLETTER_PATHS } from './newsletter-paths';

export const NEWSLETTER_MSG = {
  subscribed: 'Thank you for subscribing to our newsletter.',
} as const;

/**
 * Per e-mail address and per network address: a person subscribes once; repeated calls are a
 * script filling the list or mailing someone else's address.
 */
export const NEWSLETTER_RATE_LIMIT = { perEmail: 5, perIp: 30, windowSeconds: 60 * 60 } as const;

/** The footer's newsletter box: one e-mail ('Email is required' when empty, 'Not Valid Email' when malformed). */
export const SubscribeRequestSchema = z.object({ email: EmailSchema });
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** Subscribing twice answers the same: the address is on the list either way. */
export const SubscribeResponseSchema = z.object({ message: z.string() });
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

export const NewsletterSummarySchema = z.object({
  totalCountData: z.number(),
  latestAt: IsoDateTimeSchema.nullable(),
});
export type NewsletterSummary = z.infer<typeof NewsletterSummarySchema>;
