import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changesRoutes } from './changes.routes';
import { tokensRoutes } from './tokens.routes';
import { webhooksRoutes } from './webhooks.routes';

/** Routes of the "integrations" feature (issue 14). */
export const integrationsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(changesRoutes);
  await app.register(tokensRoutes);
  await app.register(webhooksRoutes);
};
