import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  ActivityPageSchema,
  ActivityQuerySchema,
  REVIEW_ROUTES,
} from '../../../shared/contracts/review';
import { currentUser, requireUser } from '../../plugins/auth';
import { loadPattern } from '../patterns';
import { listActivity } from './activity.service';

/** A pattern's history, newest first; scoped like the pattern (another brand's answers 404). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    REVIEW_ROUTES.activity,
    {
      preValidation: requireUser,
      schema: {
        tags: ['patterns'],
        params: IdParamSchema,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityPageSchema },
      },
    },
    async (request) => {
      await loadPattern(app.db, currentUser(request), request.params.id);
      return listActivity(app.db, request.params.id, request.query.page, request.query.pageSize);
    },
  );
};
