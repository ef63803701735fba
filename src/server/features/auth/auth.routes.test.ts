import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { users } from '../../db/schema/users';
import { MSG } from '../../../shared/messages';
import { LOGIN_LIMITS } from './auth.service';

describe(`auth routes (${dbKind})`, () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, {
      email: 'Partner@Example.com',
      fullName: 'Pat Partner',
      brand: 'mccalls',
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('signs in with the right password and answers the user with a token', async () => {
    const res = await login('partner@example.com', user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      fullName: 'Pat Partner',
      role: 'user',
      email: 'Partner@Example.com',
    });
    expect(body.brand).toMatchObject({ name: "McCall's", slug: 'mccalls' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('Partner@Example.com');
  });

  it('stores only a hash of the token', async () => {
    const res = await login('partner@example.com', user.password);
    const token = res.json().token as string;
    const rows = await t.deps.database.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('answers one 401 message for a wrong password and for an unknown e-mail', async () => {
    const wrong = await login('partner@example.com', 'Wrong-pass1', '10.0.0.2');
    const unknown = await login('nobody@example.com', 'Wrong-pass1', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.invalidCredentials, code: 'UNAUTHENTICATED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled user', async () => {
    const disabled = await createUser(t, { email: 'gone@example.com' });
    await t.deps.database.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    const res = await login('gone@example.com', disabled.password, '10.0.0.3');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountDisabled);
    const me = await t.app.inject({ url: '/api/auth/me', headers: disabled.auth });
    expect(me.statusCode).toBe(401);
  });

  it('answers 429 with when to retry after too many failures for one account', async () => {
    const victim = await createUser(t, { email: 'victim@example.com' });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await login('victim@example.com', 'Wrong-pass1', `10.1.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    const res = await login('victim@example.com', victim.password, '10.1.1.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Try again in \d+ minutes/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.windowSeconds);
    // Another account is not affected.
    expect((await login('partner@example.com', user.password, '10.1.1.2')).statusCode).toBe(200);
  });

  // The per-address limit (reserved before hashing, 30 at once) is in login-throttle.routes.test.ts.

  it('validates the body with the form messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: '', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ email: MSG.emailRequired, password: MSG.passwordMin });
  });

  it('me: rejects a missing, bad and signed-out token with isRedirected', async () => {
    const none = await t.app.inject({ url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().isRedirected).toBe(true);
    const bad = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    const session = await createUser(t);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session.auth })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: session.auth,
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/me', headers: session.auth });
    expect(after.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400 in the error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The request body is not valid JSON',
      code: 'BAD_REQUEST',
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('reports database health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', databaseKind: dbKind });
  });
});
