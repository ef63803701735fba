import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import {
  INTEGRATION_MSG,
  INTEGRATION_PATHS,
  type WebhookEndpointInput,
} from '../../../shared/contracts/integrations';
import { checkWebhookUrl, isBlockedAddress } from './ssrf';

describe(`webhook endpoints (${dbKind})`, () => {
  let t: TestApp;
  let strict: TestApp;
  let admin: TestUser;
  let strictAdmin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    strict = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    user = await createUser(t, { brand: 'ditto' });
    strictAdmin = await createUser(strict, { role: 'admin', brand: null });
  });
  afterAll(async () => {
    await t.close();
    await strict.close();
  });

  const add = (app: TestApp, who: TestUser, body: WebhookEndpointInput) =>
    app.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: who.auth,
      payload: body,
    });

  it('admins add, edit and delete endpoints; the secret is shown once and rotates with a grace period', async () => {
    expect(
      (await add(t, user, { url: 'http://127.0.0.1:9/x', events: ['pattern.published'] }))
        .statusCode,
    ).toBe(403);
    const r = await add(t, admin, {
      url: 'http://127.0.0.1:9/x',
      description: 'Storefront',
      events: ['pattern.published', 'pattern.deleted'],
    });
    expect(r.statusCode).toBe(201);
    const { data, secret, message } = r.json();
    expect(message).toBe(INTEGRATION_MSG.endpointCreated);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const list = await t.app.inject({ url: INTEGRATION_PATHS.endpoints, headers: admin.auth });
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: data.id,
        url: 'http://127.0.0.1:9/x',
        enabled: true,
        events: ['pattern.published', 'pattern.deleted'],
      }),
    ]);
    expect(list.body).not.toContain(secret);

    const rot = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.rotate(data.id),
      headers: admin.auth,
    });
    expect(rot.json().secret).not.toBe(secret);
    expect(rot.json().message).toBe(INTEGRATION_MSG.secretRotated);
    expect(Date.parse(rot.json().data.previousSecretUntil) - Date.now()).toBeGreaterThan(
      23 * 3600_000,
    );

    const put = await t.app.inject({
      method: 'PUT',
      url: INTEGRATION_PATHS.endpoint(data.id),
      headers: admin.auth,
      payload: { url: 'http://127.0.0.1:9/y', events: ['pattern.updated'], enabled: false },
    });
    expect(put.json()).toMatchObject({
      message: INTEGRATION_MSG.endpointSaved,
      data: { url: 'http://127.0.0.1:9/y', enabled: false, events: ['pattern.updated'] },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: INTEGRATION_PATHS.endpoint(data.id),
      headers: admin.auth,
      payload: { url: 'x', events: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['events']);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: INTEGRATION_PATHS.endpoint(data.id),
          headers: admin.auth,
        })
      ).json(),
    ).toEqual({ message: INTEGRATION_MSG.endpointDeleted });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: INTEGRATION_PATHS.endpoint(data.id),
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('SSRF: refuses http, loopback, link-local (metadata), IPv6 loopback and names resolving to private addresses', async () => {
    const cases: [string, RegExp][] = [
      ['http://127.0.0.1/hook', /https:\/\//],
      ['http://169.254.169.254/latest/meta-data', /https:\/\//],
      ['http://[::1]/hook', /https:\/\//],
      ['https://127.0.0.1/hook', /private, loopback/],
      ['https://169.254.169.254/latest/meta-data', /private, loopback/],
      ['https://[::1]/hook', /private, loopback/],
      ['https://[::ffff:10.1.2.3]/hook', /private, loopback/],
      ['https://10.0.0.8/hook', /private, loopback/],
      // A public-looking name that resolves to 10.x (a public wildcard DNS service; "localhost" covers resolution without network).
      ['https://localhost/hook', /private, loopback/],
      ['ftp://example.com/', /https:\/\//],
      ['https://user:pw@example.com/', /user name or password/],
    ];
    for (const [url, message] of cases) {
      const r = await add(strict, strictAdmin, { url, events: ['pattern.published'] });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().fields.url, url).toMatch(message);
    }
  });

  it('judges resolved addresses: a name that resolves to 10.x is refused unless private addresses are allowed', async () => {
    const resolvesTo10 = async () => [{ address: '10.11.12.13', family: 4 }];
    await expect(
      checkWebhookUrl('https://intranet.example/hook', false, resolvesTo10),
    ).rejects.toThrow(/private, loopback/);
    await expect(
      checkWebhookUrl('https://intranet.example/hook', true, resolvesTo10),
    ).resolves.toMatchObject({ address: '10.11.12.13' });
    await expect(
      checkWebhookUrl('https://example.org/hook', false, async () => [
        { address: '93.184.215.14', family: 4 },
      ]),
    ).resolves.toMatchObject({ family: 4 });
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of ['93.184.215.14', '2606:4700::1111', '8.8.8.8'])
      expect(isBlockedAddress(a), a).toBe(false);
  });
  // Issue 33 item 3: the four URLs, and every way an IPv6 address carries an IPv4 one.
  const CARRIED_LOOPBACK = [
    'https://[64:ff9b::127.0.0.1]/', // NAT64 (the URL parser writes 64:ff9b::7f00:1)
    'https://[::127.0.0.1]/', // IPv4-compatible
    'https://[2002:7f00:1::]/', // 6to4
    'https://[::ffff:0:7f00:1]/', // IPv4-translated
    'https://[::ffff:127.0.0.1]/', // IPv4-mapped
    'https://[0:0:0:0:0:ffff:7f00:1]/', // mapped, written out
    'https://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'https://[2002:a9fe:a9fe::1]/', // 6to4 of 169.254.169.254 (metadata)
    'https://[::ffff:0:a9fe:a9fe]/', // translated 169.254.169.254
    'https://[64:ff9b:1::7f00:1]/', // local-use NAT64 (RFC 8215)
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', // Teredo
  ];

  it('IPv6 forms of loopback, private and metadata addresses are refused when saved', async () => {
    for (const url of CARRIED_LOOPBACK) {
      const r = await add(strict, strictAdmin, { url, events: ['pattern.published'] });
      expect(r.statusCode, url).toBe(400);
      expect(r.json().fields.url, url).toMatch(/private, loopback/);
    }
    // The same forms carrying a public IPv4 address are public.
    for (const a of ['64:ff9b::808:808', '::ffff:8.8.8.8', '2002:808:808::1', '::ffff:0:808:808'])
      expect(isBlockedAddress(a), a).toBe(false);
  });

  it('IPv6 forms are refused at delivery too, when a name resolves to them', async () => {
    for (const url of CARRIED_LOOPBACK) {
      const address = url.slice('https://['.length, url.indexOf(']'));
      await expect(
        checkWebhookUrl('https://receiver.example/hook', false, async () => [
          { address, family: 6 },
        ]),
        address,
      ).rejects.toThrow(/private, loopback/);
    }
  });
});
