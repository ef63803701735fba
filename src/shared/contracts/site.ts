import { z } from 'zod';
export { SITE_PATHS } from './site-paths';

/** docs/product-decisions.md: the Instagram icon is shown only with a real profile URL from configuration (`INSTAGRAM_URL`). */
export const SiteConfigSchema = z.object({ instagramUrl: z.url().nullable() });
export type SiteConfig = z.infer<typeof SiteConfigSchema>;
