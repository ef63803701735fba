/**
 * The brand list's API path, apart from the schemas (brands.ts) so that the first screen can name
 * them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load that holds
 * Zod).
 */
export const BRAND_PATHS = { list: '/api/brands' } as const;
