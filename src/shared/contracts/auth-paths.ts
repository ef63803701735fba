/**
 * The sign-in calls' API paths, apart from the schemas (auth.ts) so that the first screen can name
 * them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load that holds
 * Zod).
 */
export const AUTH_PATHS = {
  login: '/api/auth/login',
  me: '/api/auth/me',
  signout: '/api/auth/signout',
} as const;
