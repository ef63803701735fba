import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import { LIFECYCLE_ROUTES, PublishResponseSchema, SendToReviewResponseSchema } from '../../../shared/contracts/lifecycle';
import { currentUser, requireAdmin, requireUser } from '../../plugins/auth';
import * as service from './lifecycle.service';

/** Send to review (owner brand or admin) and publish to production (admins only). */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.post(
    LIFECYCLE_ROUTES.sendToReview,
    { preValidation: requireUser, schema: { tags, params: IdParamSchema, response: { 200: SendToReviewResponseSchema } } },
    async (request) => service.sendToReview(app.db, currentUser(request), request.params.id),
  );

  app.post(
    LIFECYCLE_ROUTES.publish,
    { preValidation: requireAdmin, schema: { tags, params: IdParamSchema, response: { 200: PublishResponseSchema } } },
    async (request) => service.publish(app.db, currentUser(request), request.params.id),
  );
};
