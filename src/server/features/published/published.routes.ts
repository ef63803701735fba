import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  LiveChangesResponseSchema,
  PATTERN_PUBLISHED_ROUTES,
  PublishedFileParamsSchema,
  PublishedPatternResponseSchema,
} from '../../../shared/contracts/pattern-published';
import { currentUser } from '../../plugins/auth';
import { contentDisposition } from '../files';
import { sanitizeFileName } from '../../../shared/limits';
import * as service from './published.service';

/** The published version of a pattern (issue 30): what the storefront has, apart from the working copy. */
export const publishedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.get(
    PATTERN_PUBLISHED_ROUTES.published,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description:
          "The pattern's published version: its fields, sizes and file references as they were reviewed and published. An edit after publishing does not change it until that edit is published in turn. 404 when the pattern is not published.",
        params: IdParamSchema,
        response: { 200: PublishedPatternResponseSchema },
      },
    },
    async (request) => ({
      data: await service.getPublished(app.db, currentUser(request), request.params.id),
    }),
  );

  app.get(
    PATTERN_PUBLISHED_ROUTES.file,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description:
          'Downloads a file of the published version by its id in that version: the bytes that were published, also after an edit replaced or removed the file (the portal keeps them while a published version names them). 404 when the pattern is not published or the version has no such file.',
        params: PublishedFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { file, stream } = await service.openPublishedFile(
        app.deps,
        currentUser(request),
        request.params.id,
        request.params.fileId,
      );
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.byteSize))
        .header('content-disposition', contentDisposition(sanitizeFileName(file.fileName)))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    PATTERN_PUBLISHED_ROUTES.liveChanges,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description:
          'What is live (the published version) and what the working copy changed since it, for the pattern screen. 404 when the pattern is not published.',
        params: IdParamSchema,
        response: { 200: LiveChangesResponseSchema },
      },
    },
    async (request) => ({
      data: await service.getLiveChanges(app.db, currentUser(request), request.params.id),
    }),
  );
};
