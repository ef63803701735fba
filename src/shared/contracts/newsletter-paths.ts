/**
 * The newsletter's API paths, apart from the schemas (newsletter.ts) so that the first screen can
 * name them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load that holds
 * Zod).
 */
export const NEWSLETTER_PATHS = {
  subscribe: '/api/newsletter/subscribe',
  /** Admins: how many addresses are on the list. */
  summary: '/api/newsletter/summary',
  /** Admins: the whole list as CSV (attachment). */
  exportCsv: '/api/newsletter/export.csv',
} as const;
