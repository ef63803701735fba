import crypto from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { enqueueJob, type JobHandler } from '../jobs/outbox';
import type { Mailer, MailMessage } from './mailer';

/**
 * Every mail of the app goes this one road: queued in the outbox (src/server/jobs/outbox.ts) with
 * the change that causes it, and sent by the mail worker (background.ts). This handler is the only
 * caller of `mailer.send` (a lint rule in eslint.config.js holds it): a mail is durable, retried
 * with back-off and visible as a job row (and in /metrics).
 */
export const MAIL_JOB = 'mail.send';
export type MailJobPayload = MailMessage & { messageId: string };

/**
 * Queues `message` in the transaction of the change it reports (`db` outside one), so a rolled-back
 * change sends nothing. The Message-ID is fixed now: a retried send reuses it. `dedupeKey` makes a
 * second queueing of the same mail a no-op. Kick MAIL_JOB after the commit when it must go at once.
 */
export async function enqueueMail(
  db: DbOrTx,
  message: MailMessage,
  opts: { dedupeKey?: string } = {},
): Promise<number | null> {
  const payload: MailJobPayload = {
    ...message,
    messageId: message.messageId ?? `<${crypto.randomUUID()}@pattern-partner-portal>`,
  };
  return enqueueJob(db, { kind: MAIL_JOB, payload, dedupeKey: opts.dedupeKey });
}

export function mailJobHandler(mailer: Mailer): JobHandler<MailJobPayload> {
  return {
    kind: MAIL_JOB,
    async handle(payload) {
      await mailer.send(payload);
    },
  };
}
