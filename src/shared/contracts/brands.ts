import { z } from 'zod';
import { text } from './common';
export { BRAND_PATHS } from './brands-paths';

/**
 * A brand as the API answers it (`brands` row: id, name, slug). Where a call takes a brand it takes
 * a `BrandRef` (common.ts: the id or the slug); see docs/architecture.md "Brand in each layer".
 */
export const BrandSchema = z.object({ id: z.number(), name: z.string(), slug: z.string() });
export type Brand = z.infer<typeof BrandSchema>;

export const BrandListResponseSchema = z.object({ data: z.array(BrandSchema) });
export type BrandListResponse = z.infer<typeof BrandListResponseSchema>;

/** Admins add and rename brands (docs/product-decisions.md). Names are unique without regard to case. */
export const BRAND_ADMIN_PATHS = {
  create: '/api/brands',
  rename: (id: number | string) => `/api/brands/${id}`,
} as const;

export const BrandNameSchema = z.object({
  name: text('Brand name', 'Brand name is required')
    .trim()
    .min(1, 'Brand name is required')
    .max(100, 'Brand name must be at most 100 characters'),
});
export type BrandName = z.infer<typeof BrandNameSchema>;
export const BrandResponseSchema = z.object({ data: BrandSchema });
export type BrandResponse = z.infer<typeof BrandResponseSchema>;
export const BRAND_NAME_TAKEN = 'A brand with this name already exists';
