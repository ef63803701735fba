import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { oneTimeCodes, users } from '../../db/schema/users';
import { MSG } from '../../../shared/messages';
import { USER_MSG } from '../../../shared/contracts/users';
import { CODE_LIMITS } from './account-limits';
import { CHANGE_EMAIL_LIMIT } from './account.service';
import { PDF, PNG, profileForm, readOutbox, waitForMail } from './test-helpers';

describe(`my account (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const update = (u: TestUser, form: FormData) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: u.auth, payload: form });
  const sendCode = (u: TestUser, to?: string) =>
    t.app.inject({
      url: `/api/auth/send-otp${to ? `?email=${encodeURIComponent(to)}` : ''}`,
      headers: u.auth,
    });
  const changeEmail = (u: TestUser, email: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: u.auth,
      payload: { email, code },
    });
  const changePassword = (u: TestUser, password: string, code: string, repeatPassword = password) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: u.auth,
      payload: { password, repeatPassword, code },
    });
  const picKey = async (id: number) =>
    (
      await t.deps.database.db
        .select({ k: users.profilePicKey })
        .from(users)
        .where(eq(users.id, id))
    )[0]!.k;
  const fileExists = (key: string) => fs.existsSync(path.join(t.dataDir, 'files', key));

  /** Requests a code and reads it from the outbox, as the user would from their mailbox. */
  async function codeFor(u: TestUser, to?: string): Promise<string> {
    const before = readOutbox(t.dataDir).length;
    const res = await sendCode(u, to);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.otpSent });
    const mail = await waitForMail(t.dataDir, to ?? u.email, /code/, before);
    const code = /code is (\d{6})/.exec(mail.text)?.[1];
    if (!code) throw new Error('no code in the mail');
    return code;
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('changes the full name and the picture directly, replacing and removing the stored file', async () => {
    const u = await createUser(t, { fullName: 'Old Name' });
    const named = await update(u, profileForm({ fullName: '  New Name ' }));
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({
      id: u.id,
      fullName: 'New Name',
      profilePicUrl: null,
    });

    const withPic = await update(
      u,
      profileForm({ fullName: 'New Name' }, { bytes: PNG, name: 'me.png' }),
    );
    expect(withPic.json().data.profilePicUrl).toBe(`/api/users/${u.id}/profile-pic`);
    const first = (await picKey(u.id))!;
    const own = await t.app.inject({ url: `/api/users/${u.id}/profile-pic`, headers: u.auth });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-cache');

    await update(u, profileForm({ fullName: 'New Name' }, { bytes: PNG, name: 'me2.png' }));
    const second = (await picKey(u.id))!;
    expect(second).not.toBe(first);
    expect(fileExists(first)).toBe(false);
    expect(fileExists(second)).toBe(true);

    const removed = await update(u, profileForm({ fullName: 'New Name', removeProfilePic: true }));
    expect(removed.json().data.profilePicUrl).toBeNull();
    expect(fileExists(second)).toBe(false);
  });

  it('validates the name and the picture, keeping the old picture', async () => {
    const u = await createUser(t);
    await update(u, profileForm({ fullName: 'Kept' }, { bytes: PNG, name: 'keep.png' }));
    const key = await picKey(u.id);
    const empty = await update(u, profileForm({ fullName: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ fullName: MSG.fullNameRequired });
    const pdf = await update(u, profileForm({ fullName: 'Kept' }, { bytes: PDF, name: 'cv.jpeg' }));
    expect(pdf.statusCode).toBe(415);
    expect(await picKey(u.id)).toBe(key);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/update-user',
          payload: profileForm({ fullName: 'x' }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('mails a code to the current address and keeps only its hash', async () => {
    const u = await createUser(t);
    const code = await codeFor(u);
    const rows = await t.deps.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]?.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes the e-mail with the code sent to the new address, once, and tells the old address', async () => {
    const u = await createUser(t, { email: 'before@example.com' });
    // A code of the current address does not prove the new one.
    const current = await codeFor(u);
    expect((await changeEmail(u, 'After@Example.com', current)).json().fields.code).toBe(
      USER_MSG.codeWrong(CODE_LIMITS.maxTries - 1),
    );
    const code = await codeFor(u, 'After@Example.com');
    const res = await changeEmail(u, 'After@Example.com', code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: expect.objectContaining({ email: 'After@Example.com' }),
      message: USER_MSG.emailChanged,
    });
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).json().user.email).toBe(
      'After@Example.com',
    );
    await waitForMail(t.dataDir, 'before@example.com', /email was changed/);
    const reuse = await changeEmail(u, 'again@example.com', code);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().fields).toEqual({ code: USER_MSG.codeMissing });
  });

  it('says nothing about another account until the code sent to that address is proven', async () => {
    const other = await createUser(t, { email: 'occupied@example.com' });
    const u = await createUser(t, { email: 'mine@example.com' });
    // Without the new address's code, a taken and a free address answer alike.
    const probeTaken = await changeEmail(u, 'OCCUPIED@example.com', '000000');
    const probeFree = await changeEmail(u, 'unused-address@example.com', '000000');
    expect(probeTaken.statusCode).toBe(probeFree.statusCode);
    expect(Object.keys(probeTaken.json().fields)).toEqual(['code']);
    expect(Object.keys(probeFree.json().fields)).toEqual(['code']);
    // Whoever proves the mailbox may learn that it already has an account.
    const code = await codeFor(u, 'occupied@example.com');
    const taken = await changeEmail(u, 'OCCUPIED@example.com', code);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: USER_MSG.emailTaken });
    const same = await changeEmail(u, 'Mine@Example.com', code);
    expect(same.json().fields).toEqual({ email: USER_MSG.sameEmail });
    const bad = await changeEmail(u, 'nope', 'abc');
    expect(bad.json().fields).toEqual({ email: MSG.emailInvalid, code: 'The code has 6 digits' });
    expect(
      (await changeEmail(u, 'free@example.com', await codeFor(u, 'free@example.com'))).statusCode,
    ).toBe(200);
    expect(other.id).toBeGreaterThan(0);
  });

  it('limits e-mail change calls per user', async () => {
    const u = await createUser(t);
    const answers = await Promise.all(
      Array.from({ length: CHANGE_EMAIL_LIMIT.perUser + 3 }, () =>
        changeEmail(u, 'x@example.com', '000000'),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toMatch(
      /Try again in \d+ minutes/,
    );
  });

  it('allows 5 tries, then the code is spent even when right', async () => {
    const u = await createUser(t);
    const code = await codeFor(u, 'tries@example.com');
    for (let i = 1; i < CODE_LIMITS.maxTries; i++) {
      const res = await changeEmail(u, 'tries@example.com', wrong(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.code).toBe(USER_MSG.codeWrong(CODE_LIMITS.maxTries - i));
    }
    expect((await changeEmail(u, 'tries@example.com', wrong(code))).json().fields.code).toBe(
      USER_MSG.codeExhausted,
    );
    const right = await changeEmail(u, 'tries@example.com', code);
    expect(right.statusCode).toBe(400);
    expect(right.json().fields.code).toBe(USER_MSG.codeExhausted);
    // A new code works again, and the old one does not.
    const fresh = await codeFor(u, 'tries@example.com');
    if (fresh !== code)
      expect((await changeEmail(u, 'tries@example.com', code)).json().fields.code).toBe(
        USER_MSG.codeWrong(CODE_LIMITS.maxTries - 1),
      );
    expect((await changeEmail(u, 'tries@example.com', fresh)).statusCode).toBe(200);
  });

  it('many tries at once compare the code at most five times', async () => {
    const u = await createUser(t);
    const code = await codeFor(u);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => changePassword(u, 'Fresh-pass1', wrong(code))),
    );
    const messages = answers.map((r) => r.json().fields.code as string);
    expect(messages.filter((m) => m !== USER_MSG.codeExhausted)).toHaveLength(
      CODE_LIMITS.maxTries - 1,
    );
    expect((await changePassword(u, 'Fresh-pass1', code)).json().fields.code).toBe(
      USER_MSG.codeExhausted,
    );
  });

  it('refuses an expired code', async () => {
    const u = await createUser(t);
    const code = await codeFor(u);
    await t.deps.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.userId, u.id));
    const res = await changePassword(u, 'Fresh-pass1', code);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ code: USER_MSG.codeExpired });
  });

  it('changes the password with the code and ends every other session', async () => {
    const u = await createUser(t);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
    });
    const otherAuth = { authorization: `Bearer ${other.json().token}` };
    const code = await codeFor(u);
    const mismatch = await changePassword(u, 'Fresh-pass1', code, 'Fresh-pass2');
    expect(mismatch.json().fields).toEqual({ repeatPassword: MSG.passwordMismatch });
    const weak = await changePassword(u, 'weakweak', code);
    expect(weak.json().fields.password).toBe(MSG.passwordComplexity);

    const res = await changePassword(u, 'Fresh-pass1', code);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.passwordChanged);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: otherAuth })).statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.email, password },
        remoteAddress: '10.4.0.1',
      });
    expect((await login(u.password)).statusCode).toBe(401);
    expect((await login('Fresh-pass1')).statusCode).toBe(200);
  });

  it('limits code requests with 429 saying when to retry', async () => {
    const u = await createUser(t);
    for (let i = 0; i < CODE_LIMITS.requestsPerWindow; i++)
      expect((await sendCode(u)).statusCode).toBe(200);
    const res = await sendCode(u);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many codes requested\. Try again in \d+ minutes\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await sendCode(await createUser(t))).statusCode).toBe(200);
  });

  it('needs a signed-in user for codes and changes', async () => {
    expect((await t.app.inject({ url: '/api/auth/send-otp' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-email',
          payload: { email: 'a@b.co', code: '123456' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: {} }))
        .statusCode,
    ).toBe(401);
  });
});
