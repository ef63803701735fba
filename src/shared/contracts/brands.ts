import { z } from 'zod';
import { BrandRefSchema } from './auth';

export const BRAND_PATHS = { list: '/api/brands' } as const;

export const BrandListResponseSchema = z.object({ data: z.array(BrandRefSchema) });
export type BrandListResponse = z.infer<typeof BrandListResponseSchema>;
