/**
 * The Trash's API paths, page size and messages, apart from the schemas (trash.ts) so that the
 * first screen can name them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a
 * first load that holds Zod).
 */
export const TRASH_ROUTES = {
  list: '/api/trash',
  restore: '/api/trash/restore',
} as const;

export const TRASH_PAGE_SIZE = 50;

export const TRASH_MSG = {
  restored: (n: number) => (n === 1 ? 'Pattern restored' : `${n} patterns restored`),
  notInTrash: 'Pattern not found in the Trash',
  notInTrashMany: (ids: number[]) => `Patterns not found in the Trash: ${ids.join(', ')}`,
  publishedOne: 'A published pattern can only be restored by an admin.',
  publishedMany: (ids: string[]) =>
    `Published patterns can only be restored by an admin: ${ids.join(', ')}.`,
  /** Creating or importing a pattern whose Pattern ID a pattern in the Trash still holds. */
  idInTrash: (id: string) =>
    `Pattern ID ${id} belongs to a pattern in the Trash: restore it, or choose another Pattern ID`,
  empty: 'The Trash is empty',
  retention: (days: number) =>
    `Deleted patterns stay here for ${days} day${days === 1 ? '' : 's'}, then are deleted for good with their files.`,
} as const;
