import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startSmtpReceiver, type ReceivedMail } from '../../test/smtp-receiver';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { passwordResets } from '../../db/schema/users';
import { MSG } from '../../../shared/messages';
import { USER_MSG } from '../../../shared/contracts/users';
import { RESET_LIMITS } from './account-limits';
import { readOutbox, waitForMail } from './test-helpers';

const forgot = (t: TestApp, email: string, ip = '10.20.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });
const reset = (t: TestApp, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);
const login = (t: TestApp, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '10.21.0.1',
  });

describe(`forgot and reset password (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });
  });
  afterAll(() => t.close());

  /** Asks for a link with a fresh client address and reads it from the outbox. */
  async function linkFor(u: TestUser): Promise<{ email: string; token: string }> {
    const before = readOutbox(t.dataDir).length;
    expect(
      (
        await forgot(
          t,
          u.email,
          `10.22.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        )
      ).statusCode,
    ).toBe(200);
    const link = linkIn((await waitForMail(t.dataDir, u.email, /Reset your/, before)).text);
    return { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! };
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one a one-hour link', async () => {
    const u = await createUser(t, { email: 'Forgetful@Example.com' });
    const known = await forgot(t, 'forgetful@example.com');
    const unknown = await forgot(t, 'nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: USER_MSG.forgotSent });
    expect(unknown.body).toBe(known.body);

    const mail = await waitForMail(t.dataDir, u.email, /Reset your/);
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/app/reset-password');
    expect(link.searchParams.get('email')).toBe('Forgetful@Example.com');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readOutbox(t.dataDir).some((m) => m.to.includes('nobody-here'))).toBe(false);

    const [row] = await t.deps.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, u.id));
    if (!row) throw new Error('expected row');
    expect(row.tokenHash).not.toBe(link.searchParams.get('token'));
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThan(61);
  });

  it('resets with the link once, ending every session of the user', async () => {
    const u = await createUser(t);
    const link = await linkFor(u);
    const res = await reset(t, { ...link, password: 'Reset-pass1', repeatPassword: 'Reset-pass1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: USER_MSG.resetDone });
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    expect((await login(t, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t, u.email, 'Reset-pass1')).statusCode).toBe(200);

    const again = await reset(t, {
      ...link,
      password: 'Other-pass1',
      repeatPassword: 'Other-pass1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: USER_MSG.resetUsed,
      fields: { token: USER_MSG.resetUsed },
    });
    expect((await login(t, u.email, 'Reset-pass1')).statusCode).toBe(200);
  });

  it('refuses an expired link, a wrong token, and a token with another e-mail', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const link = await linkFor(u);
    const body = { password: 'Reset-pass1', repeatPassword: 'Reset-pass1' };
    expect((await reset(t, { ...link, ...body, token: 'x'.repeat(43) })).json().message).toBe(
      USER_MSG.resetInvalid,
    );
    expect((await reset(t, { ...link, ...body, email: other.email })).json().message).toBe(
      USER_MSG.resetInvalid,
    );
    await t.deps.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, u.id));
    const expired = await reset(t, { ...link, ...body });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(USER_MSG.resetExpired);
    expect((await login(t, u.email, u.password)).statusCode).toBe(200);
  });

  it('a used link ends the other open links of the user', async () => {
    const u = await createUser(t);
    const first = await linkFor(u);
    const second = await linkFor(u);
    expect(
      (await reset(t, { ...second, password: 'Reset-pass1', repeatPassword: 'Reset-pass1' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await reset(t, { ...first, password: 'Reset-pass2', repeatPassword: 'Reset-pass2' })).json()
        .message,
    ).toBe(USER_MSG.resetUsed);
  });

  it('a link issued before a password change, a disable or a direct reset stops working at that moment', async () => {
    const body = { password: 'Reset-pass3', repeatPassword: 'Reset-pass3' };
    // Changed on My Account (with its code).
    const changer = await createUser(t);
    const beforeChange = await linkFor(changer);
    const before = readOutbox(t.dataDir).length;
    await t.app.inject({ url: '/api/auth/send-otp', headers: changer.auth });
    const code = /(\d{6})/.exec(
      (await waitForMail(t.dataDir, changer.email, /code/, before)).text,
    )![1];
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: changer.auth,
      payload: { password: 'Changed-pass1', repeatPassword: 'Changed-pass1', code },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reset(t, { ...beforeChange, ...body })).json().message).toBe(USER_MSG.resetUsed);
    expect((await login(t, changer.email, 'Changed-pass1')).statusCode).toBe(200);
    // Disabled by an admin: the link must not work after the account is enabled again either.
    const admin = await createUser(t, { role: 'admin', brand: null });
    const disabled = await createUser(t);
    const beforeDisable = await linkFor(disabled);
    const status = (d: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/users/${disabled.id}/status`,
        headers: admin.auth,
        payload: { disabled: d },
      });
    expect((await status(true)).statusCode).toBe(200);
    expect((await status(false)).statusCode).toBe(200);
    expect((await reset(t, { ...beforeDisable, ...body })).json().message).toBe(USER_MSG.resetUsed);
  });

  it('checks both fields with the form messages', async () => {
    const base = { email: 'a@example.com', token: 'abc' };
    expect((await reset(t, { ...base, password: '', repeatPassword: '' })).json().fields).toEqual({
      password: MSG.confirmPasswordRequired,
      repeatPassword: MSG.repeatPasswordRequired,
    });
    expect(
      (await reset(t, { ...base, password: 'Reset-pass1', repeatPassword: 'Reset-pass2' })).json()
        .fields,
    ).toEqual({ repeatPassword: MSG.passwordMismatch });
    expect(
      (await reset(t, { ...base, password: 'short', repeatPassword: 'short' })).json().fields
        .password,
    ).toBe(MSG.passwordMinSignup);
    expect((await forgot(t, 'not-an-email')).json().fields).toEqual({ email: MSG.emailInvalid });
  });

  it('limits requests per e-mail and per address with 429 saying when to retry', async () => {
    for (let i = 0; i < RESET_LIMITS.perEmail; i++)
      expect((await forgot(t, 'Spammed@example.com', `10.30.0.${i}`)).statusCode).toBe(200);
    const perEmail = await forgot(t, 'spammed@EXAMPLE.com', '10.30.1.1');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json().message).toMatch(
      /^Too many reset requests for this email\. Try again in \d+ minutes\.$/,
    );

    for (let i = 0; i < RESET_LIMITS.perAddress; i++)
      expect((await forgot(t, `probe${i}@example.com`, '10.31.0.1')).statusCode).toBe(200);
    const perAddress = await forgot(t, 'fresh@example.com', '10.31.0.1');
    expect(perAddress.statusCode).toBe(429);
    expect(perAddress.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/from your network\. Try again in \d+ minutes/),
    });
    expect((await forgot(t, 'fresh@example.com', '10.31.0.2')).statusCode).toBe(200);
  });
});

describe(`reset mail over SMTP (${dbKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let received: ReceivedMail[] = [];
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    received = smtp.mails;
    const port = smtp.port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the reset link through the SMTP server, and the link works', async () => {
    const u = await createUser(t, { email: 'smtp-user@example.com' });
    expect((await forgot(t, u.email)).statusCode).toBe(200);
    for (let i = 0; i < 100 && received.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp-user@example.com']);
    const body = received[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = linkIn(body);
    const res = await reset(t, {
      email: link.searchParams.get('email')!,
      token: link.searchParams.get('token')!,
      password: 'Smtp-pass1',
      repeatPassword: 'Smtp-pass1',
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t, u.email, 'Smtp-pass1')).statusCode).toBe(200);
    expect(readOutbox(t.dataDir)).toEqual([]);
  });
});
