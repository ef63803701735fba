import { z } from 'zod';
import { MSG } from '../messages';
import { ROLES } from '../options';
import { BrandSchema } from './brands';
import { brandRef, EmailSchema, passwordSchema, text } from './common';
import { brandUnlessAdmin, FullNameSchema, passwordsMatch } from './users';

/** Invitations (docs/sign-in.md): an admin invites, the partner chooses a password by the link. */
export const INVITATION_PATHS = {
  list: '/api/invitations',
  create: '/api/invitations',
  resend: (id: number | string) => `/api/invitations/${id}/resend`,
  cancel: (id: number | string) => `/api/invitations/${id}`,
  /** The link's page asks who it is for (the token in the body: never in a logged URL). */
  check: '/api/invitations/check',
  accept: '/api/invitations/accept',
} as const;

/** The page the mailed link opens; `token` in its query. */
export const INVITATION_PAGE = '/app/accept-invitation';

export const INVITATION_MSG = {
  invalid: 'This invitation link is not valid. Ask an admin for a new invitation.',
  used: 'This invitation has already been used. Sign in with your email and password.',
  expired: 'This invitation has expired. Ask an admin to send it again.',
  cancelled: 'This invitation was cancelled. Ask an admin for a new invitation.',
  pending: 'An invitation for this email is already waiting: resend it from the list',
  sent: (email: string) => `Invitation sent to ${email}`,
  resent: (email: string) => `Invitation sent again to ${email}`,
  cancelledDone: 'Invitation cancelled',
} as const;

export const InviteSchema = z
  .object({
    fullName: FullNameSchema,
    email: EmailSchema,
    // '' and the placeholder's 0 mean "no brand chosen".
    brand: z.preprocess(
      (v) => (v === '' || v === 0 || v === '0' ? null : v),
      brandRef(MSG.chooseBrand).nullish(),
    ),
    role: z.enum(ROLES, { error: MSG.chooseRole }),
  })
  .refine(brandUnlessAdmin.check, brandUnlessAdmin.params);
export type Invite = z.infer<typeof InviteSchema>;

export const InvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  brand: BrandSchema.pick({ id: true, name: true }).nullable(),
  invitedBy: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const InvitationListSchema = z.object({ data: z.array(InvitationSchema) });
export const InvitationSentSchema = z.object({ data: InvitationSchema, message: z.string() });

const TokenSchema = text('token', 'The invitation link is incomplete')
  .min(1, 'The invitation link is incomplete')
  .max(200);
export const InvitationCheckSchema = z.object({ token: TokenSchema });
export const InvitationCheckResponseSchema = z.object({ email: z.string(), fullName: z.string() });
export type InvitationCheckResponse = z.infer<typeof InvitationCheckResponseSchema>;

export const AcceptInvitationSchema = z
  .object({
    token: TokenSchema,
    password: passwordSchema(MSG.passwordRequired, MSG.passwordMinSignup),
    repeatPassword: passwordSchema(MSG.repeatPasswordRequired, MSG.passwordMinSignup),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;
