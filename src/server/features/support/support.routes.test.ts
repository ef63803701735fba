import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { supportMessages } from '../../db/schema/support';
import { MAIL_JOB } from '../../mail/mail-job';
import { waitForMail } from '../users/test-helpers';
import { MSG } from '../../../shared/messages';
import {
  SUPPORT_LABELS,
  SUPPORT_MSG,
  SUPPORT_PATHS,
  SUPPORT_RATE_LIMIT,
} from '../../../shared/contracts/support';

const until = async (condition: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in 20 s');
    await new Promise((r) => setTimeout(r, 25));
  }
};

const goodMessage = (over: Record<string, unknown> = {}) => ({
  fullName: 'Pat Partner',
  Brand_Company: "McCall's",
  subject: 'Cannot upload the yardage PDF',
  email: 'Pat.Partner@Example.com',
  country: 'CA',
  phoneNumber: '+1 (416) 555-0100',
  message: 'The upload stops at 80 percent every time.\nCould you have a look?',
  ...over,
});

/** Headers (unfolded, lower-case names) and the decoded body of a raw message. */
function parseEml(raw: string) {
  const [head, ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  if (!head) throw new Error('expected head');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return { headers, body };
}

describe(`support routes (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ SUPPORT_EMAIL: 'help@publisher.test' });
    admin = await createUser(t, { role: 'admin', brand: null, fullName: 'Ada Admin' });
  });
  afterAll(() => t.close());

  const send = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: SUPPORT_PATHS.messages,
      headers: user?.auth,
      payload: payload as object,
    });

  it('stores a good message with the sender and brand, e-mails it to SUPPORT_EMAIL and answers contactDetails', async () => {
    const user = await createUser(t, { brand: 'mccalls', fullName: 'Pat Partner' });
    const res = await send(user, goodMessage());
    expect(res.statusCode).toBe(200);
    const details = res.json().contactDetails;
    expect(details).toMatchObject({
      fullName: 'Pat Partner',
      Brand_Company: "McCall's",
      subject: 'Cannot upload the yardage PDF',
      email: 'Pat.Partner@Example.com',
      country: 'CA',
      phoneNumber: '+1 (416) 555-0100',
      userId: user.id,
      brandId: user.brandId,
      brandName: "McCall's",
      handledAt: null,
    });
    expect(details.id).toBeGreaterThan(0);

    const [row] = await t.deps.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, details.id));
    expect(row).toMatchObject({
      userId: user.id,
      brandId: user.brandId,
      subject: 'Cannot upload the yardage PDF',
      handledAt: null,
    });

    // Queued with the message and sent by the mail worker, after the answer.
    await waitForMail(t.dataDir, 'help@publisher.test', new RegExp(`#${details.id}\\]`));
    const outbox = path.join(t.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    const mails = files.map((f) => parseEml(fs.readFileSync(path.join(outbox, f), 'utf8')));
    const mail = mails.find((m) => m.headers.subject?.includes(`#${details.id}`));
    expect(mail).toBeDefined();
    expect(mail!.headers.to).toBe('help@publisher.test');
    // Nodemailer lower-cases the domain part.
    expect(mail!.headers['reply-to']).toBe('Pat.Partner@example.com');
    expect(mail!.headers.subject).toBe(`[Support #${details.id}] Cannot upload the yardage PDF`);
    expect(mail!.body).toContain('The upload stops at 80 percent every time.');
    expect(mail!.body).toContain('+1 (416) 555-0100');
    expect(mail!.body).toContain(`user #${user.id}, brand McCall's`);
  });

  it('accepts a message without the optional message and country', async () => {
    const user = await createUser(t);
    const res = await send(user, goodMessage({ message: '', country: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().contactDetails).toMatchObject({ message: null, country: null });
  });

  it('answers 400 with the field for each missing required field', async () => {
    const user = await createUser(t);
    for (const name of ['fullName', 'Brand_Company', 'subject', 'email', 'phoneNumber'] as const) {
      const expected = name === 'email' ? MSG.emailRequired : MSG.required(SUPPORT_LABELS[name]);
      const missing = goodMessage();
      delete (missing as Record<string, unknown>)[name];
      const res = await send(user, missing);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields, name).toEqual({ [name]: expected });
      const blank = await send(user, goodMessage({ [name]: '   ' }));
      expect(blank.statusCode, name).toBe(400);
      expect(blank.json().fields, name).toEqual({ [name]: expected });
    }
    const all = await send(user, {});
    expect(Object.keys(all.json().fields).sort()).toEqual([
      'Brand_Company',
      'email',
      'fullName',
      'phoneNumber',
      'subject',
    ]);
    expect(all.json().fields.fullName).toBe('Full name is required');
  });

  it('answers 400 for a bad e-mail, phone number or country, and stores nothing', async () => {
    const user = await createUser(t);
    const badEmail = await send(user, goodMessage({ email: 'pat@' }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toEqual({ email: MSG.emailInvalid });
    const badPhone = await send(user, goodMessage({ phoneNumber: 'call me' }));
    expect(badPhone.json().fields).toEqual({ phoneNumber: SUPPORT_MSG.phoneInvalid });
    const badCountry = await send(user, goodMessage({ country: 'MX' }));
    expect(badCountry.json().fields).toEqual({ country: SUPPORT_MSG.countryInvalid });
    const rows = await t.deps.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('needs a signed-in user', async () => {
    const res = await send(undefined, goodMessage());
    expect(res.statusCode).toBe(401);
    expect(res.json().isRedirected).toBe(true);
  });

  it('answers 429 with when to retry after too many messages from one user', async () => {
    const user = await createUser(t);
    for (let i = 0; i < SUPPORT_RATE_LIMIT.max; i++)
      expect((await send(user, goodMessage({ subject: `Try ${i}` }))).statusCode).toBe(200);
    const res = await send(user, goodMessage({ subject: 'One too many' }));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.json().message).toMatch(/Please try again in \d+ minutes/);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SUPPORT_RATE_LIMIT.windowSeconds);
    // Another user is not affected.
    expect((await send(await createUser(t), goodMessage())).statusCode).toBe(200);
  });

  it('lists messages newest first and paged, for admins only', async () => {
    const user = await createUser(t, { brand: 'butterick' });
    const ids: number[] = [];
    for (const subject of ['First of three', 'Second of three', 'Third of three'])
      ids.push((await send(user, goodMessage({ subject }))).json().contactDetails.id);

    const forbidden = await t.app.inject({ url: SUPPORT_PATHS.messages, headers: user.auth });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ url: SUPPORT_PATHS.messages })).statusCode).toBe(401);

    const page1 = await t.app.inject({
      url: SUPPORT_PATHS.messages,
      query: { pageSize: '10' },
      headers: admin.auth,
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.totalCountData).toBeGreaterThanOrEqual(3);
    expect(body.data.slice(0, 3).map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
    expect(body.data[0]).toMatchObject({ subject: 'Third of three', brandName: 'Butterick' });

    const total = body.totalCountData as number;
    const last = await t.app.inject({
      url: SUPPORT_PATHS.messages,
      query: { pageSize: '10', page: String(Math.ceil(total / 10)) },
      headers: admin.auth,
    });
    expect(last.json().data.length).toBe(total % 10 || 10);
    expect(last.json().data.at(-1).id).toBeLessThan(ids[0]!);

    const badSize = await t.app.inject({
      url: SUPPORT_PATHS.messages,
      query: { pageSize: '7' },
      headers: admin.auth,
    });
    expect(badSize.statusCode).toBe(400);
  });

  it('lets admins mark a message handled and open again, and filter by status', async () => {
    const user = await createUser(t);
    const id = (await send(user, goodMessage({ subject: 'Please handle me' }))).json()
      .contactDetails.id as number;
    const mark = (who: TestUser, handled: boolean, msgId = id) =>
      t.app.inject({
        method: 'PATCH',
        url: SUPPORT_PATHS.message(msgId),
        headers: who.auth,
        payload: { handled },
      });

    expect((await mark(user, true)).statusCode).toBe(403);
    const done = await mark(admin, true);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id, handledBy: admin.id, handledByName: 'Ada Admin' });
    expect(Date.parse(done.json().data.handledAt)).not.toBeNaN();

    // Marking again keeps who handled it first and when.
    const other = await createUser(t, { role: 'admin', brand: null, fullName: 'Otto Other' });
    const again = await mark(other, true);
    expect(again.json().data).toMatchObject({
      handledBy: admin.id,
      handledAt: done.json().data.handledAt,
    });

    const handled = await t.app.inject({
      url: SUPPORT_PATHS.messages,
      query: { status: 'handled', pageSize: '100' },
      headers: admin.auth,
    });
    expect(handled.json().data.map((m: { id: number }) => m.id)).toContain(id);
    const open = await t.app.inject({
      url: SUPPORT_PATHS.messages,
      query: { status: 'open', pageSize: '100' },
      headers: admin.auth,
    });
    expect(open.json().data.map((m: { id: number }) => m.id)).not.toContain(id);

    const reopened = await mark(admin, false);
    expect(reopened.json().data).toMatchObject({
      handledAt: null,
      handledBy: null,
      handledByName: null,
    });
    expect((await mark(admin, true, 999_999)).statusCode).toBe(404);
  });
});

describe(`support e-mail over SMTP (${dbKind})`, () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          // A way to make the mail server refuse one message.
          if (raw.includes('Mailbox full please')) return callback(new Error('Mailbox full'));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      SUPPORT_EMAIL: 'inbox@publisher.test',
      MAIL_FROM: 'Portal <portal@publisher.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the message to SUPPORT_EMAIL with the sender as Reply-To', async () => {
    const user = await createUser(t, { brand: 'kwik-sew' });
    const res = await t.app.inject({
      method: 'POST',
      url: SUPPORT_PATHS.messages,
      headers: user.auth,
      payload: goodMessage({
        subject: 'Sizes missing after save',
        email: 'sam@kwiksew.test',
        message: 'Size 12 vanished.',
      }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().contactDetails.id;
    await until(() => received.length > 0);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['inbox@publisher.test']);
    expect(received[0]?.from).toBe('portal@publisher.test');
    const { headers, body } = parseEml(received[0]!.raw);
    expect(headers.to).toBe('inbox@publisher.test');
    expect(headers['reply-to']).toBe('sam@kwiksew.test');
    expect(headers.subject).toBe(`[Support #${id}] Sizes missing after save`);
    expect(body).toContain('Size 12 vanished.');
    expect(body).toContain("Brand/Company: McCall's");
    expect(body).toContain('brand Kwik Sew');
    // With SMTP set, nothing goes to the outbox folder.
    expect(fs.existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);
  });

  it('keeps the message and answers success when the mail server refuses it (the inbox still has it)', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: SUPPORT_PATHS.messages,
      headers: user.auth,
      payload: goodMessage({ subject: 'Mailbox full please' }),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().contactDetails.id as number;
    const [row] = await t.deps.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, id));
    if (!row) throw new Error('expected row');
    expect(row.subject).toBe('Mailbox full please');
    // The refused mail stays a job that is tried again later, with the server's answer kept.
    const job = async () =>
      (
        await t.deps.database.db.execute<{ status: string; attempts: number; last_error: string }>(
          sql`SELECT status, attempts, last_error FROM jobs
              WHERE kind = ${MAIL_JOB} AND payload->>'subject' LIKE ${`%#${id}]%`}`,
        )
      ).rows[0];
    let seen: Awaited<ReturnType<typeof job>> | undefined;
    await until(async () => Boolean((seen = await job())?.last_error));
    expect(['pending', 'running']).toContain(seen!.status); // waiting for its next try
    expect(Number(seen!.attempts)).toBeGreaterThanOrEqual(1);
    expect(seen!.last_error).toMatch(/Mailbox full/);
    expect(received.some((m) => m.raw.includes('Mailbox full please'))).toBe(false);
  });
});
