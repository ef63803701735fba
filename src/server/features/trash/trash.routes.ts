import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RestoreRequestSchema,
  RestoreResponseSchema,
  TRASH_ROUTES,
  TrashListResponseSchema,
  TrashQuerySchema,
} from '../../../shared/contracts/trash';
import { currentUser } from '../../plugins/auth';
import { listTrash, restorePatterns } from './trash.service';

/** The Trash: deleted patterns of the user's scope, and restoring them (admins: every brand). */
export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.get(
    TRASH_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, querystring: TrashQuerySchema, response: { 200: TrashListResponseSchema } },
    },
    async (request) => listTrash(app.deps, currentUser(request), request.query.page),
  );

  app.post(
    TRASH_ROUTES.restore,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, body: RestoreRequestSchema, response: { 200: RestoreResponseSchema } },
    },
    async (request) => restorePatterns(app.deps, currentUser(request), request.body.ids),
  );
};
