import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
  databaseKind: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public', tokens: 'read' },
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
    },
    async (request, reply) => {
      const kind = app.deps.database.kind;
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'ok' as const, databaseKind: kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', database: 'error', databaseKind: kind });
      }
    },
  );
};
