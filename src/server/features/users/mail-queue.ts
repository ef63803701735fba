import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, Mailer } from '../../mail/mailer';

export interface MailQueue {
  /** Sends without making the request wait; a failure is logged. */
  later(message: MailMessage): void;
  /** Waits for every message still being sent (on shutdown). */
  drain(): Promise<void>;
}

/**
 * Mail sent after the answer: forgot-password answers as fast for an unknown address as for a
 * known one, so its timing does not tell whether an account exists.
 */
export function mailQueue(mailer: Mailer, log: FastifyBaseLogger): MailQueue {
  const pending = new Set<Promise<void>>();
  return {
    later(message) {
      const p: Promise<void> = mailer
        .send(message)
        .catch((err: unknown) =>
          log.error({ err, subject: message.subject }, 'mail could not be sent'),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
