/**
 * The storefront's targets and API paths, apart from the schemas (storefront.ts) so that the first
 * screen can name them without loading Zod (issue 50, ADR 015; vite.config.ts refuses a first load
 * that holds Zod).
 */
/** Salesforce B2C Commerce delivery (docs/storefront.md): the two targets, their runs, each pattern's outcome. */
export const STOREFRONT_TARGETS = ['staging', 'production'] as const;

export type StorefrontTargetName = (typeof STOREFRONT_TARGETS)[number];

export const STOREFRONT_PATHS = {
  archive: '/api/storefront/archive.zip',
  targets: '/api/storefront/targets',
  resync: '/api/storefront/targets/:name/resync',
  pattern: '/api/storefront/patterns/:id',
  retry: '/api/storefront/patterns/:id/retry',
} as const;
