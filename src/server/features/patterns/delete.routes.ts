import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  BulkDeleteRequestSchema,
  DeleteResponseSchema,
  PATTERN_LIST_ROUTES,
} from '../../../shared/contracts/pattern-list';
import { currentUser } from '../../plugins/auth';
import { deletePatterns } from './delete.service';

/** Delete one pattern, or a selection of the list (JSON body `{ ids }`). */
export const patternDeleteRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.delete(
    PATTERN_LIST_ROUTES.item,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, params: IdParamSchema, response: { 200: DeleteResponseSchema } },
    },
    async (request) => deletePatterns(app.deps, currentUser(request), [request.params.id]),
  );

  app.delete(
    PATTERN_LIST_ROUTES.bulkDelete,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, body: BulkDeleteRequestSchema, response: { 200: DeleteResponseSchema } },
    },
    async (request) => deletePatterns(app.deps, currentUser(request), request.body.ids),
  );
};
