import type { JobHandler } from '../jobs/outbox';
import type { Mailer, MailMessage } from './mailer';

/** Mails queued with the change that causes them (src/server/jobs/outbox.ts) and sent by the job worker. */
export const MAIL_JOB = 'mail.send';
export type MailJobPayload = MailMessage & { messageId: string };

export function mailJobHandler(mailer: Mailer): JobHandler<MailJobPayload> {
  return {
    kind: MAIL_JOB,
    async handle(payload) {
      await mailer.send(payload);
    },
  };
}
