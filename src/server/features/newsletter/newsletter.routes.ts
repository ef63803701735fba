import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEWSLETTER_PATHS,
  NewsletterSummarySchema,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
} from '../../../shared/contracts/newsletter';
import * as service from './newsletter.service';

/** The footer's newsletter box (no sign-in: the footer is on every screen) and the admins' export. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    NEWSLETTER_PATHS.subscribe,
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        body: SubscribeRequestSchema,
        response: { 200: SubscribeResponseSchema },
      },
    },
    async (request) => service.subscribe(app.deps, request.body, request.ip),
  );

  app.get(
    NEWSLETTER_PATHS.summary,
    {
      config: { access: 'admin' },
      schema: { tags: ['newsletter'], response: { 200: NewsletterSummarySchema } },
    },
    async () => service.summary(app.deps),
  );

  app.get(
    NEWSLETTER_PATHS.exportCsv,
    { config: { access: 'admin' }, schema: { tags: ['newsletter'], produces: ['text/csv'] } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${service.exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(service.exportCsv(app.deps)),
  );
};
