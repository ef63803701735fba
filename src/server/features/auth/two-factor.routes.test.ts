import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import {
  authChallenges,
  accountEvents,
  passkeys,
  recoveryCodes,
  twoFactor,
} from '../../db/schema/second-factor';
import { sessions } from '../../db/schema/users';
import { readOutbox, waitForMail } from '../users/test-helpers';
import { TWO_FACTOR_MSG, TWO_FACTOR_PATHS } from '../../../shared/contracts/two-factor';
import { LOGIN_LIMITS } from './auth.service';
import { hashToken } from '../../lib/tokens';

/**
 * Issue 45, two-factor sign-in: set-up with a code, recovery codes once, the code step before any
 * session, the window, no replay, five wrong codes, the sign-in limits, turning off, an admin's
 * reset, secrets sealed at rest, and REQUIRE_ADMIN_2FA's gate.
 */
const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

describe(`two-factor sign-in (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let ip = 0;
  const freshIp = () => `10.45.0.${++ip}`;
  const login = (u: TestUser, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: u.password },
      remoteAddress,
    });
  const verify = (challenge: string, code: string, remoteAddress = freshIp()) =>
    t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.verify,
      payload: { challenge, code },
      remoteAddress,
    });
  const post = (u: TestUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: u.auth, ...(payload ? { payload } : {}) });
  /** Lets the next code of the same 30 s step be taken again (each test's sign-ins are their own). */
  const forgetSteps = (u: TestUser) =>
    t.deps.database.db.update(twoFactor).set({ lastStep: null }).where(eq(twoFactor.userId, u.id));

  async function enable(u: TestUser) {
    const setup = await post(u, TWO_FACTOR_PATHS.setup);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const confirm = await post(u, TWO_FACTOR_PATHS.confirm, { code: codeAt(secret) });
    expect(confirm.statusCode).toBe(200);
    await forgetSteps(u);
    return { secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
  }

  it('sets up with a current code, shows ten recovery codes once and seals the secret', async () => {
    const u = await createUser(t);
    const setup = await post(u, TWO_FACTOR_PATHS.setup);
    const { secret } = setup.json();
    const bad = await post(u, TWO_FACTOR_PATHS.confirm, {
      code: '000000' === codeAt(secret) ? '111111' : '000000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ code: TWO_FACTOR_MSG.codeSetupWrong });
    expect(
      (await t.app.inject({ url: TWO_FACTOR_PATHS.status, headers: u.auth })).json(),
    ).toMatchObject({ enabled: false });

    const ok = await post(u, TWO_FACTOR_PATHS.confirm, { code: codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = await t.app.inject({ url: TWO_FACTOR_PATHS.status, headers: u.auth });
    expect(status.json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
      passkeys: 0,
    });
    // A second set-up cannot replace it, and the codes are not shown again anywhere.
    expect((await post(u, TWO_FACTOR_PATHS.setup)).statusCode).toBe(409);
    expect(status.body).not.toContain(codes[0]);

    const db = t.deps.database.db;
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, u.id));
    if (!row) throw new Error('expected row');
    expect(row.secret.startsWith('enc:v1:')).toBe(true);
    expect(row.secret).not.toContain(secret);
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, u.id));
    expect(stored).toHaveLength(10);
    for (const c of codes) {
      expect(
        stored.some((s) => s.codeHash.includes(c) || s.codeHash.includes(c.replace('-', ''))),
      ).toBe(false);
    }
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.codeHash))).toBe(true);
  });

  it('a right password alone gives no session and no data; the code step does', async () => {
    const u = await createUser(t);
    const { secret } = await enable(u);
    const sessionsBefore = await t.deps.database.db.$count(sessions, eq(sessions.userId, u.id));
    const first = await login(u);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ secondFactor: 'totp', challenge: expect.any(String) });
    expect(body.token).toBeUndefined();
    // The challenge is no bearer token: it opens nothing.
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.challenge}` },
    });
    expect(me.statusCode).toBe(401);
    expect(await t.deps.database.db.$count(sessions, eq(sessions.userId, u.id))).toBe(
      sessionsBefore,
    );

    const done = await verify(body.challenge, codeAt(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: u.id, email: u.email, token: expect.any(String) });
    const me2 = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${done.json().token}` },
    });
    expect(me2.statusCode).toBe(200);
    // The challenge is used up.
    expect((await verify(body.challenge, codeAt(secret))).statusCode).toBe(401);
  });

  it('refuses a code replayed, and a code outside the small window', async () => {
    const u = await createUser(t);
    const { secret } = await enable(u);
    const code = codeAt(secret);
    const ok = await verify((await login(u)).json().challenge, code);
    expect(ok.statusCode).toBe(200);
    const again = await verify((await login(u)).json().challenge, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ code: TWO_FACTOR_MSG.codeWrong });

    await forgetSteps(u);
    const challenge = (await login(u)).json().challenge;
    const old = await verify(challenge, codeAt(secret, Date.now() - 95_000));
    expect(old.statusCode).toBe(400);
    const late = await verify(challenge, codeAt(secret, Date.now() + 95_000));
    expect(late.statusCode).toBe(400);
    // One step either side is accepted (a phone's clock a little off). The next step's code, not
    // the last one's: a request that crosses a 30-s boundary on a loaded machine makes the last
    // step's code two steps old by the time it is checked (CI saw 400), the next step's never.
    expect((await verify(challenge, codeAt(secret, Date.now() + 30_000))).statusCode).toBe(200);
  });

  it('five wrong codes end the attempt', async () => {
    const u = await createUser(t);
    const { secret } = await enable(u);
    const challenge = (await login(u)).json().challenge;
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 1; i < 5; i++) expect((await verify(challenge, wrong)).statusCode).toBe(400);
    const fifth = await verify(challenge, wrong);
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe(TWO_FACTOR_MSG.tooManyCodes);
    // The right code no longer helps: sign in again.
    const after = await verify(challenge, codeAt(secret));
    expect(after.statusCode).toBe(401);
    expect(await t.deps.database.db.$count(authChallenges, eq(authChallenges.userId, u.id))).toBe(
      0,
    );
  });

  it('wrong codes count against the account limit as wrong passwords do', async () => {
    const u = await createUser(t);
    const { secret } = await enable(u);
    const wrong = codeAt(secret) === '123456' ? '654321' : '123456';
    let refused;
    for (let round = 0; round < LOGIN_LIMITS.perAccount && !refused; round++) {
      const res = await login(u);
      if (res.statusCode === 429) {
        refused = res;
        break;
      }
      const challenge = res.json().challenge;
      for (let i = 0; i < 4; i++) {
        const v = await verify(challenge, wrong);
        if (v.statusCode === 429) {
          refused = v;
          break;
        }
      }
    }
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().message).toMatch(/Too many failed sign-in attempts for this account/);
  });

  it('a recovery code signs in once', async () => {
    const u = await createUser(t);
    const { recoveryCodes: codes } = await enable(u);
    const ok = await verify(
      (await login(u)).json().challenge,
      codes[3]!.toUpperCase().replace('-', ' '),
    );
    expect(ok.statusCode).toBe(200);
    const again = await verify((await login(u)).json().challenge, codes[3]!);
    expect(again.statusCode).toBe(400);
    const status = await t.app.inject({ url: TWO_FACTOR_PATHS.status, headers: u.auth });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('turns off with a current code or the password, not with a wrong one', async () => {
    const u = await createUser(t);
    const { secret } = await enable(u);
    const wrongPw = await post(u, TWO_FACTOR_PATHS.disable, { password: 'Wrong-pass1' });
    expect(wrongPw.statusCode).toBe(400);
    expect(wrongPw.json().fields).toEqual({ password: TWO_FACTOR_MSG.passwordWrong });
    const none = await post(u, TWO_FACTOR_PATHS.disable, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ code: TWO_FACTOR_MSG.disableNeeds });
    const byCode = await post(u, TWO_FACTOR_PATHS.disable, { code: codeAt(secret) });
    expect(byCode.statusCode).toBe(200);
    expect((await login(u)).json().token).toEqual(expect.any(String));

    const v = await createUser(t);
    await enable(v);
    expect((await post(v, TWO_FACTOR_PATHS.disable, { password: v.password })).statusCode).toBe(
      200,
    );
    expect((await login(v)).json().token).toEqual(expect.any(String));
    const kinds = await t.deps.database.db
      .select({ kind: accountEvents.kind })
      .from(accountEvents)
      .where(eq(accountEvents.userId, v.id));
    expect(kinds.map((k) => k.kind)).toEqual(['two-factor.enabled', 'two-factor.disabled']);
  });

  it("an admin resets a user's two-factor: recorded, mailed, the user's sessions end", async () => {
    const admin = await createUser(t, { role: 'admin', brand: null });
    const u = await createUser(t);
    const { secret } = await enable(u);
    const before = readOutbox(t.dataDir).length;
    const partner = await post(u, TWO_FACTOR_PATHS.adminReset(admin.id));
    expect(partner.statusCode).toBe(403);
    const res = await post(admin, TWO_FACTOR_PATHS.adminReset(u.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TWO_FACTOR_MSG.reset);
    expect((await t.app.inject({ url: '/api/auth/me', headers: u.auth })).statusCode).toBe(401);
    expect((await post(admin, TWO_FACTOR_PATHS.adminReset(999_999))).statusCode).toBe(404);
    const mail = await waitForMail(t.dataDir, u.email, /two-factor sign-in was reset/, before);
    expect(mail.text).not.toContain(secret);
    const [event] = await t.deps.database.db
      .select()
      .from(accountEvents)
      .where(eq(accountEvents.kind, 'two-factor.reset'));
    expect(event).toMatchObject({ userId: u.id, actorId: admin.id });
    // The password alone signs in again; the old app's codes are gone.
    expect((await login(u)).json().token).toEqual(expect.any(String));
  });

  it('a bad or missing challenge or code is a 400 or 401 with a message, never a 500', async () => {
    for (const payload of [
      {},
      { challenge: 'x' },
      { challenge: 'x', code: '' },
      { challenge: 'x', code: 'a'.repeat(41) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: TWO_FACTOR_PATHS.verify, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const unknown = await verify('no-such-challenge', '123456');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(TWO_FACTOR_MSG.challengeEnded);
  });

  it('keeps no code or secret in the challenge rows', async () => {
    const u = await createUser(t);
    await enable(u);
    const res = await login(u);
    const rows = await t.deps.database.db.execute(sql`SELECT * FROM auth_challenges`);
    const text = JSON.stringify(rows.rows);
    expect(text).not.toContain(res.json().challenge);
    expect(text).not.toContain(u.password);
  });
});

describe(`REQUIRE_ADMIN_2FA (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_ADMIN_2FA: 'true' });
  });
  afterAll(() => t.close());

  it('an admin without two-factor gets only the set-up until it is done; partners are not held', async () => {
    const admin = await createUser(t, { role: 'admin', brand: null });
    const partner = await createUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.json()).toMatchObject({ mustSetUpTwoFactor: true });
    const auth = { authorization: `Bearer ${login.json().token}` };
    for (const url of ['/api/patterns', '/api/brands', '/api/integrations/tokens']) {
      const res = await t.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        message: TWO_FACTOR_MSG.setupRequired,
      });
    }
    expect((await t.app.inject({ url: '/api/patterns', headers: partner.auth })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: auth })).json().user.mustSetUpTwoFactor,
    ).toBe(true);
    const status = await t.app.inject({ url: TWO_FACTOR_PATHS.status, headers: auth });
    expect(status.json()).toMatchObject({ enabled: false, required: true });

    const setup = await t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.setup,
      headers: auth,
    });
    const confirm = await t.app.inject({
      method: 'POST',
      url: TWO_FACTOR_PATHS.confirm,
      headers: auth,
      payload: { code: codeAt(setup.json().secret) },
    });
    expect(confirm.statusCode).toBe(200);
    // At once, in this process and (through the users row's notification) in every other.
    expect((await t.app.inject({ url: '/api/patterns', headers: auth })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: auth })).json().user.mustSetUpTwoFactor,
    ).toBe(false);
  });

  it('a passkey on the account does not make its password sign-ins two-factor; a passkey session does', async () => {
    const admin = await createUser(t, { role: 'admin', brand: null });
    await t.deps.database.db.insert(passkeys).values({
      userId: admin.id,
      credentialId: `cred-${admin.id}`,
      publicKey: 'pk',
      name: 'Laptop',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(login.json()).toMatchObject({ mustSetUpTwoFactor: true });
    const token = login.json().token as string;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/patterns', headers: auth })).statusCode).toBe(403);
    // The same account's session opened with the passkey is two factors.
    await t.deps.database.db
      .update(sessions)
      .set({ method: 'passkey' })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/patterns', headers: auth })).statusCode)
      .toBe(200);
    expect(
      (await t.app.inject({ url: '/api/auth/me', headers: auth })).json().user.mustSetUpTwoFactor,
    ).toBe(false);
  });
});
