import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorBody } from '../../shared/errors';
import {
  collectProcessMetrics,
  dbPool,
  deliveries,
  httpDuration,
  httpRequests,
  jobQueue,
  jobQueueAge,
  metricsRegistry,
  storefrontWaiting,
  storefrontWaitingAge,
} from '../lib/metrics';
import type { Gauge } from 'prom-client';
import { MAIL_JOB } from '../mail/mail-job';
import type { Db } from '../db/client';

export const METRICS_PATH = '/metrics';

/**
 * Every answer names its request id (`x-request-id`, the `reqId` of its log lines). With
 * METRICS_TOKEN set, requests are counted and timed by route template and status, and GET /metrics
 * answers Prometheus text to a caller presenting `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise). Without it the route does not exist (404) and nothing is counted. It is outside /api:
 * a monitoring system's secret, not a user's session or API token.
 */
export const metricsPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const token = app.deps.env.METRICS_TOKEN;
  if (!token) return;
  collectProcessMetrics();
  const expected = crypto.createHash('sha256').update(token).digest();

  app.addHook('onResponse', async (request, reply) => {
    // The route's template (/api/patterns/:id), never the raw URL: one series per route, not per id.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_PATH) return;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const refuse = (reply: FastifyReply) =>
    reply
      .status(401)
      .header('www-authenticate', 'Bearer realm="metrics"')
      .send({
        message: 'Metrics need the bearer token set in METRICS_TOKEN',
        code: ERROR_CODES.unauthenticated,
      } satisfies ErrorBody);

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request: FastifyRequest, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const hash = crypto.createHash('sha256').update(given).digest();
    if (!crypto.timingSafeEqual(hash, expected)) return refuse(reply);
    await readDatabaseGauges(app.deps.database.db, app.deps.database.poolStats?.());
    return reply
      .header('content-type', metricsRegistry.contentType)
      .header('cache-control', 'no-store')
      .send(await metricsRegistry.metrics());
  });
});

/** Every series a gauge has shown set to 0 (a scrape then sets what is there now). */
async function zero(g: Gauge<string>) {
  for (const v of (await g.get()).values) g.set(v.labels, 0);
}

/** The queue and delivery figures are the database's (the whole portal's), read at each scrape. */
async function readDatabaseGauges(
  db: Db,
  pool: { total: number; idle: number; waiting: number } | undefined,
): Promise<void> {
  const queue = await db.execute<{
    kind: string;
    status: string;
    n: number;
    age: number | null;
  }>(sql`
    SELECT kind, status, count(*)::int AS n,
      extract(epoch FROM now() - min(CASE WHEN status = 'running' OR run_at <= now() THEN run_at END))::float8 AS age
    FROM jobs WHERE status IN ('pending', 'running') GROUP BY kind, status`);
  // A series seen once reads 0 when nothing waits, rather than disappearing.
  await zero(jobQueue);
  await zero(jobQueueAge);
  const ages = new Map<string, number>();
  for (const r of queue.rows) {
    jobQueue.set({ kind: r.kind, status: r.status }, Number(r.n));
    if (r.age !== null) ages.set(r.kind, Math.max(ages.get(r.kind) ?? 0, Number(r.age)));
  }
  for (const [kind, age] of ages) jobQueueAge.set({ kind }, age);

  const held = await db.execute<{ channel: string; outcome: string; n: number }>(sql`
    SELECT 'webhook' AS channel, status AS outcome, count(*)::int AS n FROM webhook_deliveries GROUP BY status
    UNION ALL
    SELECT 'mail', CASE status WHEN 'done' THEN 'succeeded' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
      count(*)::int FROM jobs WHERE kind = ${MAIL_JOB} GROUP BY 2`);
  await zero(deliveries);
  for (const r of held.rows)
    deliveries.inc({ channel: r.channel, outcome: r.outcome }, Number(r.n));

  const waiting = await db.execute<{ name: string; n: number; age: number | null }>(sql`
    SELECT t.name, count(p.pattern_id)::int AS n, extract(epoch FROM now() - min(p.queued_at))::float8 AS age
    FROM storefront_targets t LEFT JOIN storefront_pending p ON p.target = t.name
    GROUP BY t.name`);
  await zero(storefrontWaiting);
  await zero(storefrontWaitingAge);
  for (const r of waiting.rows) {
    storefrontWaiting.set({ target: r.name }, Number(r.n));
    storefrontWaitingAge.set({ target: r.name }, Number(r.age ?? 0));
  }

  dbPool.reset();
  if (!pool) return dbPool.set({ state: 'total' }, 1); // PGlite: one connection, statements in turn
  dbPool.set({ state: 'total' }, pool.total);
  dbPool.set({ state: 'idle' }, pool.idle);
  dbPool.set({ state: 'waiting' }, pool.waiting);
}
