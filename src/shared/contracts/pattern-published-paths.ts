/**
 * The versions a list or feed reads, apart from the schemas (pattern-published.ts) so that the
 * first screen can name them without loading Zod (issue 50; vite.config.ts refuses a first load
 * that holds Zod).
 */

/** `version=published` on the list and the changes feed: published versions only. */
export const VERSIONS = ['working', 'published'] as const;
