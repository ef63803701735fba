import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createTestApp, dbKind, TEST_PASSWORD, type TestApp } from '../../test/helper';
import { hashStats } from '../../lib/password';
import { insertUser } from './auth.repo';
import { DEVICE_COOKIE, LOGIN_LIMITS } from './login-throttle';

/** Issue 11: sign-in can be neither locked by a stranger nor raced past its limits. */
describe(`sign-in throttling (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * These tests count attempts, not hash strength: their users' hashes are real scrypt hashes at a
   * low cost (the stored hash names its own cost), so dozens of checks fit a shared test machine.
   */
  const cheapHash = crypto.scryptSync(TEST_PASSWORD, Buffer.from('throttle-test-salt'), 64, {
    N: 1024,
    r: 8,
    p: 1,
  });
  const passwordHash = `scrypt$1024$8$1$${Buffer.from('throttle-test-salt').toString('base64')}$${cheapHash.toString('base64')}`;
  const createUser = async (opts: { role?: 'admin' | 'user' } = {}) => {
    const email = `throttle-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await insertUser(t.deps.database.db, {
      fullName: 'Throttle Test',
      email,
      passwordHash,
      role: opts.role ?? 'user',
      brandId: null,
    });
    return { email, password: TEST_PASSWORD };
  };

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie'] ?? '').split(';')[0];

  it('gives a browser that signed in an HttpOnly, same-site device cookie, once', async () => {
    const owner = await createUser();
    const first = await login(owner.email, owner.password, '10.2.0.1');
    expect(first.statusCode).toBe(200);
    const header = String(first.headers['set-cookie']);
    expect(header).toMatch(
      new RegExp(
        `^${DEVICE_COOKIE}=[\\w-]{40,}; Path=/api/auth/login; Max-Age=\\d+; HttpOnly; SameSite=Strict`,
      ),
    );
    const again = await login(owner.email, owner.password, '10.2.0.1', cookieOf(first));
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it("a stranger's failures lock unknown browsers out, never the owner's own browser", async () => {
    const owner = await createUser({ role: 'admin' });
    const device = cookieOf(await login(owner.email, owner.password, '10.3.0.1'));
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await login(owner.email, 'Wrong-pass1', `10.3.1.${i}`)).statusCode).toBe(401);
    }
    // Ten more keep unknown browsers locked ...
    for (let i = 0; i < 10; i++)
      expect((await login(owner.email, 'Wrong-pass1', `10.3.2.${i}`)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, '10.3.3.1')).statusCode).toBe(429);
    // ... while the owner's browser signs in at once, from any network.
    expect((await login(owner.email, owner.password, '10.3.3.2', device)).statusCode).toBe(200);
    // A device cookie of another account is just an unknown browser here.
    const other = await createUser();
    const otherDevice = cookieOf(await login(other.email, other.password, '10.3.4.1'));
    expect((await login(owner.email, owner.password, '10.3.4.2', otherDevice)).statusCode).toBe(
      429,
    );
  }, 60_000);

  it('a known browser has a small limit of its own', async () => {
    const owner = await createUser();
    const device = cookieOf(await login(owner.email, owner.password, '10.4.0.1'));
    for (let i = 0; i < LOGIN_LIMITS.perDevice; i++)
      expect((await login(owner.email, 'Wrong-pass1', '10.4.0.1', device)).statusCode).toBe(401);
    const locked = await login(owner.email, owner.password, '10.4.0.1', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/on this device\. Try again in \d+ minutes/);
    // The device's failures did not count against the account: a new browser still gets in.
    expect((await login(owner.email, owner.password, '10.4.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('40 wrong passwords at the same moment: at most the limit is checked, the rest are refused without a hash', async () => {
    const owner = await createUser();
    const before = hashStats.runs;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(owner.email, 'Wrong-pass1', `10.5.${i}.1`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - LOGIN_LIMITS.perAccount);
    expect(hashStats.runs - before).toBe(LOGIN_LIMITS.perAccount);
    // A locked account costs no hash, however often it is tried.
    const locked = hashStats.runs;
    for (let i = 0; i < 5; i++)
      expect((await login(owner.email, owner.password, '10.5.99.1')).statusCode).toBe(429);
    expect(hashStats.runs).toBe(locked);
  }, 60_000);

  it('the per-address limit is reserved the same way, and right passwords do not use it up', async () => {
    const owner = await createUser();
    for (let i = 0; i < 3; i++)
      expect((await login(owner.email, owner.password, '10.6.0.1')).statusCode).toBe(200);
    // Four accounts, ten wrong passwords each: no account reaches its own limit.
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const before = hashStats.runs;
    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAddress + 10 }, (_, i) =>
        login(accounts[i % 4]!.email, 'Wrong-pass1', '10.6.0.1'),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(LOGIN_LIMITS.perAddress);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    expect(hashStats.runs - before).toBe(LOGIN_LIMITS.perAddress);
    expect((await login(owner.email, owner.password, '10.6.0.1')).json().message).toMatch(
      /from your network/,
    );
  }, 60_000);
});

/**
 * Issue 49 item 1: behind a proxy that appends to X-Forwarded-For, the client address is the one
 * the trusted proxy reports, never the leftmost entry a client wrote: the per-address limit holds.
 */
describe(`sign-in throttling behind a proxy (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // `true`: the proxies on loopback or a private network, as most deployments set it.
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const cheapHash = crypto.scryptSync(TEST_PASSWORD, Buffer.from('proxy-test-salt'), 64, {
    N: 1024,
    r: 8,
    p: 1,
  });
  const passwordHash = `scrypt$1024$8$1$${Buffer.from('proxy-test-salt').toString('base64')}$${cheapHash.toString('base64')}`;
  const createUser = async () => {
    const email = `proxy-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await insertUser(t.deps.database.db, {
      fullName: 'Proxy Test',
      email,
      passwordHash,
      role: 'user',
      brandId: null,
    });
    return email;
  };

  it('counts wrong sign-ins by the address the proxy saw, whatever the client wrote before it', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createUser()));
    const answers: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: accounts[i % 4], password: 'Wrong-pass1' },
        remoteAddress: '10.40.0.2', // the proxy
        // A different first entry each time (the client's own header), then what the proxy appended.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      answers.push(res.statusCode);
    }
    expect(answers.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAddress);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
    // Another client behind the same proxy is not held back by that one.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: await createUser(), password: TEST_PASSWORD },
      remoteAddress: '10.40.0.2',
      headers: { 'x-forwarded-for': '203.0.113.7, 203.0.113.99' },
    });
    expect(other.statusCode).toBe(200);
  }, 60_000);
});
