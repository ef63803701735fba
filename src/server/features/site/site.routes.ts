import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITE_PATHS, SiteConfigSchema } from '../../../shared/contracts/site';

/** Settings the browser needs from the server's configuration; cached briefly, they change only on restart. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SITE_PATHS.config,
    {
      config: { access: 'public', tokens: 'read' },
      schema: { tags: ['site'], response: { 200: SiteConfigSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { instagramUrl: app.deps.env.INSTAGRAM_URL ?? null };
    },
  );
};
