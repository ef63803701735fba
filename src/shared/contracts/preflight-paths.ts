/**
 * Thumbnail sizes and their API path, apart from the schemas (preflight.ts) so that the first
 * screen can name them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load
 * that holds Zod).
 */
/** Thumbnail sizes (longest side, px), made once at upload as WebP. */
export const THUMBNAIL_SIZES = { small: 320, medium: 960 } as const;

export type ThumbnailSize = keyof typeof THUMBNAIL_SIZES;

export const THUMBNAIL_PATHS = {
  thumbnail: (fileId: number, size: ThumbnailSize) => `/api/files/${fileId}/thumbnail/${size}`,
  route: '/api/files/:id/thumbnail/:size',
} as const;
