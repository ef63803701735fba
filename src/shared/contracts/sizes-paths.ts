/**
 * The sizes' API paths and messages, apart from the schemas (sizes.ts) so that the first screen
 * can name them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load that
 * holds Zod).
 */
import { LIMITS } from '../limits';
import { MSG } from '../messages';

/** Sizes of a pattern: list, add (multipart), read, update (multipart), delete one or many. */
export const SIZE_PATHS = {
  list: (patternId: number | string) => `/api/patterns/${patternId}/sizes`,
  one: (sizeId: number | string) => `/api/sizes/${sizeId}`,
} as const;

export const SIZE_MSG = {
  added: MSG.sizeAdded,
  updated: MSG.sizeUpdated,
  updateFailed: MSG.sizeUpdateFailed,
  deleted: MSG.sizeDeleted,
  lastSize: 'The last size of a pattern cannot be deleted: a pattern needs at least one size',
  tooMany: `A pattern can have at most ${LIMITS.sizesMax} sizes`,
  duplicate: (view: string, size: string) => `Size ${size} already exists for view ${view}`,
  notFound: 'This size does not exist or you cannot see it',
  badData: 'The size data must be JSON',
} as const;
