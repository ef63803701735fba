import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import type { WebhookEventType } from '../../../shared/contracts/integrations';
import * as repo from './webhooks.repo';
import type { PatternEventHandler } from '../../events/pattern-events';
import { patternDetailById } from '../patterns';
import { liveVersion, publishedVersion } from '../published';

export const WEBHOOK_JOB = 'webhook.deliver';
/** About a day of retries: see `deliveryBackoffMs`. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export interface WebhookJobPayload {
  deliveryId: number;
}

/** Standard Webhooks message ids look like this; the id is the `webhook-id` header of every attempt. */
export const newEventId = () => `msg_${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * The webhooks' handler of a pattern change (src/server/events, registered by background.ts): in the
 * change's transaction (the transactional outbox), the event is queued for every enabled endpoint
 * subscribed to it, so a rolled-back change sends nothing and a committed one is never lost. The
 * payload's `data` is taken now (`patternEventData`), so a later change or a deletion does not alter
 * what this event says. Nothing is read when no endpoint listens, and the subscribers are looked up
 * once for an event about several patterns.
 */
export const webhookPatternEvents: PatternEventHandler = {
  name: 'webhooks',
  async handle(tx, { type, patternIds }) {
    const endpoints = await webhookSubscribers(tx, type); // once for all the patterns
    if (!endpoints.length) return;
    for (const id of patternIds) {
      const data = await patternEventData(tx, type, id);
      if (data) await queueEvent(tx, type, data, endpoints);
    }
  },
};

/** Events about the working copy: on a published pattern they say the change is not live. */
const WORKING_COPY_EVENTS = new Set<WebhookEventType>([
  'pattern.updated',
  'pattern.sent_to_review',
  'pattern.changes_requested',
]);

/**
 * A pattern event's `data`: the pattern as the detail call answers it now; `pattern.published` adds
 * the published version (`published`, `live: true`, `publishedVersion`); an event about the working
 * copy of a published pattern adds `live: false` and the live `publishedVersion`. Undefined: the
 * pattern is gone (nothing is sent).
 */
async function patternEventData(tx: DbOrTx, type: WebhookEventType, id: number) {
  const pattern = await patternDetailById(tx, id);
  if (!pattern) return undefined;
  if (type === 'pattern.published') {
    const published = await publishedVersion(tx, id);
    return { pattern, live: true, publishedVersion: published?.version ?? null, published };
  }
  if (WORKING_COPY_EVENTS.has(type)) {
    const live = await liveVersion(tx, id);
    if (live !== undefined) return { pattern, live: false, publishedVersion: live };
  }
  return { pattern };
}

/** The enabled endpoints subscribed to `type` (none: the caller builds no payload). */
export async function webhookSubscribers(tx: DbOrTx, type: WebhookEventType): Promise<number[]> {
  return (await repo.subscribedEndpoints(tx, type)).map((e) => e.id);
}

/** An event that is not about one pattern (`release.published`): queued for its subscribers. */
export async function emitEvent(tx: DbOrTx, type: WebhookEventType, data: unknown): Promise<void> {
  const endpoints = await webhookSubscribers(tx, type);
  if (endpoints.length) await queueEvent(tx, type, data, endpoints);
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
