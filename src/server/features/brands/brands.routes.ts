import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRAND_ADMIN_PATHS,
  BRAND_PATHS,
  BrandListResponseSchema,
  BrandNameSchema,
  BrandResponseSchema,
} from '../../../shared/contracts/brands';
import { IdParamSchema } from '../../../shared/contracts/common';
import * as service from './brands.service';

export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BRAND_PATHS.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags: ['brands'], response: { 200: BrandListResponseSchema } },
    },
    async () => ({ data: await service.listBrands(app.db) }),
  );

  app.post(
    BRAND_ADMIN_PATHS.create,
    {
      config: { access: 'admin' },
      schema: { tags: ['brands'], body: BrandNameSchema, response: { 201: BrandResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createBrand(app.db, request.body.name) }),
  );

  app.patch(
    BRAND_ADMIN_PATHS.rename(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['brands'],
        params: IdParamSchema,
        body: BrandNameSchema,
        response: { 200: BrandResponseSchema },
      },
    },
    async (request) => ({
      data: await service.renameBrand(app.db, request.params.id, request.body.name),
    }),
  );
};
