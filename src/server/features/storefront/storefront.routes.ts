import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PatternExportQuerySchema } from '../../../shared/contracts/pattern-list';
import {
  MessageResponseSchema,
  PatternIdParamsSchema,
  PatternStorefrontSchema,
  STOREFRONT_PATHS,
  StorefrontTargetsResponseSchema,
  TargetParamsSchema,
} from '../../../shared/contracts/storefront';
import { currentUser } from '../../plugins/auth';
import * as service from './storefront.service';
import { syncTargets } from './targets';

/** Salesforce B2C Commerce: the archive download, the targets and their runs, a pattern's outcome, Retry, resync. */
export const storefrontRoutes: FastifyPluginAsyncZod = async (app) => {
  await syncTargets(app.db, app.deps.env);
  const tags = ['storefront'];

  app.get(
    STOREFRONT_PATHS.archive,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description:
          "A Salesforce site-import archive (zip) of the list's selection (every published pattern by default), streamed.",
        querystring: PatternExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { name, stream } = await service.archiveDownload(
        app.deps,
        currentUser(request),
        request.query,
      );
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}.zip"`)
        .header('cache-control', 'no-store');
      return reply.send(stream);
    },
  );

  app.get(
    STOREFRONT_PATHS.targets,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'The staging and production targets (no secrets) with their last runs.',
        response: { 200: StorefrontTargetsResponseSchema },
      },
    },
    async () => service.listTargets(app.deps),
  );

  app.post(
    STOREFRONT_PATHS.resync,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Sends every pattern the target should hold again, in bounded archives.',
        params: TargetParamsSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return service.resyncTarget(app.deps, request.params.name);
    },
  );

  app.get(
    STOREFRONT_PATHS.pattern,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description: "The pattern's storefront outcome per target, and one summary line.",
        params: PatternIdParamsSchema,
        response: { 200: PatternStorefrontSchema },
      },
    },
    async (request) => service.patternStorefront(app.deps, currentUser(request), request.params.id),
  );

  app.post(
    STOREFRONT_PATHS.retry,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Queues again what failed for this pattern.',
        params: PatternIdParamsSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return service.retryPattern(app.deps, currentUser(request), request.params.id);
    },
  );
};
