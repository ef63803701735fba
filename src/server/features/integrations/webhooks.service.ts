import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import {
  INTEGRATION_MSG,
  type Delivery,
  type EndpointSecretResponse,
  type WebhookEndpoint,
  type WebhookEndpointInputSchema,
} from '../../../shared/contracts/integrations';
import type { z } from 'zod';
import { checkWebhookUrl, UnsafeUrlError } from './ssrf';
import { newWebhookSecret } from './signing';
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
    disabledReason: r.disabledReason,
    previousSecretUntil:
      r.previousSecretUntil && r.previousSecretUntil > new Date()
        ? r.previousSecretUntil.toISOString()
        : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The secrets that sign now: the current one, and the previous one during its grace period. */
export function signingSecrets(
  r: Pick<repo.EndpointRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>,
  now = new Date(),
): string[] {
  return r.previousSecret && r.previousSecretUntil && r.previousSecretUntil > now
    ? [r.secret, r.previousSecret]
    : [r.secret];
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
): Promise<EndpointSecretResponse> {
  await assertSafeUrl(input.url, allowPrivate);
  const secret = newWebhookSecret();
  const row = await repo.insertEndpoint(db, { ...input, secret });
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
  // Turning an endpoint back on starts its failure count afresh.
  const reenabled =
    input.enabled && !current.enabled ? { consecutiveFailures: 0, disabledReason: null } : {};
  return toEndpoint(await repo.updateEndpoint(db, id, { ...input, ...reenabled }));
}

export async function deleteEndpoint(db: DbOrTx, id: number): Promise<void> {
  if (!(await repo.deleteEndpoint(db, id))) throw notFound('Webhook endpoint');
}

export async function rotateSecret(db: DbOrTx, id: number): Promise<EndpointSecretResponse> {
  const current = await mustFind(db, id);
  const secret = newWebhookSecret();
  const row = await repo.updateEndpoint(db, id, {
    secret,
    previousSecret: current.secret,
    previousSecretUntil: new Date(Date.now() + SECRET_GRACE_MS),
  });
  return { data: toEndpoint(row), secret, message: INTEGRATION_MSG.secretRotated };
}

export async function listDeliveries(db: DbOrTx, id: number): Promise<Delivery[]> {
  await mustFind(db, id);
  return (await repo.listDeliveries(db, id)).map((d) => ({
    ...d,
    lastAttemptAt: iso(d.lastAttemptAt),
    createdAt: d.createdAt.toISOString(),
  }));
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
 * Sends a delivery again, with the same `webhook-id` (receivers that already processed it can
 * recognise it). A double click queues one job: the key includes the attempts made so far.
 */
export async function redeliver(db: DbOrTx, endpointId: number, deliveryId: number): Promise<void> {
  await mustFind(db, endpointId);
  const row = await repo.loadDelivery(db, deliveryId);
  if (!row || row.endpoint.id !== endpointId) throw notFound('Delivery');
  await db.transaction(async (tx) => {
    await repo.setDeliveryStatus(tx, deliveryId, 'pending');
    const dedupeKey = `${row.event.id}:${endpointId}:redeliver:${row.delivery.attempts}`;
    await enqueueJob(tx, {
      kind: WEBHOOK_JOB,
      payload: { deliveryId },
      dedupeKey,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  });
}
