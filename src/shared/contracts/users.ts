import { z } from 'zod';
import { LIMITS } from '../limits';
import { MSG } from '../messages';
import { ROLES } from '../options';
import { SessionUserSchema } from './auth';
import {
  brandRef,
  EmailSchema,
  passwordSchema,
  requiredText,
  pagingFields,
  text,
  IsoDateTimeSchema,
} from './common';
import type { MultipartSpec } from './uploads';

export const USER_PATHS = {
  signup: '/api/auth/signup',
  /** The specification's "user list chunk" call: POST with the page and filters as JSON. */
  list: '/api/auth/user-list',
  status: (id: number | string) => `/api/users/${id}/status`,
  profilePic: (id: number | string) => `/api/users/${id}/profile-pic`,
  updateAccount: '/api/auth/update-user',
  sendCode: '/api/auth/send-otp',
  changeEmail: '/api/auth/change-email',
  changePassword: '/api/auth/change-password',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
} as const;

/** One-time codes and reset links (docs/product-decisions.md); the screens state these numbers. */
export const CODE_RULES = { validMinutes: 10, maxTries: 5 } as const;
export const RESET_LINK_VALID_MINUTES = 60;

/** Texts of the accounts screens and calls (the spec quotes none of these). */
export const USER_MSG = {
  emailTaken: 'An account with this email already exists',
  sameEmail: 'This is already your email',
  cannotDisableSelf: 'You cannot disable your own account',
  accountUpdated: 'Your account has been updated',
  emailChanged: 'Your email has been changed',
  passwordChanged: 'Your password has been changed. Other sessions have been signed out.',
  forgotSent:
    'If an account exists for this email, we have sent it a link to reset the password. The link is valid for one hour.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
  resetInvalid: 'This reset link is not valid. Ask for a new one.',
  resetUsed: 'This reset link has already been used. Ask for a new one.',
  resetExpired: 'This reset link has expired. Ask for a new one.',
  codeMissing: 'No code is waiting for you. Request a new code.',
  codeExpired: 'This code has expired. Request a new code.',
  codeExhausted: 'Too many wrong codes. Request a new code.',
  codeWrong: (triesLeft: number) =>
    `The code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
} as const;

/** Multipart part names of the signup and account update calls (spec section 7). */
export const PROFILE_PIC_FIELD = 'profile_pic';
export const DATA_FIELD = 'data';

export const FullNameSchema = requiredText('Full Name'); // 'Full Name is required'

/**
 * Both passwords must match. Runs even when other fields are still invalid (Zod skips object
 * refinements after any issue by default), so the form shows the mismatch at once.
 */
export const passwordsMatch = {
  check: (v: { password?: unknown; repeatPassword?: unknown }) => v.password === v.repeatPassword,
  params: {
    message: MSG.passwordMismatch,
    path: ['repeatPassword'],
    when: (payload: { value: unknown }) => {
      const v = payload.value as { password?: unknown; repeatPassword?: unknown } | null;
      return (
        typeof v?.password === 'string' &&
        typeof v?.repeatPassword === 'string' &&
        v.repeatPassword !== ''
      );
    },
  },
};

/** A user account needs a brand (its patterns belong to one); an admin account works across brands and may have none. */
const hasBrand = (v: { brand?: unknown }) => v.brand !== null && v.brand !== undefined;
export const brandUnlessAdmin = {
  check: (v: { role?: unknown; brand?: unknown }) => v.role === 'admin' || hasBrand(v),
  params: {
    message: MSG.chooseBrand,
    path: ['brand'],
    // Also when other fields fail, so an empty form names every field at once.
    when: (payload: { value: unknown }) => {
      const v = payload.value as { role?: unknown; brand?: unknown } | null;
      return Boolean(v) && v?.role !== 'admin' && !hasBrand(v!);
    },
  },
};

/** The signup form and `POST /api/auth/signup`'s `data` part (spec section 5). `brand` is an id or slug; optional for admins. */
export const SignupSchema = z
  .object({
    fullName: FullNameSchema,
    email: EmailSchema,
    // '' and the placeholder's 0 mean "no brand chosen".
    brand: z.preprocess(
      (v) => (v === '' || v === 0 || v === '0' ? null : v),
      brandRef(MSG.chooseBrand).nullish(),
    ),
    role: z.enum(ROLES, { error: MSG.chooseRole }),
    password: passwordSchema(MSG.passwordRequired, MSG.passwordMinSignup),
    repeatPassword: passwordSchema(MSG.repeatPasswordRequired, MSG.passwordMinSignup),
  })
  .refine(passwordsMatch.check, passwordsMatch.params)
  .refine(brandUnlessAdmin.check, brandUnlessAdmin.params);
export type Signup = z.infer<typeof SignupSchema>;
export const SignupResponseSchema = SessionUserSchema;

/** One row of the admins' users list. */
export const UserListItemSchema = SessionUserSchema.extend({
  disabled: z.boolean(),
  createdAt: IsoDateTimeSchema,
});
export type UserListItem = z.infer<typeof UserListItemSchema>;

export const UserListRequestSchema = z.object({
  ...pagingFields,
  search: text('search').trim().max(LIMITS.textMax).optional(),
  brandId: brandRef('brandId must be a brand id or slug').optional().nullable(),
  role: z.enum(ROLES).optional().nullable(),
});
export type UserListRequest = z.input<typeof UserListRequestSchema>;
export const UserListResponseSchema = z.object({
  data: z.array(UserListItemSchema),
  totalCountData: z.number(),
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserStatusRequestSchema = z.object({ disabled: z.boolean() });
export const UserStatusResponseSchema = z.object({ data: UserListItemSchema });

/** My Account: the fields changed directly, without a code (the `data` part of the multipart call). */
export const UpdateAccountSchema = z.object({
  fullName: FullNameSchema,
  removeProfilePic: z.boolean().optional(),
});
export type UpdateAccount = z.infer<typeof UpdateAccountSchema>;
export const AccountResponseSchema = z.object({
  data: SessionUserSchema,
  message: z.string().optional(),
});
export type AccountResponse = z.infer<typeof AccountResponseSchema>;

export const CodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const ChangeEmailSchema = z.object({ email: EmailSchema, code: CodeSchema });

/**
 * Where a one-time code goes: the current address (password change), or the new address of an
 * e-mail change, which must be proven before anything is said about it (issue 11).
 */
export const SendCodeQuerySchema = z.object({ email: EmailSchema.optional() });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

export const ChangePasswordSchema = z
  .object({
    password: passwordSchema(MSG.passwordRequired, MSG.passwordMinSignup),
    repeatPassword: passwordSchema(MSG.repeatPasswordRequired, MSG.passwordMinSignup),
    code: CodeSchema,
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** Reset screen: 'Confirm Password' and 'Repeat Confirm Password' (spec section 5), plus the link's e-mail and token. */
export const ResetPasswordSchema = z
  .object({
    email: EmailSchema,
    token: text('token', 'The reset link is incomplete')
      .min(1, 'The reset link is incomplete')
      .max(200),
    password: passwordSchema(MSG.confirmPasswordRequired, MSG.passwordMinSignup),
    repeatPassword: passwordSchema(MSG.repeatPasswordRequired, MSG.passwordMinSignup),
  })
  .refine(passwordsMatch.check, passwordsMatch.params);
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

/** The signup and account update calls' multipart body: `data` JSON and an optional picture. */
export const PROFILE_UPLOAD: MultipartSpec<typeof DATA_FIELD, typeof PROFILE_PIC_FIELD> = {
  notMultipart: `Send the form as multipart/form-data with a "${DATA_FIELD}" part`,
  fields: [DATA_FIELD],
  // A second picture is skipped (the form sends one).
  files: [{ name: PROFILE_PIC_FIELD, accepts: 'image', max: 1 }],
  unknownFiles: 'skip',
  messages: { invalidJson: `The "${DATA_FIELD}" part is not valid JSON` },
};
