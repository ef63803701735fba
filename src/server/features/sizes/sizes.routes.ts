import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  BulkDeleteSizesRequestSchema,
  DeleteSizesResponseSchema,
  SIZE_MSG,
  SIZE_ROUTES,
  SIZE_UPLOAD,
  SizeDetailResponseSchema,
  SizeIdParamSchema,
  SizeListResponseSchema,
  SizeMutationResponseSchema,
} from '../../../shared/contracts/sizes';
import { readParts } from '../../storage/multipart';
import { currentUser } from '../../plugins/auth';
import { expectedVersion, sendEtag } from '../patterns';
import * as service from './sizes.service';
import { piecesRoutes } from './pieces.routes';

/** Sizes of a pattern (list, add, bulk delete) and one size (read, update, delete); its pieces. */
export const sizesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sizes'];

  app.get(
    SIZE_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: IdParamSchema, response: { 200: SizeListResponseSchema } },
    },
    async (request) => service.listSizes(app.db, currentUser(request), request.params.id),
  );

  app.post(
    SIZE_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        description: 'Multipart: "data" JSON of the size fields, "pattern_pdf_file" PDF.',
        params: IdParamSchema,
        response: { 201: SizeMutationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.addSize(
        app.deps,
        currentUser(request),
        request.params.id,
        readParts(request, SIZE_UPLOAD),
        request.log,
      );
      return reply.status(201).send({ data, message: SIZE_MSG.added });
    },
  );

  app.delete(
    SIZE_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: IdParamSchema,
        body: BulkDeleteSizesRequestSchema,
        response: { 200: DeleteSizesResponseSchema },
      },
    },
    async (request) => ({
      data: await service.bulkDeleteSizes(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body.ids,
        request.log,
      ),
      message: SIZE_MSG.deleted,
    }),
  );

  app.get(
    SIZE_ROUTES.one,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: SizeIdParamSchema, response: { 200: SizeDetailResponseSchema } },
    },
    async (request, reply) => {
      const data = await service.getSize(app.db, currentUser(request), request.params.sizeId);
      sendEtag(reply, data.version);
      return { data };
    },
  );

  app.post(
    SIZE_ROUTES.one,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        description:
          'Multipart: "data" JSON of the whole size (template fields included) and/or a new "pattern_pdf_file".',
        params: SizeIdParamSchema,
        response: { 200: SizeMutationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.updateSize(
        app.deps,
        currentUser(request),
        request.params.sizeId,
        readParts(request, SIZE_UPLOAD),
        request.log,
        expectedVersion(request),
      );
      sendEtag(reply, data.version);
      return { data, message: SIZE_MSG.updated };
    },
  );

  app.delete(
    SIZE_ROUTES.one,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, params: SizeIdParamSchema, response: { 200: DeleteSizesResponseSchema } },
    },
    async (request) => ({
      data: await service.deleteSize(
        app.deps,
        currentUser(request),
        request.params.sizeId,
        request.log,
      ),
      message: SIZE_MSG.deleted,
    }),
  );

  await app.register(piecesRoutes);
};
