import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port) that keeps every message it receives, in order.
 * `holdFirst`: the first message is read but never answered (a send in flight), and not kept.
 */
export async function startSmtpReceiver(opts: { holdFirst?: boolean } = {}): Promise<{
  mails: ReceivedMail[];
  port: number;
  /** Whether the first message is being held (holdFirst). */
  holding(): boolean;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  let held = false;
  const smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        if (opts.holdFirst && !held) {
          held = true;
          return; // never answered: the sender waits until it gives up or dies
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  return {
    mails,
    port: (smtp.server.address() as AddressInfo).port,
    holding: () => held,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
