/**
 * My Patterns' API paths, apart from the list's schemas (pattern-list.ts) so that a script can
 * name them without loading Zod: the first load's early list request (web/boot.ts).
 */
export const PATTERN_LIST_PATHS = {
  list: '/api/patterns',
  exportCsv: '/api/patterns/export.csv',
  /** DELETE one pattern. */
  item: (id: number | string) => `/api/patterns/${id}`,
  /** DELETE with a JSON body `{ ids }`: bulk delete. */
  bulkDelete: '/api/patterns',
} as const;
