import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Stable id of a queued mail: a retried send reuses it, so receivers and the outbox file see one message. */
  messageId?: string;
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
  // nodemailer is loaded at the first mail, not at start-up: it holds about 5 MB of heap that an
  // idle server has no use for (docs/benchmarks.md, "Memory").
  let transport: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  const transportOf = (options: Parameters<typeof import('nodemailer').createTransport>[0]) =>
    (transport ??= import('nodemailer').then(
      ({ default: nodemailer }) => (made = nodemailer.createTransport(options)),
    ));
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    return {
      async send(m) {
        await (await transportOf(smtpUrl)).sendMail({ from: opts.from, ...m });
      },
      close: () => made?.close(),
    };
  }
  return {
    async send(m) {
      const info = await (
        await transportOf({ streamTransport: true, buffer: true, newline: 'unix' })
      ).sendMail({ from: opts.from, ...m });
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
