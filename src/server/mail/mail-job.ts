import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
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
    // Once handed to SMTP (or written to the outbox), or given up, the row keeps no text: a reset
    // link or one-time code must not stay usable in the database or a backup.
    keptPayload: withoutText,
  };
}

/** A mail's row once its text is gone: who, what and which message, never the body. */
export const withoutText = (p: MailJobPayload) => ({
  to: p.to,
  subject: p.subject,
  messageId: p.messageId,
  ...(p.replyTo ? { replyTo: p.replyTo } : {}),
  textRemoved: true,
});

/**
 * Mails sent or given up before their texts were dropped (rows written by an older release): their
 * texts go now. Run at start-up and daily.
 */
export async function dropSentMailTexts(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`
    UPDATE jobs SET payload = (payload - 'text') || '{"textRemoved": true}'::jsonb
    WHERE kind = ${MAIL_JOB} AND status IN ('done', 'failed') AND payload ->> 'text' IS NOT NULL
    RETURNING id`);
  return res.rows.length;
}
