import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  ActivityPageSchema,
  ActivityQuerySchema,
  ACTIVITY_ROUTES,
} from '../../../shared/contracts/activity';
import { currentUser } from '../../plugins/auth';
import type { AuthUser } from '../../context';
import type { Db } from '../../db/client';
import { listActivity } from './activity.service';

/** A pattern's history, newest first; scoped like the pattern (another brand's answers 404). */
/** app.ts passes the patterns feature's scoped lookup (throws 404 when the user may not see it). */
export interface ActivityRoutesOptions {
  loadPattern(db: Db, user: AuthUser, id: number): Promise<unknown>;
}

export const activityRoutes: FastifyPluginAsyncZod<ActivityRoutesOptions> = async (
  app,
  { loadPattern },
) => {
  app.get(
    ACTIVITY_ROUTES.activity,
    {
      config: { access: 'signedIn', tokens: 'read' },
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
