import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangesQuerySchema,
  ChangesResponseSchema,
  INTEGRATION_PATHS,
} from '../../../shared/contracts/integrations';
import { currentUser } from '../../plugins/auth';
import { listChanges } from './changes.service';

export const changesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    INTEGRATION_PATHS.changes,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags: ['integrations'],
        summary: 'Changes feed',
        description:
          "Patterns created, changed or deleted after the cursor `since`, oldest first. Poll with the answer's `next` as the next `since`; no change is skipped or repeated, even when many share a millisecond. Deleted patterns (moved to the Trash) appear as `deleted` tombstones, and as `restored` when restored from it. Brand-scoped like every call. `version=published`: the published feed instead — `published` (a new published version, with its `version`), `unpublished`, `deleted` — with cursors of its own.",
        querystring: ChangesQuerySchema,
        response: { 200: ChangesResponseSchema },
      },
    },
    async (request) =>
      listChanges(
        app.db,
        currentUser(request),
        request.query.since,
        request.query.limit,
        request.query.version,
      ),
  );
};
