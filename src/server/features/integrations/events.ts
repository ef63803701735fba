import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import type { WebhookEventType } from '../../../shared/contracts/integrations';
import * as repo from './webhooks.repo';

export const WEBHOOK_JOB = 'webhook.deliver';
/** About a day of retries: see `deliveryBackoffMs`. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export interface WebhookJobPayload {
  deliveryId: number;
}

/** Standard Webhooks message ids look like this; the id is the `webhook-id` header of every attempt. */
export const newEventId = () => `msg_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * Queues an event for every enabled endpoint subscribed to it, in the caller's transaction (the
 * transactional outbox): a rolled-back change sends nothing, a committed one is never lost. The
 * payload's `data` is taken now (the pattern as the detail call answers it, and what the patterns
 * feature adds about its published version), so a later change or a deletion does not alter what
 * this event says. The patterns feature passes the loader, so this module does not import it back;
 * undefined (the pattern is gone) sends nothing.
 */
export async function emitPatternEvent(
  tx: DbOrTx,
  type: WebhookEventType,
  loadData: () => Promise<{ pattern: unknown } | undefined>,
): Promise<void> {
  const endpoints = await repo.subscribedEndpoints(tx, type);
  if (!endpoints.length) return;
  const data = await loadData();
  if (!data) return;
  await queueEvent(
    tx,
    type,
    data,
    endpoints.map((e) => e.id),
  );
}

/** An event that is not about one pattern (`release.published`): queued for its subscribers. */
export async function emitEvent(tx: DbOrTx, type: WebhookEventType, data: unknown): Promise<void> {
  const endpoints = await repo.subscribedEndpoints(tx, type);
  if (!endpoints.length) return;
  await queueEvent(
    tx,
    type,
    data,
    endpoints.map((e) => e.id),
  );
}

export async function queueEvent(
  tx: DbOrTx,
  type: WebhookEventType,
  data: unknown,
  endpointIds: number[],
): Promise<string> {
  const id = newEventId();
  const payload = { id, type, timestamp: new Date().toISOString(), data };
  await repo.insertEvent(tx, { id, type, payload });
  for (const endpointId of endpointIds) {
    const deliveryId = await repo.insertDelivery(tx, id, endpointId);
    await enqueueJob(tx, {
      kind: WEBHOOK_JOB,
      payload: { deliveryId } satisfies WebhookJobPayload,
      dedupeKey: `${id}:${endpointId}`,
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    });
  }
  return id;
}

/**
 * Lifecycle transitions → events. The review loop (issue 13) adds "request changes" and
 * "unpublish": at merge its transition code calls `emitTransitionEvent(tx, action, id)` (one line).
 */
const TRANSITION_EVENTS = {
  sendToReview: 'pattern.sent_to_review',
  publish: 'pattern.published',
  requestChanges: 'pattern.changes_requested',
  unpublish: 'pattern.unpublished',
} as const satisfies Record<string, WebhookEventType>;
export const emitTransitionEvent = (
  tx: DbOrTx,
  action: keyof typeof TRANSITION_EVENTS,
  loadData: () => Promise<{ pattern: unknown } | undefined>,
) => emitPatternEvent(tx, TRANSITION_EVENTS[action], loadData);
