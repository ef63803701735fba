/**
 * My Patterns' API paths and messages, apart from the list's schemas (pattern-list.ts) so that a
 * script can name them without loading Zod: the first load's early list request (web/boot.ts,
 * which imports nothing else) and the screen itself (issue 50; vite.config.ts refuses a first load
 * that holds Zod). The query's keys and defaults: pattern-list-query.ts.
 */
export const PATTERN_LIST_PATHS = {
  list: '/api/patterns',
  exportCsv: '/api/patterns/export.csv',
  /** DELETE one pattern. */
  item: (id: number | string) => `/api/patterns/${id}`,
  /** DELETE with a JSON body `{ ids }`: bulk delete. */
  bulkDelete: '/api/patterns',
} as const;

/** The storefront badge of a list row (admins). */
export const LIST_STOREFRONT_KINDS = ['live', 'staging', 'failed', 'pending', 'offline'] as const;

export type ListStorefrontKind = (typeof LIST_STOREFRONT_KINDS)[number];

export const DELETE_MSG = {
  publishedOne: 'A published pattern cannot be deleted. Ask an admin to delete it.',
  publishedMany: (ids: string[]) =>
    `Published patterns cannot be deleted: ${ids.join(', ')}. Ask an admin to delete them.`,
  notFoundMany: (ids: number[]) => `Patterns not found: ${ids.join(', ')}`,
} as const;
