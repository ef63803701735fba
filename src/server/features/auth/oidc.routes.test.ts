import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp } from '../../test/helper';
import { signInAtProvider, startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { sessions, users } from '../../db/schema/users';
import { OIDC_MSG, OIDC_PATHS, OIDC_RETURN_PATH } from '../../../shared/contracts/oidc';
import { MSG } from '../../../shared/messages';

const PUBLIC_URL = 'http://portal.test';

/** The cookie a Set-Cookie header sets, as the browser would send it back. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = [raw].flat().find((c) => String(c).startsWith('ppp_oidc='));
  if (!line) throw new Error('no ppp_oidc cookie');
  return String(line).split(';')[0] ?? '';
}

describe(`company sign-in, OpenID Connect (${dbKind})`, () => {
  let t: TestApp;
  let idp: TestProvider;
  beforeAll(async () => {
    idp = await startTestProvider(`${PUBLIC_URL}${OIDC_PATHS.callback}`);
    t = await createTestApp({
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_DISPLAY_NAME: 'Sign in with Acme SSO',
      OIDC_ALLOW_PRIVATE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  /** start → the provider (signed in as `login`) → callback; answers the callback's reply. */
  async function signIn(login: string, ip = '10.9.0.1') {
    const start = await t.app.inject({ url: OIDC_PATHS.start, remoteAddress: ip });
    expect(start.statusCode).toBe(303);
    const back = await signInAtProvider(start.headers.location as string, login);
    expect(back.startsWith(`${PUBLIC_URL}${OIDC_PATHS.callback}?`)).toBe(true);
    const callback = await t.app.inject({
      url: back.slice(PUBLIC_URL.length),
      headers: {
        cookie: cookieOf(start),
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      },
      remoteAddress: ip,
    });
    return { start, callback };
  }
  const finish = (cookie: string) =>
    t.app.inject({ method: 'POST', url: OIDC_PATHS.finish, headers: { cookie } });

  it('tells the sign-in page the button label', async () => {
    const res = await t.app.inject({ url: OIDC_PATHS.config });
    expect(res.json()).toEqual({ displayName: 'Sign in with Acme SSO' });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, remembered in an encrypted cookie', async () => {
    const res = await t.app.inject({ url: OIDC_PATHS.start });
    const url = new URL(res.headers.location as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}${OIDC_PATHS.callback}`);
    const state = url.searchParams.get('state')!;
    const nonce = url.searchParams.get('nonce')!;
    expect(state).toBeTruthy();
    expect(nonce).toBeTruthy();
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/oidc/);
    expect(setCookie).not.toContain(state);
    expect(Buffer.from(cookieOf(res).slice(9), 'base64url').toString()).not.toContain(state);
  });

  it('signs in the account of the verified e-mail, matched in any case, as for a password', async () => {
    const user = await createUser(t, {
      email: 'Dana.Staff@Acme.example',
      brand: null,
      role: 'admin',
    });
    idp.accounts.set('dana', { email: 'dana.staff@acme.example', email_verified: true });
    const { callback } = await signIn('dana');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(OIDC_RETURN_PATH);
    const res = await finish(cookieOf(callback));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, role: 'admin', email: 'Dana.Staff@Acme.example' });
    // The outcome is collected once: the answer clears the cookie.
    expect(String(res.headers['set-cookie'])).toMatch(/^ppp_oidc=;.*Max-Age=0/);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    const [row] = await t.deps.database.db
      .select({ method: sessions.method, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(sql`${sessions.userId} = ${user.id} AND ${sessions.method} IS NOT NULL`);
    if (!row) throw new Error('expected row');
    expect(row).toMatchObject({ method: 'oidc', ip: '10.9.0.1' });
    expect(row.userAgent).toContain('Chrome/131');
  });

  it('refuses an e-mail with no portal account and creates nothing', async () => {
    idp.accounts.set('newcomer', { email: 'newcomer@acme.example', email_verified: true });
    const before = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const { callback } = await signIn('newcomer');
    const res = await finish(cookieOf(callback));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No portal account for newcomer@acme.example; ask an admin.');
    const after = await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]?.n).toBe(before[0]!.n);
  });

  it('refuses an e-mail the provider has not verified', async () => {
    await createUser(t, { email: 'unverified@acme.example' });
    idp.accounts.set('unverified', { email: 'unverified@acme.example', email_verified: false });
    const { callback } = await signIn('unverified');
    const res = await finish(cookieOf(callback));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OIDC_MSG.unverified);
  });

  it('refuses a disabled account', async () => {
    const user = await createUser(t, { email: 'gone@acme.example' });
    await t.deps.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    idp.accounts.set('gone', { email: 'gone@acme.example', email_verified: true });
    const { callback } = await signIn('gone');
    const res = await finish(cookieOf(callback));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountDisabled);
  });

  it("refuses a provider's answer meant for another browser (state) or without this browser's cookie", async () => {
    await createUser(t, { email: 'erin@acme.example' });
    idp.accounts.set('erin', { email: 'erin@acme.example', email_verified: true });
    const mine = await t.app.inject({ url: OIDC_PATHS.start });
    const theirs = await t.app.inject({ url: OIDC_PATHS.start });
    const back = await signInAtProvider(theirs.headers.location as string, 'erin');
    const crossed = await t.app.inject({
      url: back.slice(PUBLIC_URL.length),
      headers: { cookie: cookieOf(mine) },
    });
    const refused = await finish(cookieOf(crossed));
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(OIDC_MSG.failed);

    const noCookie = await t.app.inject({ url: back.slice(PUBLIC_URL.length) });
    const expired = await finish(cookieOf(noCookie));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(OIDC_MSG.expired);
  });

  it('refuses a cookie it did not seal, and a finish without one', async () => {
    const forged = await finish(
      `ppp_oidc=${Buffer.from('{"kind":"outcome","token":"x"}').toString('base64url')}`,
    );
    expect(forged.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: OIDC_PATHS.finish });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(OIDC_MSG.expired);
  });

  it('refuses a code used twice', async () => {
    await createUser(t, { email: 'twice@acme.example' });
    idp.accounts.set('twice', { email: 'twice@acme.example', email_verified: true });
    const start = await t.app.inject({ url: OIDC_PATHS.start });
    const back = await signInAtProvider(start.headers.location as string, 'twice');
    const call = () =>
      t.app.inject({ url: back.slice(PUBLIC_URL.length), headers: { cookie: cookieOf(start) } });
    expect((await finish(cookieOf(await call()))).statusCode).toBe(200);
    expect((await finish(cookieOf(await call()))).statusCode).toBe(401);
  });

  it('counts company sign-ins against the address limit, as passwords do', async () => {
    idp.accounts.set('stranger', { email: 'stranger@acme.example', email_verified: true });
    await t.deps.counter.reset('login:ip:10.9.9.9');
    for (let i = 0; i < 30; i++) await t.deps.counter.hit('login:ip:10.9.9.9', 900);
    const { callback } = await signIn('stranger', '10.9.9.9');
    const res = await finish(cookieOf(callback));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed sign-in attempts from your network/);
  });
});

describe(`company sign-in: the issuer's address (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      OIDC_ISSUER: 'http://127.0.0.1:9/',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_DISPLAY_NAME: 'Sign in with Acme SSO',
    });
  });
  afterAll(() => t?.close());

  it('will not use a plain-http or private issuer unless OIDC_ALLOW_PRIVATE is set, and says so on the sign-in page', async () => {
    const start = await t.app.inject({ url: OIDC_PATHS.start });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(OIDC_RETURN_PATH);
    const res = await t.app.inject({
      method: 'POST',
      url: OIDC_PATHS.finish,
      headers: { cookie: cookieOf(start) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(OIDC_MSG.unavailable);
  });
});
