import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DeliveryStatus } from '../../../shared/contracts/integrations';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/integrations';
import { users } from '../../db/schema/users';
import { firstRow } from '../../lib/rows';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export async function listEndpoints(db: DbOrTx): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
}

export async function findEndpoint(db: DbOrTx, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(
  db: DbOrTx,
  v: { url: string; description: string; events: string[]; enabled: boolean; secret: string },
) {
  const rows = await db.insert(webhookEndpoints).values(v).returning();
  return firstRow(rows, 'insert into webhook endpoints');
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  v: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  // The service has found the endpoint first (webhooks.service.ts mustFind).
  const rows = await db
    .update(webhookEndpoints)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return firstRow(rows, `update of webhook endpoint ${id}`);
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<boolean> {
  return (
    (
      await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id })
    ).length > 0
  );
}

/**
 * Endpoints subscribed to an event type (jsonb containment), disabled ones included: a disabled
 * endpoint is paused, so its events wait for it (up to their window) instead of being dropped.
 */
export async function subscribedEndpoints(db: DbOrTx, type: string) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`);
}

export async function insertEvent(db: DbOrTx, v: { id: string; type: string; payload: unknown }) {
  await db.insert(webhookEvents).values(v);
}

export async function insertDelivery(
  db: DbOrTx,
  eventId: string,
  endpointId: number,
): Promise<number> {
  const rows = await db
    .insert(webhookDeliveries)
    .values({ eventId, endpointId })
    .returning({ id: webhookDeliveries.id });
  return firstRow(rows, 'insert into webhook deliveries').id;
}

/** One page of an endpoint's deliveries, newest first, optionally of one status, with the total. */
export async function listDeliveries(
  db: DbOrTx,
  endpointId: number,
  q: { status?: DeliveryStatus; page: number; pageSize: number },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  );
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      statusCode: webhookDeliveries.statusCode,
      durationMs: webhookDeliveries.durationMs,
      response: webhookDeliveries.response,
      error: webhookDeliveries.error,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const totals = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  const { total } = firstRow(totals, 'count of webhook deliveries');
  return { rows, total: Number(total) };
}

/** A delivery with what its attempt needs: the event's body and the endpoint's URL and secrets. */
export async function loadDelivery(db: DbOrTx, deliveryId: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
}

export async function recordAttempt(
  db: DbOrTx,
  deliveryId: number,
  a: {
    attempt: number;
    statusCode: number | null;
    durationMs: number;
    response: string | null;
    error: string | null;
    status: 'pending' | 'succeeded' | 'failed';
  },
) {
  await db.insert(webhookAttempts).values({
    deliveryId,
    attempt: a.attempt,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    response: a.response,
    error: a.error,
  });
  await db
    .update(webhookDeliveries)
    .set({
      status: a.status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      statusCode: a.statusCode,
      durationMs: a.durationMs,
      response: a.response,
      error: a.error,
      lastAttemptAt: new Date(),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
}

export async function setDeliveryStatus(db: DbOrTx, deliveryId: number, status: DeliveryStatus) {
  await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, deliveryId));
}

/**
 * Counts a failed attempt and starts the failing time at the first one since a success; answers
 * whether the endpoint has now been failing for longer than `hours` (the database's clock).
 */
export async function countFailure(
  db: DbOrTx,
  endpointId: number,
  hours: number,
): Promise<{ failures: number; tooLong: boolean }> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())`,
    })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      failures: webhookEndpoints.consecutiveFailures,
      tooLong: sql<boolean>`${webhookEndpoints.failingSince} < now() - ${hours}::float8 * interval '1 hour'`,
    });
  return { failures: row?.failures ?? 0, tooLong: row?.tooLong === true };
}

export async function resetFailures(db: DbOrTx, endpointId: number) {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0, failingSince: null })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        sql`(${webhookEndpoints.consecutiveFailures} <> 0 or ${webhookEndpoints.failingSince} is not null)`,
      ),
    );
}

/** A delivery whose window ended while its endpoint was paused: failed, with no request made. */
export async function failWaitingDelivery(db: DbOrTx, deliveryId: number, error: string) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error, statusCode: null, response: null, durationMs: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}

/** Re-enabling an endpoint: its waiting deliveries are due now, and run in the order they were queued. */
export async function wakeDeliveries(db: DbOrTx, endpointId: number) {
  await db.execute(sql`
    UPDATE jobs SET run_at = now(), updated_at = now()
    WHERE kind = 'webhook.deliver' AND status = 'pending' AND run_at > now()
      AND (payload->>'deliveryId')::bigint IN (
        SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND status = 'pending')`);
}

/**
 * Marks deliveries pending again for a redelivery, with a fresh one-day window; answers those that
 * changed (a delivery already pending is left alone, so a double click queues it once), oldest first.
 */
export async function markForRedelivery(
  db: DbOrTx,
  endpointId: number,
  which: { deliveryId: number } | { status: 'failed' },
) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', retryUntil: sql`now() + interval '1 day'` })
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        'deliveryId' in which
          ? and(
              eq(webhookDeliveries.id, which.deliveryId),
              sql`${webhookDeliveries.status} <> 'pending'`,
            )
          : eq(webhookDeliveries.status, which.status),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Disables once: only the call that flips `enabled` gets true (and sends the one e-mail). */
export async function disableEndpoint(
  db: DbOrTx,
  endpointId: number,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Who hears about a disabled endpoint: every enabled admin. */
export async function enabledAdminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
  return rows.map((r) => r.email);
}
