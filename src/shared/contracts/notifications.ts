import { z } from 'zod';

/** Review mails (issue 13): a user's mail preferences and the admins who receive review mails. */
export const NOTIFICATION_PATHS = {
  mailPreferences: '/api/account/mail-preferences',
  reviewRecipients: '/api/admin/review-recipients',
} as const;

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

export const NOTIFICATION_MSG = {
  preferencesSaved: 'Mail preferences saved',
  recipientsSaved: 'Review mail recipients saved',
} as const;
