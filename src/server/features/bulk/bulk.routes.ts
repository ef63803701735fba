import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BULK_ACTION_LABELS,
  BULK_ADMIN_ACTIONS,
  BULK_ROUTES,
  BulkEditRequestSchema,
  BulkIdsQuerySchema,
  BulkIdsRequestSchema,
  BulkIdsResponseSchema,
  BulkReasonRequestSchema,
  BulkResponseSchema,
  BULK_MAX,
  type BulkAction,
} from '../../../shared/contracts/bulk';
import { currentUser } from '../../plugins/auth';
import { matchingIds } from '../pattern-list';
import { runBulk } from './bulk.service';

/**
 * Bulk actions on a selection of My Patterns (docs/bulk.md): one route per action, declared as the
 * one-pattern route is (publish, request changes and unpublish: admins; the rest: any signed-in
 * user and write tokens), and the IDs matching the list's filters for "select all".
 */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];
  const declare = (action: BulkAction): FastifyContextConfig =>
    BULK_ADMIN_ACTIONS.includes(action)
      ? { access: 'admin' }
      : { access: 'signedIn', tokens: 'write' };
  const summary = (action: BulkAction) =>
    `${BULK_ACTION_LABELS[action]}: each selected pattern (at most ${BULK_MAX}), with the one-pattern rules`;

  for (const action of ['send-to-review', 'publish', 'restore'] as const)
    app.post(
      BULK_ROUTES.action(action),
      {
        config: declare(action),
        schema: {
          tags,
          summary: summary(action),
          body: BulkIdsRequestSchema,
          response: { 200: BulkResponseSchema },
        },
      },
      async (request) => runBulk(app.deps, currentUser(request), action, request.body, request.log),
    );

  for (const action of ['request-changes', 'unpublish'] as const)
    app.post(
      BULK_ROUTES.action(action),
      {
        config: declare(action),
        schema: {
          tags,
          summary: summary(action),
          body: BulkReasonRequestSchema,
          response: { 200: BulkResponseSchema },
        },
      },
      async (request) => runBulk(app.deps, currentUser(request), action, request.body, request.log),
    );

  app.post(
    BULK_ROUTES.action('edit'),
    {
      config: declare('edit'),
      schema: {
        tags,
        summary: `${summary('edit')}; preview: true answers what would change`,
        body: BulkEditRequestSchema,
        response: { 200: BulkResponseSchema },
      },
    },
    async (request) => runBulk(app.deps, currentUser(request), 'edit', request.body, request.log),
  );

  app.get(
    BULK_ROUTES.ids,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, querystring: BulkIdsQuerySchema, response: { 200: BulkIdsResponseSchema } },
    },
    async (request) => matchingIds(app.db, currentUser(request), request.query, BULK_MAX),
  );
};
