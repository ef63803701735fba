import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  INTEGRATION_MSG,
  redeliverFailedMessage,
  type DeliveryListQuerySchema,
  type DeliveryListResponse,
  type EndpointSecretResponse,
  type WebhookEndpoint,
  type WebhookEndpointInputSchema,
} from '../../../shared/contracts/integrations';
import type { z } from 'zod';
import { checkWebhookUrl, UnsafeUrlError } from './ssrf';
import { newWebhookSecret } from './signing';
import type { SecretBox } from './secret-box';
import * as repo from './webhooks.repo';
import { enqueueJob } from '../../jobs/outbox';
import { queueEvent, WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS } from './events';

/** After a rotation the old secret keeps signing (next to the new one) this long, so receivers can switch. */
export const SECRET_GRACE_MS = 24 * 3600 * 1000;

type Input = z.output<typeof WebhookEndpointInputSchema>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpoint(r: repo.EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    consecutiveFailures: r.consecutiveFailures,
    failingSince: iso(r.failingSince),
    disabledReason: r.disabledReason,
    previousSecretUntil:
      r.previousSecretUntil && r.previousSecretUntil > new Date()
        ? r.previousSecretUntil.toISOString()
        : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The secrets that sign now (decrypted): the current one, and the previous one during its grace period. */
export function signingSecrets(
  r: Pick<repo.EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  box: SecretBox,
  now = new Date(),
): string[] {
  return r.previousSecret && r.previousSecretUntil && r.previousSecretUntil > now
    ? [box.open(r.secret), box.open(r.previousSecret)]
    : [box.open(r.secret)];
}

async function assertSafeUrl(url: string, allowPrivate: boolean) {
  try {
    await checkWebhookUrl(url, allowPrivate);
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
}

async function mustFind(db: DbOrTx, id: number) {
  const row = await repo.findEndpoint(db, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(db: DbOrTx): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(db)).map(toEndpoint);
}

export async function createEndpoint(
  db: DbOrTx,
  input: Input,
  allowPrivate: boolean,
  box: SecretBox,
): Promise<EndpointSecretResponse> {
  await assertSafeUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(db, { ...input, secret: box.seal(secret) });
  return { data: toEndpoint(row), secret, message: INTEGRATION_MSG.endpointCreated };
}

export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  input: Input,
  allowPrivate: boolean,
): Promise<WebhookEndpoint> {
  const current = await mustFind(db, id);
  await assertSafeUrl(input.url, allowPrivate);
  // Turning an endpoint back on starts its failing time afresh and sends what waited, in order.
  if (input.enabled && !current.enabled)
    return db.transaction(async (tx) => {
      const row = await repo.updateEndpoint(tx, id, {
        ...input,
        consecutiveFailures: 0,
        failingSince: null,
        disabledReason: null,
      });
      await repo.wakeDeliveries(tx, id);
      return toEndpoint(row);
    });
  return toEndpoint(await repo.updateEndpoint(db, id, input));
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<void> {
  if (!(await repo.deleteEndpoint(db, id))) throw notFound('Webhook endpoint');
}

export async function rotateSecret(
  db: DbOrTx,
  id: number,
  box: SecretBox,
): Promise<EndpointSecretResponse> {
  const current = await mustFind(db, id);
  const secret = newWebhookSecret();
  const row = await repo.updateEndpoint(db, id, {
    secret: box.seal(secret),
    previousSecret: current.secret,
    previousSecretUntil: new Date(Date.now() + SECRET_GRACE_MS),
  });
  return { data: toEndpoint(row), secret, message: INTEGRATION_MSG.secretRotated };
}

/** "End the old secret now": after a rotation, only the new secret signs from this moment. */
export async function endPreviousSecret(db: DbOrTx, id: number): Promise<WebhookEndpoint> {
  const current = await mustFind(db, id);
  if (!current.previousSecretUntil || current.previousSecretUntil <= new Date())
    throw conflict(INTEGRATION_MSG.noPreviousSecret);
  return toEndpoint(
    await repo.updateEndpoint(db, id, { previousSecret: null, previousSecretUntil: null }),
  );
}

export async function listDeliveries(
  db: DbOrTx,
  id: number,
  q: z.output<typeof DeliveryListQuerySchema>,
): Promise<DeliveryListResponse> {
  await mustFind(db, id);
  const { rows, total } = await repo.listDeliveries(db, id, q);
  return {
    data: rows.map((d) => ({
      ...d,
      lastAttemptAt: iso(d.lastAttemptAt),
      createdAt: d.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A `webhook.test` event to this endpoint only (even if it is disabled or not subscribed), to check a receiver. */
export async function sendTestEvent(db: DbOrTx, id: number): Promise<void> {
  const endpoint = await mustFind(db, id);
  await db.transaction((tx) =>
    queueEvent(
      tx,
      'webhook.test',
      {
        message: 'A test event from the Pattern Partner Portal',
        endpoint: { id, url: endpoint.url },
      },
      [id],
    ),
  );
}

/**
 * Sends deliveries again, with the same `webhook-id` (receivers that already processed one can
 * recognise it), each with a fresh one-day window. A delivery already pending is left alone, so a
 * double click queues it once. To a disabled endpoint they wait until it is enabled again.
 */
async function requeue(
  db: DbOrTx,
  endpointId: number,
  which: Parameters<typeof repo.markForRedelivery>[2],
): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await repo.markForRedelivery(tx, endpointId, which);
    for (const deliveryId of ids)
      await enqueueJob(tx, {
        kind: WEBHOOK_JOB,
        payload: { deliveryId },
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      });
    return ids.length;
  });
}

export async function redeliver(
  db: DbOrTx,
  endpointId: number,
  deliveryId: number,
): Promise<{ message: string }> {
  await mustFind(db, endpointId);
  const row = await repo.loadDelivery(db, deliveryId);
  if (!row || row.endpoint.id !== endpointId) throw notFound('Delivery');
  const queued = await requeue(db, endpointId, { deliveryId });
  return {
    message: queued ? INTEGRATION_MSG.redeliveryQueued : INTEGRATION_MSG.redeliveryAlreadyPending,
  };
}

/** Every failed delivery of the endpoint, oldest first (they are queued, and so sent, in that order). */
export async function redeliverFailed(
  db: DbOrTx,
  endpointId: number,
): Promise<{ count: number; message: string }> {
  await mustFind(db, endpointId);
  const count = await requeue(db, endpointId, { status: 'failed' });
  return { count, message: redeliverFailedMessage(count) };
}
