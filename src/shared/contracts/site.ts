import { z } from 'zod';

export const SITE_PATHS = {
  /** Public: the few settings the web app shows before and after sign-in (no secrets). */
  config: '/api/site/config',
} as const;

/** docs/product-decisions.md: the Instagram icon is shown only with a real profile URL from configuration (`INSTAGRAM_URL`). */
export const SiteConfigSchema = z.object({ instagramUrl: z.url().nullable() });
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
