import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { JobDeferred, type JobHandler } from '../../jobs/outbox';
import { WEBHOOK_JOB, WEBHOOK_MAX_ATTEMPTS, type WebhookJobPayload } from './events';
import { postWebhook } from './send';
import { webhookHeaders } from './signing';
import { checkWebhookUrl, UnsafeUrlError, type Lookup } from './ssrf';
import { secretBox } from './secret-box';
import { signingSecrets } from './webhooks.service';
import * as repo from './webhooks.repo';

/**
 * Retries for about a day (Standard Webhooks' suggested schedule): 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h after the 1st…7th failure (≈ 27.6 h in all), each ±20 % so one outage's retries spread.
 */
const SCHEDULE_MS = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
] as const;
export function deliveryBackoffMs(attempt: number): number {
  const base = SCHEDULE_MS[Math.min(attempt, SCHEDULE_MS.length) - 1] ?? SCHEDULE_MS[0];
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export class DeliveryFailed extends Error {}

const hoursText = (h: number) => `${h} ${h === 1 ? 'hour' : 'hours'}`;

/** Links in the payload become absolute, so a receiver can fetch the files (with an API token). */
function absoluteUrls(payload: unknown, publicUrl: string): unknown {
  return JSON.parse(JSON.stringify(payload), (k, v) =>
    k === 'url' && typeof v === 'string' && v.startsWith('/api/') ? publicUrl + v : v,
  );
}

export function webhookDeliveryHandler(
  deps: AppDeps,
  opts: { lookup?: Lookup; backoffMs?: (attempt: number) => number } = {},
): JobHandler<WebhookJobPayload> {
  const { env } = deps;
  const db = deps.database.db;
  return {
    kind: WEBHOOK_JOB,
    backoffMs: opts.backoffMs ?? deliveryBackoffMs,
    async handle({ deliveryId }, ctx) {
      const row = await repo.loadDelivery(db, deliveryId);
      if (!row || row.delivery.status === 'succeeded') return; // endpoint deleted, or a repeat after a lost "done"
      const { endpoint, event } = row;
      // A disabled endpoint is paused: its deliveries wait (without using an attempt) until it is
      // enabled again, which wakes them, or until their window ends, when they fail.
      if (!endpoint.enabled && event.type !== 'webhook.test') {
        if (row.delivery.retryUntil > new Date()) throw new JobDeferred(row.delivery.retryUntil);
        await repo.failWaitingDelivery(
          db,
          deliveryId,
          'Not sent: the endpoint was disabled until the end of this delivery’s one-day window',
        );
        return;
      }
      const body = JSON.stringify(absoluteUrls(event.payload, env.publicUrl));
      let result;
      try {
        const target = await checkWebhookUrl(endpoint.url, env.WEBHOOK_ALLOW_PRIVATE, opts.lookup);
        result = await postWebhook(
          target,
          webhookHeaders(signingSecrets(endpoint, secretBox(env)), event.id, body),
          body,
        );
      } catch (err) {
        if (!(err instanceof UnsafeUrlError)) throw err;
        result = { statusCode: null, durationMs: 0, response: null, error: err.message };
      }
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const last = ctx.attempt >= WEBHOOK_MAX_ATTEMPTS;
      await repo.recordAttempt(db, deliveryId, {
        attempt: ctx.attempt,
        ...result,
        status: ok ? 'succeeded' : last ? 'failed' : 'pending',
      });
      if (ok) {
        await repo.resetFailures(db, endpoint.id);
        return;
      }
      // What disables an endpoint is time spent failing (no success since), not a count of attempts:
      // one import's hundred events failing for a minute must not switch a receiver off.
      const hours = hoursText(env.WEBHOOK_DISABLE_AFTER_HOURS);
      const failing = await repo.countFailure(db, endpoint.id, env.WEBHOOK_DISABLE_AFTER_HOURS);
      // Disabling and the admins' mails are one transaction: no mail for a change that did not happen.
      const disabled =
        failing.tooLong &&
        (await db.transaction(async (tx) => {
          const done = await repo.disableEndpoint(
            tx,
            endpoint.id,
            `Disabled (paused) after failing for more than ${hours} (${failing.failures} failed attempts)`,
          );
          if (done) await notifyAdmins(tx, deps, endpoint.url, hours);
          return done;
        }));
      if (disabled) {
        ctx.log.warn({ endpointId: endpoint.id, ...failing }, 'webhook endpoint disabled');
        deps.kicks.kick(MAIL_JOB);
      }
      throw new DeliveryFailed(result.error ?? `Answered ${result.statusCode}`);
    },
    async onFailed({ deliveryId }) {
      await repo.setDeliveryStatus(db, deliveryId, 'failed');
    },
  };
}

async function notifyAdmins(tx: DbOrTx, deps: AppDeps, url: string, hours: string) {
  const text = [
    `The webhook endpoint ${url} has been failing for more than ${hours} and has been disabled.`,
    '',
    'Its deliveries are paused, not dropped: each waits up to a day from when it was queued.',
    `Check the receiver, then enable the endpoint again on the Integrations screen; the waiting deliveries are then sent in order: ${deps.env.publicUrl}/app/integrations`,
  ].join('\n');
  for (const to of await repo.enabledAdminEmails(tx))
    await enqueueMail(tx, { to, subject: 'A webhook endpoint was disabled', text });
}
