import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp } from '../test/helper';
import { startJobWorker } from '../jobs/outbox';
import { createLogger } from '../lib/logger';
import { waitForMail } from '../features/users/test-helpers';
import { SUPPORT_PATHS } from '../../shared/contracts/support';
import { dropSentMailTexts, enqueueMail, MAIL_JOB, mailJobHandler } from './mail-job';
import type { Mailer, MailMessage } from './mailer';

/** A mailer that records what it sends, and refuses the first `failFirst` sends. */
function recordingMailer(failFirst = 0): Mailer & { sent: MailMessage[]; tries: number } {
  const m = {
    sent: [] as MailMessage[],
    tries: 0,
    async send(message: MailMessage) {
      m.tries += 1;
      if (m.tries <= failFirst) throw new Error('421 mail server busy');
      m.sent.push(message);
    },
    close: () => undefined,
  };
  return m;
}

type MailRow = {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  to: string;
  subject: string;
  text: string;
  message_id: string;
};

describe(`mail takes one road: the outbox (${dbKind})`, () => {
  let t: TestApp;
  const log = createLogger('silent');
  beforeAll(async () => {
    // No worker: whatever a route mails stays a job row here, and nothing may reach the outbox folder.
    t = await createTestApp({ SUPPORT_EMAIL: 'help@publisher.test' }, { workers: [] });
  });
  afterAll(() => t.close());

  const mailRows = async () =>
    (
      await t.deps.database.db.execute<MailRow>(sql`
        SELECT id, status, attempts, last_error, payload->>'to' AS "to", payload->>'subject' AS subject,
          payload->>'text' AS text, payload->>'messageId' AS message_id
        FROM jobs WHERE kind = ${MAIL_JOB} ORDER BY id`)
    ).rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
  const worker = (mailer: Mailer) =>
    startJobWorker({
      db: t.deps.database.db,
      log,
      handlers: [mailJobHandler(mailer)],
      autoStart: false,
    });

  it('every mail route leaves a job row and sends nothing itself', async () => {
    const user = await createUser(t, { email: 'road-user@example.com' });
    const before = (await mailRows()).length;

    // One-time code to the current address, then to a new one for an e-mail change.
    expect((await t.app.inject({ url: '/api/auth/send-otp', headers: user.auth })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.app.inject({
          url: `/api/auth/send-otp?email=${encodeURIComponent('road-new@example.com')}`,
          headers: user.auth,
        })
      ).statusCode,
    ).toBe(200);
    const codeRow = (await mailRows()).find((r) => r.to === 'road-new@example.com')!;
    const code = /code is (\d{6})/.exec(codeRow.text)![1];
    // The change tells the old address.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-email',
          headers: user.auth,
          payload: { email: 'road-new@example.com', code },
        })
      ).statusCode,
    ).toBe(200);
    // Forgot password (to the new address now).
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'road-new@example.com' },
        })
      ).statusCode,
    ).toBe(200);
    // A support message.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: SUPPORT_PATHS.messages,
          headers: user.auth,
          payload: {
            fullName: 'Road User',
            Brand_Company: 'Ditto',
            subject: 'Road test',
            email: 'road-user@example.com',
            phoneNumber: '+1 (416) 555-0100',
          },
        })
      ).statusCode,
    ).toBe(200);

    const rows = (await mailRows()).slice(before);
    expect(rows.map((r) => [r.to, r.subject])).toEqual([
      ['road-user@example.com', expect.stringMatching(/code/i)],
      ['road-new@example.com', expect.stringMatching(/code/i)],
      ['road-user@example.com', expect.stringMatching(/email was changed/i)],
      ['road-new@example.com', expect.stringMatching(/Reset your/)],
      ['help@publisher.test', expect.stringMatching(/^\[Support #\d+\] Road test$/)],
    ]);
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(r.message_id).toMatch(/^<[\w-]+@pattern-partner-portal>$/);
    }
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(rows.length);
    // Nothing went out behind the queue's back.
    expect(fs.existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);
  });

  it('never sends a mail queued with a change that rolled back', async () => {
    const before = (await mailRows()).length;
    await expect(
      t.deps.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rolled@example.com', subject: 'Never', text: 'Never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await enqueueMail(t.deps.database.db, {
      to: 'kept@example.com',
      subject: 'Kept',
      text: 'Kept',
    });
    const mailer = recordingMailer();
    const w = worker(mailer);
    while ((await w.runOnce()) > 0);
    expect((await mailRows()).slice(before).map((r) => r.to)).toEqual(['kept@example.com']);
    expect(mailer.sent.map((m) => m.to)).not.toContain('rolled@example.com');
    expect(mailer.sent.map((m) => m.to)).toContain('kept@example.com');
  });

  it('tries a mail whose first send failed again, with the same Message-ID', async () => {
    await t.deps.database.db.execute(sql`DELETE FROM jobs WHERE kind = ${MAIL_JOB}`);
    const id = (await enqueueMail(t.deps.database.db, {
      to: 'retry@example.com',
      subject: 'Second time lucky',
      text: 'Hello',
    }))!;
    const mailer = recordingMailer(1);
    const w = worker(mailer);
    expect(await w.runOnce()).toBe(1);
    let [row] = await mailRows();
    if (!row) throw new Error('expected row');
    expect(row).toMatchObject({ id, status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/mail server busy/);
    expect(mailer.sent).toHaveLength(0);
    // Its back-off over (about a second), the worker takes it again.
    await t.deps.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`);
    expect(await w.runOnce()).toBe(1);
    [row] = await mailRows();
    expect(row).toMatchObject({ status: 'done', attempts: 2, last_error: null });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'retry@example.com', messageId: row?.message_id });
  });
});

/** Issue 49 item 2: a sent mail leaves no usable reset link or code in the jobs table. */
describe(`a sent mail keeps no text (${dbKind})`, () => {
  let t: TestApp;
  const log = createLogger('silent');
  beforeAll(async () => {
    t = await createTestApp({}, { workers: [] });
  });
  afterAll(() => t.close());

  const jobsText = async () =>
    (
      await t.deps.database.db.execute<{ j: string }>(
        sql`SELECT coalesce(string_agg(payload::text, ' '), '') AS j FROM jobs WHERE kind = ${MAIL_JOB}`,
      )
    ).rows[0]!.j; // an aggregate answers one row

  it('drops the text of a mail once handed to the mailer, or given up, and of rows an older release left', async () => {
    const user = await createUser(t, { email: 'kept-no-link@example.com' });
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mailer = recordingMailer();
    const w = startJobWorker({
      db: t.deps.database.db,
      log,
      handlers: [mailJobHandler(mailer)],
      autoStart: false,
    });
    while ((await w.runOnce()) > 0);
    const sent = mailer.sent.find((m) => m.to === user.email)!;
    const link = /https?:\/\/\S+/.exec(sent.text)![0];
    const token = new URL(link).searchParams.get('token') ?? link.split('/').pop()!;
    expect(token.length).toBeGreaterThan(16);
    const after = await jobsText();
    expect(after).not.toContain(token);
    expect(after).toContain('"textRemoved": true');
    expect(after).toContain(sent.messageId!);

    // A mail that fails for good keeps no text either.
    await enqueueMail(t.deps.database.db, {
      to: 'never@example.com',
      subject: 'Your code',
      text: 'Your code is 987654',
    });
    await t.deps.database.db.execute(
      sql`UPDATE jobs SET max_attempts = 1 WHERE kind = ${MAIL_JOB} AND status = 'pending'`,
    );
    const refusing = startJobWorker({
      db: t.deps.database.db,
      log,
      handlers: [mailJobHandler(recordingMailer(99))],
      autoStart: false,
    });
    while ((await refusing.runOnce()) > 0);
    expect(await jobsText()).not.toContain('987654');

    // Rows left by an older release (done, text kept) lose it at the next start.
    await t.deps.database.db.execute(sql`
      INSERT INTO jobs (kind, payload, status)
      VALUES (${MAIL_JOB}, ${JSON.stringify({ to: 'old@example.com', subject: 'Reset', text: 'old-link-secret' })}::jsonb, 'done')`);
    expect(await jobsText()).toContain('old-link-secret');
    expect(await dropSentMailTexts(t.deps.database.db)).toBe(1);
    expect(await jobsText()).not.toContain('old-link-secret');
  });
});

describe(`the one-time code arrives at once (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The mail worker polls only once a minute here: the code can only come this fast by the kick.
    t = await createTestApp({ JOB_POLL_MS: '60000' }, { workers: ['mail'] });
  });
  afterAll(() => t.close());

  it('wakes the mail worker after the commit instead of waiting for its poll', async () => {
    const user = await createUser(t);
    // Past the worker's first poll at start-up.
    await new Promise((r) => setTimeout(r, 200));
    const res = await t.app.inject({ url: '/api/auth/send-otp', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(t.dataDir, user.email, /code/);
    expect(mail.text).toMatch(/code is \d{6}/);
  });
});
