/**
 * The site settings' API path, apart from the schemas (site.ts) so that the first screen can name
 * them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load that holds
 * Zod).
 */
export const SITE_PATHS = {
  /** Public: the few settings the web app shows before and after sign-in (no secrets). */
  config: '/api/site/config',
} as const;
