import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { DEVICES_PATHS, type Device } from '../../../shared/contracts/devices';
import { browserOf, placeOf } from './sessions.service';
import { listSessions, noteSeen } from './sessions.repo';
import { seenWriteAt } from './session-seen';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe(`signed-in devices (${dbKind})`, () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t, { email: 'devices@example.com' });
    other = await createUser(t, { email: 'someone-else@example.com' });
  });
  afterAll(() => t.close());

  const login = async (userAgent: string, ip: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    return { authorization: `Bearer ${res.json().token as string}` };
  };
  /** The devices list, asked from `ip` (a request is seen too: from elsewhere, it moves "last seen"). */
  const list = async (auth: { authorization: string }, ip = '127.0.0.1') => {
    const res = await t.app.inject({ url: DEVICES_PATHS.list, headers: auth, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    return res.json().devices as Device[];
  };
  const me = (auth: { authorization: string }) =>
    t.app.inject({ url: '/api/auth/me', headers: auth }).then((r) => r.statusCode);

  it('names browsers and places from the User-Agent and the address, without the internet', () => {
    expect(browserOf(CHROME_WINDOWS)).toBe('Chrome 131 on Windows');
    expect(browserOf(SAFARI_IPHONE)).toBe('Safari 17 on iOS');
    expect(browserOf(null)).toBe('Unknown browser');
    expect(placeOf('127.0.0.1')).toBe('This computer (the server itself)');
    expect(placeOf('192.168.1.20')).toBe('Local network');
    expect(placeOf('::ffff:10.1.2.3')).toBe('Local network');
    expect(placeOf('100.64.1.1')).toBe('Mobile or shared network');
    expect(placeOf('81.2.69.142')).toBe('Internet, 81.2.69.x');
    expect(placeOf('2a00:1450:4001:81b::200e')).toBe('Internet, 2a00:1450:4001::/48');
    expect(placeOf('nonsense')).toBe('Unknown place');
  });

  it('lists every signed-in device of the account, the current one marked, nobody else’s', async () => {
    const laptop = await login(CHROME_WINDOWS, '81.2.69.142');
    await login(SAFARI_IPHONE, '192.168.1.20');
    await login(CHROME_WINDOWS, '10.0.0.1').then((a) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: a }),
    );
    const devices = await list(laptop);
    expect(devices).toHaveLength(3); // the test's own session, the laptop, the phone
    const current = devices.filter((d) => d.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: 'Chrome 131 on Windows',
      place: 'Internet, 81.2.69.x',
      method: 'password',
    });
    expect(devices.find((d) => d.browser === 'Safari 17 on iOS')).toMatchObject({
      place: 'Local network',
      current: false,
    });
    expect((await list(other.auth)).map((d) => d.current)).toEqual([true]);
  });

  it('keeps "last seen" and the address of the latest request', async () => {
    const phone = await login(SAFARI_IPHONE, '192.168.1.30');
    const [first] = (await list(phone)).filter((d) => d.current);
    if (!first) throw new Error('expected first');
    // A later request from another network: written at once (the address changed). The list is
    // asked from that network too: asked from this computer, its own request was the latest and
    // its write raced the first one's (CI saw "This computer" win).
    await t.app.inject({ url: '/api/auth/me', headers: phone, remoteAddress: '81.2.69.200' });
    await expect
      .poll(async () => (await list(phone, '81.2.69.200')).find((d) => d.current)?.place)
      .toBe('Internet, 81.2.69.x');
    const [later] = (await list(phone, '81.2.69.200')).filter((d) => d.current);
    if (!later) throw new Error('expected later');
    expect(later.firstSeen).toBe(first.firstSeen);
    expect(Date.parse(later.lastSeen)).toBeGreaterThanOrEqual(Date.parse(first.firstSeen));
  });

  it('a "last seen" write that reaches the database late does not put back an older address', async () => {
    // The writes are not awaited by the request: two of one session can land in either order
    // (CI saw an earlier request's "This computer" overwrite a later one's address, for good).
    const phone = await login(SAFARI_IPHONE, '192.168.1.31');
    const id = (await list(phone, '192.168.1.31')).find((d) => d.current)!.id;
    const earlier = new Date(Date.now() + 1_000);
    const later = new Date(earlier.getTime() + 1);
    await noteSeen(t.deps.database.db, id, '81.2.69.201', later);
    await noteSeen(t.deps.database.db, id, '127.0.0.1', earlier);
    const row = (await listSessions(t.deps.database.db, user.id)).find((s) => s.id === id)!;
    expect(row.ip).toBe('81.2.69.201');
    expect(new Date(row.lastSeenAt).getTime()).toBe(later.getTime());
  });

  it('writes "last seen" in the order of the requests, two in one millisecond included', () => {
    const now = Date.now();
    expect(seenWriteAt(-1, '127.0.0.1', now)?.getTime()).toBe(now);
    expect(seenWriteAt(-1, '127.0.0.1', now)).toBeUndefined(); // same address, within 5 minutes
    expect(seenWriteAt(-1, '81.2.69.200', now)?.getTime()).toBe(now + 1);
    expect(seenWriteAt(-1, '81.2.69.200', now + 5 * 60_000 + 1)?.getTime()).toBe(
      now + 5 * 60_000 + 1,
    );
  });

  it('signs out another device at once, refuses the current one and anyone else’s', async () => {
    const laptop = await login(CHROME_WINDOWS, '81.2.69.1');
    const phone = await login(SAFARI_IPHONE, '192.168.1.21');
    const phoneId = (await list(phone)).find((d) => d.current)!.id;
    const laptopId = (await list(laptop)).find((d) => d.current)!.id;
    expect(await me(phone)).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: DEVICES_PATHS.signOut.replace(':id', String(phoneId)),
      headers: laptop,
    });
    expect(res.statusCode).toBe(200);
    expect(await me(phone)).toBe(401);
    expect((await list(laptop)).some((d) => d.id === phoneId)).toBe(false);

    const own = await t.app.inject({
      method: 'DELETE',
      url: DEVICES_PATHS.signOut.replace(':id', String(laptopId)),
      headers: laptop,
    });
    expect(own.statusCode).toBe(400);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: DEVICES_PATHS.signOut.replace(':id', String(laptopId)),
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await me(laptop)).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: DEVICES_PATHS.signOut.replace(':id', 'abc'),
      headers: laptop,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('"Sign out everywhere else" ends every other session of the account only', async () => {
    const laptop = await login(CHROME_WINDOWS, '81.2.69.2');
    const phone = await login(SAFARI_IPHONE, '192.168.1.22');
    const res = await t.app.inject({
      method: 'POST',
      url: DEVICES_PATHS.signOutOthers,
      headers: laptop,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    expect(await me(phone)).toBe(401);
    expect(await me(user.auth)).toBe(401);
    expect(await me(laptop)).toBe(200);
    expect(await me(other.auth)).toBe(200);
    expect(await list(laptop)).toHaveLength(1);
  });
});
