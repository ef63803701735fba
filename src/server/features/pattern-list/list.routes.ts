import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PATTERN_LIST_ROUTES,
  PatternExportQuerySchema,
  PatternListQuerySchema,
  PatternListResponseSchema,
} from '../../../shared/contracts/pattern-list';
import { currentUser } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../lib/fast-serializer';
import * as service from './list.service';
import { listPublished } from './list-published.service';
import { exportFileName, prepareExport } from './list-export.service';
import { ListAnswers } from './list-cache';

/** My Patterns: the list call and its CSV export. */
export const patternListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];
  // On the embedded database the answers are kept while no data changes (list-cache.ts).
  const dataVersion = app.deps.database.dataVersion;
  const answers =
    dataVersion && app.deps.env.LIST_ANSWERS_KEPT === 'on'
      ? new ListAnswers(dataVersion)
      : undefined;
  const serialize = fastSerializerCompiler({ schema: PatternListResponseSchema });

  app.get(
    PATTERN_LIST_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description:
          "Patterns the caller may see (a user's own brand; admins every brand), filtered, sorted and paged, with the exact total. `version=published`: the live published versions, as published.",
        querystring: PatternListQuerySchema,
        response: { 200: PatternListResponseSchema },
      },
      // The list is the portal's hottest read (issue 15): its answer is built field by field, by
      // the one serializer that also writes the answers kept.
      serializerCompiler: () => serialize,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const read = () =>
        request.query.version === 'published'
          ? listPublished(app.db, user, request.query)
          : service.listPatterns(app.db, user, request.query);
      if (!answers) return read();
      const key = ListAnswers.keyOf(user, request.url);
      let body = answers.get(key);
      if (body === undefined) {
        const stamp = answers.stamp();
        body = serialize(await read());
        answers.set(key, body, stamp);
      }
      // A JSON string is sent as it is: the route's serializer wrote it (the type provider knows
      // only the object it came from).
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    PATTERN_LIST_ROUTES.exportCsv,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        description: 'The current filter and order as CSV, streamed.',
        querystring: PatternExportQuerySchema,
      },
    },
    async (request, reply) => {
      const chunks = await prepareExport(app.db, currentUser(request), request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(chunks));
    },
  );
};
