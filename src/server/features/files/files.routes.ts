import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_PATHS, FileDownloadQuerySchema } from '../../../shared/contracts/files';
import { IdParamSchema } from '../../../shared/contracts/common';
import { currentUser, requireUser } from '../../plugins/auth';
import * as service from './files.service';

/** Routes of the "files" feature: the authenticated download (the sweep of upload leftovers runs from src/server/background.ts). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FILE_PATHS.downloadPattern,
    {
      preHandler: requireUser,
      schema: {
        tags: ['files'],
        summary: 'Download a pattern file (signed in; another brand’s file is 404)',
        params: IdParamSchema,
        querystring: FileDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await service.openForDownload(app.deps, currentUser(request), request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.byteSize))
        .header('content-disposition', service.contentDisposition(file.fileName, request.query.inline))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
