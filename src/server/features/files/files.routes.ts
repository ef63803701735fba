import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_PATHS, FileDownloadQuerySchema } from '../../../shared/contracts/files';
import { IdParamSchema } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import { THUMBNAIL_PATHS, ThumbnailParamsSchema } from '../../../shared/contracts/preflight';
import { notFound } from '../../lib/app-error';
import * as service from './download';
import { openThumbnail } from '../preflight';

/** Routes of the "files" feature: the authenticated download (the sweep of upload leftovers runs from src/server/background.ts). */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FILE_PATHS.downloadPattern,
    {
      config: { access: 'signedIn', tokens: 'read' },
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
        .header(
          'content-disposition',
          service.contentDisposition(file.fileName, request.query.inline),
        )
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    THUMBNAIL_PATHS.route,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags: ['files'],
        summary:
          'A photo’s or a PDF’s first-page WebP thumbnail (small for lists, medium for the pattern screen); cached for a year, with an ETag',
        params: ThumbnailParamsSchema,
      },
    },
    async (request, reply) => {
      const thumb = await openThumbnail(
        app.deps,
        currentUser(request),
        request.params.id,
        request.params.size,
      );
      // Private: the bearer token decides who sees it. Immutable: a file's thumbnail never changes.
      reply
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', thumb.etag);
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(thumb.etag))
        return reply.code(304).send();
      let stream;
      try {
        stream = await thumb.open();
      } catch {
        throw notFound('Thumbnail');
      }
      return reply.header('content-type', 'image/webp').send(stream);
    },
  );
};
