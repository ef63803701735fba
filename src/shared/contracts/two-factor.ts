import { z } from 'zod';
import { text } from './common';
import { LoginResponseSchema } from './auth';

/** Two-factor sign-in (authenticator app, recovery codes) and passkeys: docs/two-factor.md. */
export const TWO_FACTOR_PATHS = {
  /** Second step of a password sign-in: the code for the challenge the login answered. */
  verify: '/api/auth/two-factor',
  passkeyOptions: '/api/auth/passkey/options',
  passkeyLogin: '/api/auth/passkey',
  status: '/api/account/two-factor',
  setup: '/api/account/two-factor/setup',
  confirm: '/api/account/two-factor/confirm',
  disable: '/api/account/two-factor/disable',
  passkeys: '/api/account/passkeys',
  passkeyAddOptions: '/api/account/passkeys/options',
  passkey: (id: number | string) => `/api/account/passkeys/${id}`,
  adminReset: (id: number | string) => `/api/users/${id}/two-factor/reset`,
} as const;

export const TWO_FACTOR_RULES = {
  recoveryCodes: 10,
  /** Wrong codes after which a sign-in attempt ends (sign in again with the password). */
  maxTries: 5,
  /** Minutes the code may be entered after the password. */
  challengeMinutes: 5,
  passkeyNameMax: 60,
} as const;

export const TWO_FACTOR_MSG = {
  codeRequired: 'Enter the 6-digit code from your app, or a recovery code',
  codeWrong: 'That code is not right. Check your app and try again.',
  codeSetupWrong: 'That code is not right. Check the time on your phone and try again.',
  tooManyCodes: 'Too many wrong codes. Sign in again with your password.',
  challengeEnded: 'This sign-in has expired. Sign in again with your password.',
  alreadyOn: 'Two-factor authentication is already on',
  notOn: 'Two-factor authentication is not on',
  noSetup: 'Start the set-up again: scan the new QR code',
  enabled: 'Two-factor authentication is on',
  disabled: 'Two-factor authentication is off',
  disableNeeds: 'Enter a current code from your app or your password',
  passwordWrong: 'That password is not right',
  setupRequired: 'Set up two-factor authentication before you continue.',
  reset: 'Two-factor authentication was reset. The user has been told by e-mail.',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyRenamed: 'Passkey renamed',
  passkeyFailed: 'The passkey could not be checked. Try again.',
  passkeyUnknown: 'This passkey is not known here. Sign in with your password.',
  passkeyNameRequired: 'Give the passkey a name',
} as const;

/** A password sign-in of an account with two-factor: no session yet, a code is awaited. */
export const SecondFactorNeededSchema = z.object({
  secondFactor: z.literal('totp'),
  /** Names this half-done sign-in for the code step (valid a few minutes, never a session). */
  challenge: z.string(),
});

export const LoginResultSchema = z.union([LoginResponseSchema, SecondFactorNeededSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

const codeText = text('Code', TWO_FACTOR_MSG.codeRequired).pipe(
  z.string().min(1, TWO_FACTOR_MSG.codeRequired).max(40, TWO_FACTOR_MSG.codeWrong),
);

export const VerifyCodeSchema = z.object({
  challenge: text('Challenge').pipe(z.string().min(1).max(200)),
  code: codeText,
});
export type VerifyCode = z.infer<typeof VerifyCodeSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** This account must have a second factor (an admin under REQUIRE_ADMIN_2FA). */
  required: z.boolean(),
  passkeys: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  /** The key as text (base32), for apps that cannot scan. */
  secret: z.string(),
  uri: z.string(),
  /** The QR code of `uri`, an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const ConfirmTwoFactorSchema = z.object({ code: codeText });
export type ConfirmTwoFactor = z.infer<typeof ConfirmTwoFactorSchema>;

export const RecoveryCodesSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const DisableTwoFactorSchema = z
  .object({
    code: text('Code').pipe(z.string().max(40)).optional(),
    password: text('Password').pipe(z.string().max(200)).optional(),
  })
  .refine((v) => Boolean(v.code || v.password), {
    message: TWO_FACTOR_MSG.disableNeeds,
    path: ['code'],
  });
export type DisableTwoFactor = z.infer<typeof DisableTwoFactorSchema>;

export const PasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ data: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

/** WebAuthn options as @simplewebauthn/server makes them, for @simplewebauthn/browser; opaque here. */
export const PasskeyOptionsSchema = z.object({
  challenge: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

const passkeyName = text('Name', TWO_FACTOR_MSG.passkeyNameRequired).pipe(
  z
    .string()
    .trim()
    .min(1, TWO_FACTOR_MSG.passkeyNameRequired)
    .max(
      TWO_FACTOR_RULES.passkeyNameMax,
      `Name must be at most ${TWO_FACTOR_RULES.passkeyNameMax} characters`,
    ),
);

const webAuthnResponse = z.record(z.string(), z.unknown());

export const AddPasskeySchema = z.object({
  challenge: text('Challenge').pipe(z.string().min(1).max(200)),
  name: passkeyName,
  response: webAuthnResponse,
});
export type AddPasskey = z.infer<typeof AddPasskeySchema>;

export const RenamePasskeySchema = z.object({ name: passkeyName });
export type RenamePasskey = z.infer<typeof RenamePasskeySchema>;

export const PasskeyLoginSchema = z.object({
  challenge: text('Challenge').pipe(z.string().min(1).max(200)),
  response: webAuthnResponse,
});
export type PasskeyLogin = z.infer<typeof PasskeyLoginSchema>;
