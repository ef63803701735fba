import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/integrations';
import { users } from '../../db/schema/users';

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
  const [row] = await db.insert(webhookEndpoints).values(v).returning();
  return row;
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  v: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
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

/** Enabled endpoints subscribed to an event type (jsonb containment). */
export async function subscribedEndpoints(db: DbOrTx, type: string) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
}

export async function insertEvent(db: DbOrTx, v: { id: string; type: string; payload: unknown }) {
  await db.insert(webhookEvents).values(v);
}

export async function insertDelivery(
  db: DbOrTx,
  eventId: string,
  endpointId: number,
): Promise<number> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ eventId, endpointId })
    .returning({ id: webhookDeliveries.id });
  return row.id;
}

export async function listDeliveries(db: DbOrTx, endpointId: number, limit = 50) {
  return db
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
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
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

export async function setDeliveryStatus(
  db: DbOrTx,
  deliveryId: number,
  status: 'pending' | 'succeeded' | 'failed',
) {
  await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, deliveryId));
}

/** Counts a failed attempt; answers the new count so the caller can disable the endpoint. */
export async function countFailure(db: DbOrTx, endpointId: number): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ n: webhookEndpoints.consecutiveFailures });
  return row?.n ?? 0;
}

export async function resetFailures(db: DbOrTx, endpointId: number) {
  await db
    .update(webhookEndpoints)
    .set({ consecutiveFailures: 0 })
    .where(
      and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.consecutiveFailures} <> 0`),
    );
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
