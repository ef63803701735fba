import { z } from 'zod';
import { BrandRefSchema } from './auth';
import { text } from './common';

export const BRAND_PATHS = { list: '/api/brands' } as const;

export const BrandListResponseSchema = z.object({ data: z.array(BrandRefSchema) });
export type BrandListResponse = z.infer<typeof BrandListResponseSchema>;

/** Admins add and rename brands (PRODUCT.md). Names are unique without regard to case. */
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
export const BrandResponseSchema = z.object({ data: BrandRefSchema });
export type BrandResponse = z.infer<typeof BrandResponseSchema>;
export const BRAND_NAME_TAKEN = 'A brand with this name already exists';
