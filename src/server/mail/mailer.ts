import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Stable id of a queued mail: a retried send reuses it, so receivers and the outbox file see one message. */
  messageId?: string;
  /**
   * The text carries a secret that works for a while (an invitation link): once sent, the queued
   * job keeps no usable copy (jobs/outbox.ts blanks it), so the database and its backups hold none.
   */
  secret?: true;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox/*.eml, so the
 * embedded default works end to end without a mail server. The log names the file only: links,
 * codes and addresses are read from the outbox, never from the log.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      // A queued mail sent again after a crash overwrites its own file instead of adding a second one.
      const name = m.messageId
        ? `mail-${m.messageId.replace(/[^a-zA-Z0-9._-]/g, '_')}`
        : `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`;
      const file = path.join(opts.outboxDir, `${name}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ file }, 'mail written to outbox');
    },
    close: () => undefined,
  };
}
