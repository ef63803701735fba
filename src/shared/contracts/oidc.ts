import { z } from 'zod';

/** Company sign-in (OpenID Connect, docs/sign-in.md). */
export const OIDC_PATHS = {
  /** Whether company sign-in is configured, and the button's label. */
  config: '/api/auth/oidc/config',
  /** A browser navigation: sends the browser to the provider. */
  start: '/api/auth/oidc/start',
  /** The provider sends the browser back here (the redirect URI to register). */
  callback: '/api/auth/oidc/callback',
  /** The sign-in page collects the outcome: the session, or the refusal's message. */
  finish: '/api/auth/oidc/finish',
} as const;

/** Where the callback sends the browser: the sign-in page, which then calls `finish`. */
export const OIDC_RETURN_PATH = '/app/login?sso=1';

export const OidcConfigSchema = z.object({ displayName: z.string().nullable() });
export type OidcConfig = z.infer<typeof OidcConfigSchema>;

export const OIDC_MSG = {
  noAccount: (email: string) => `No portal account for ${email}; ask an admin.`,
  unverified: 'Your company account has no verified e-mail address; ask your IT team or an admin.',
  failed: 'Company sign-in did not complete. Try again.',
  unavailable: 'Company sign-in is not available right now; ask an admin.',
  expired: 'Company sign-in took too long. Try again.',
  notConfigured: 'Company sign-in is not set up on this portal.',
} as const;
