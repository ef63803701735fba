import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BRAND_PATHS, BrandListResponseSchema } from '../../../shared/contracts/brands';
import { requireUser } from '../../plugins/auth';
import * as service from './brands.service';

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BRAND_PATHS.list,
    { preHandler: requireUser, schema: { tags: ['brands'], response: { 200: BrandListResponseSchema } } },
    async () => ({ data: await service.listBrands(app.db) }),
  );
};
