import { z } from 'zod';
import { LIMITS } from '../limits';
import { COUNTRIES } from '../options';
import { EmailSchema, optionalText, requiredText, pagingFields, IsoDateTimeSchema } from './common';

export const SUPPORT_PATHS = {
  /** POST: send a message (spec section 7); GET: the admins' inbox. */
  messages: '/api/contact/support',
  /** PATCH: mark one message handled or open again (admins). */
  message: (id: number | string) => `/api/contact/support/${id}`,
} as const;

/** Labels of the contact form (spec section 3); required messages read '{label} is required'. */
export const SUPPORT_LABELS = {
  fullName: 'Full name',
  Brand_Company: 'Brand/Company',
  subject: 'Subject',
  email: 'Email',
  country: 'Country',
  phoneNumber: 'Phone number',
  message: 'Message',
} as const;

export const SUPPORT_MSG = {
  sent: 'Your message has been sent to our support team.',
  /** When the server gives no message of its own (spec section 8: else a plain sentence). */
  sendFailed: 'Your message could not be sent. Please try again.',
  phoneInvalid: 'Phone number should have 7 to 15 digits and only + ( ) - . or spaces',
  countryInvalid: `Country must be one of: ${COUNTRIES.join(', ')}`,
  reference: (id: number) => `Reference #${id}`,
} as const;

/** Per user: at most `max` messages in `windowSeconds` (a person does not write more; a script does). */
export const SUPPORT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

const L = SUPPORT_LABELS;
const PHONE_CHARS = /^[0-9+().\-\s]+$/;

/** The contact message as the form sends it; the server validates with the same schema. */
export const ContactSupportRequestSchema = z.object({
  fullName: requiredText(L.fullName),
  Brand_Company: requiredText(L.Brand_Company),
  subject: requiredText(L.subject),
  // 'Email is required' is the spec's own text; the format check answers 'Not Valid Email'.
  email: EmailSchema,
  // Not among the spec's required fields; the placeholder sends null (the dropdown) or ''.
  country: z
    .union([z.enum(COUNTRIES), z.literal(''), z.null()], { error: SUPPORT_MSG.countryInvalid })
    .optional()
    .transform((v) => v || undefined),
  phoneNumber: requiredText(L.phoneNumber, 40).refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return PHONE_CHARS.test(v) && digits >= 7 && digits <= 15;
  }, SUPPORT_MSG.phoneInvalid),
  message: optionalText(L.message, LIMITS.descriptionMax).transform((v) => v || undefined),
});
export type ContactSupportRequest = z.infer<typeof ContactSupportRequestSchema>;
export type ContactSupportForm = z.input<typeof ContactSupportRequestSchema>;

/** A stored support message, as the sender gets it back and as admins list it. */
export const SupportMessageSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  Brand_Company: z.string(),
  subject: z.string(),
  email: z.string(),
  country: z.string().nullable(),
  phoneNumber: z.string(),
  message: z.string().nullable(),
  userId: z.number().nullable(),
  brandId: z.number().nullable(),
  brandName: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
  handledAt: IsoDateTimeSchema.nullable(),
  handledBy: z.number().nullable(),
  handledByName: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const ContactSupportResponseSchema = z.object({ contactDetails: SupportMessageSchema });
export type ContactSupportResponse = z.infer<typeof ContactSupportResponseSchema>;

export const SUPPORT_STATUSES = ['open', 'handled', 'all'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SupportListQuerySchema = z.object({
  ...pagingFields,
  status: z.enum(SUPPORT_STATUSES).default('all'),
});
export type SupportListParams = z.infer<typeof SupportListQuerySchema>;

export const SupportListResponseSchema = z.object({
  data: z.array(SupportMessageSchema),
  totalCountData: z.number(),
});
export type SupportListResponse = z.infer<typeof SupportListResponseSchema>;

export const MarkHandledRequestSchema = z.object({ handled: z.boolean() });

export const MarkHandledResponseSchema = z.object({ data: SupportMessageSchema });
export type MarkHandledResponse = z.infer<typeof MarkHandledResponseSchema>;
