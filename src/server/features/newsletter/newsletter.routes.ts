import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NEWSLETTER_PATHS,
  NewsletterSummarySchema,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
} from '../../../shared/contracts/newsletter';
import { requireAdmin } from '../../plugins/auth';
import * as service from './newsletter.service';

/** The footer's newsletter box (no sign-in: the footer is on every screen) and the admins' export. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    NEWSLETTER_PATHS.subscribe,
    {
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
      preValidation: requireAdmin,
      schema: { tags: ['newsletter'], response: { 200: NewsletterSummarySchema } },
    },
    async () => service.summary(app.deps),
  );

  app.get(
    NEWSLETTER_PATHS.exportCsv,
    { preValidation: requireAdmin, schema: { tags: ['newsletter'], produces: ['text/csv'] } },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${service.exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(service.exportCsv(app.deps)),
  );
};
