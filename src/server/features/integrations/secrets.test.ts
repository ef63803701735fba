import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { buildApp } from '../../app';
import { EnvError, parseEnv } from '../../config/env';
import { startJobWorker } from '../../jobs/outbox';
import { createLogger } from '../../lib/logger';
import { INTEGRATION_PATHS } from '../../../shared/contracts/integrations';
import { webhookDeliveryHandler } from './delivery';
import { KEY_FILE } from './secret-box';
import { receiver } from './webhook-receiver.fixtures';
import { firstRow } from '../../lib/rows';

const silent = pino({ level: 'silent' });

/** Issue 33 item 7: secrets encrypted at rest, plain ones encrypted at start-up, and "end the old secret now". */
describe(`webhook secrets (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
    await t.deps.database.db.execute(sql`delete from jobs`);
    await t.deps.database.db.execute(sql`delete from webhook_endpoints`);
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const storedSecrets = async () =>
    (
      await db().execute<{ secret: string; previous_secret: string | null }>(
        sql`select secret, previous_secret from webhook_endpoints order by id`,
      )
    ).rows;
  const deliverTest = async (endpointId: number, rx: Awaited<ReturnType<typeof receiver>>) => {
    expect((await post(INTEGRATION_PATHS.test(endpointId))).statusCode).toBe(202);
    await startJobWorker({
      db: db(),
      log: silent,
      handlers: [webhookDeliveryHandler(t.deps, { backoffMs: () => 0 })],
      autoStart: false,
    }).runOnce();
    const g = rx.got[rx.got.length - 1]!;
    return { body: g.body, headers: g.headers as Record<string, string> };
  };

  it('stores secrets encrypted (AES-256-GCM) with a key generated once into DATA_DIR, mode 0600', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const r = await post(INTEGRATION_PATHS.endpoints, { url: rx.url, events: ['pattern.updated'] });
    const { secret } = r.json() as { secret: string };
    expect(secret).toMatch(/^whsec_/);
    const [row] = await storedSecrets();
    if (!row) throw new Error('expected row');
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.secret).not.toContain(secret.slice('whsec_'.length));
    const keyFile = path.join(t.dataDir, KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
    const sent = await deliverTest(r.json().data.id, rx);
    expect(new Webhook(secret).verify(sent.body, sent.headers)).toMatchObject({
      type: 'webhook.test',
    });
  });

  it('encrypts secrets stored in plain text when the app starts, and deliveries still verify with them', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const plain = 'whsec_' + crypto.randomBytes(32).toString('base64');
    const previous = 'whsec_' + crypto.randomBytes(32).toString('base64');
    const { id } = firstRow(
      (
        await db().execute<{ id: number }>(sql`
        insert into webhook_endpoints (url, events, secret, previous_secret, previous_secret_until)
        values (${rx.url}, '["pattern.updated"]'::jsonb, ${plain}, ${previous}, now() + interval '1 hour')
        returning id`)
      ).rows,
      'insert into webhook endpoints',
    );
    // A start-up: the same database and data directory, a new app.
    const lines: string[] = [];
    const restarted = await buildApp(t.deps, {
      logger: createLogger('info', { write: (l: string) => void lines.push(l) }),
    });
    await restarted.ready();
    await restarted.close();
    const [row] = await storedSecrets();
    if (!row) throw new Error('expected row');
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.previous_secret).toMatch(/^enc:v1:/);
    expect(lines.join('')).toContain('webhook secrets encrypted at rest');
    const sent = await deliverTest(Number(id), rx);
    for (const s of [plain, previous])
      expect(new Webhook(s).verify(sent.body, sent.headers)).toMatchObject({
        type: 'webhook.test',
      });
  });

  it('"End the old secret now": after a rotation only the new secret signs, at once', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const created = await post(INTEGRATION_PATHS.endpoints, {
      url: rx.url,
      events: ['pattern.updated'],
    });
    const id = created.json().data.id as number;
    const old = created.json().secret as string;
    const rotated = (await post(INTEGRATION_PATHS.rotate(id))).json() as {
      secret: string;
      data: { previousSecretUntil: string | null };
    };
    expect(rotated.data.previousSecretUntil).not.toBeNull();
    const ended = await post(INTEGRATION_PATHS.endPreviousSecret(id));
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({
      data: { previousSecretUntil: null },
      message: 'The previous secret no longer signs. Only the current secret is valid.',
    });
    expect((await storedSecrets())[0]!.previous_secret).toBeNull();
    const sent = await deliverTest(id, rx);
    expect(sent.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(sent.body, sent.headers)).toBeTruthy();
    expect(() => new Webhook(old).verify(sent.body, sent.headers)).toThrow();
    const again = await post(INTEGRATION_PATHS.endPreviousSecret(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This endpoint has no previous secret that still signs');
    expect((await post(INTEGRATION_PATHS.endPreviousSecret(id + 1000))).statusCode).toBe(404);
  });

  it('uses SECRETS_KEY when set (no key file), and refuses a key that is not 32 bytes of base64', async () => {
    const key = crypto.randomBytes(32).toString('base64');
    const withKey = await createTestApp({ SECRETS_KEY: key });
    cleanups.push(withKey.close);
    const a = await createUser(withKey, { role: 'admin', brand: null });
    const r = await withKey.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: a.auth,
      payload: { url: 'https://93.184.215.14/hook', events: ['pattern.updated'] },
    });
    expect(r.statusCode).toBe(201);
    expect(fs.existsSync(path.join(withKey.dataDir, KEY_FILE))).toBe(false);
    const [row] = (
      await withKey.deps.database.db.execute<{ secret: string }>(
        sql`select secret from webhook_endpoints`,
      )
    ).rows;
    if (!row) throw new Error('expected row');
    const [iv, tag, data] = row.secret
      .slice('enc:v1:'.length)
      .split(':')
      .map((p) => Buffer.from(p, 'base64'));
    if (!iv || !tag || !data) throw new Error('expected iv:tag:data');
    const d = crypto.createDecipheriv('aes-256-gcm', Buffer.from(key, 'base64'), iv);
    d.setAuthTag(tag);
    expect(Buffer.concat([d.update(data), d.final()]).toString()).toBe(r.json().secret);
    expect(() => parseEnv({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(EnvError);
    expect(() => parseEnv({ SECRETS_KEY: 'c2hvcnQ=' })).toThrow(
      'Invalid configuration: SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    );
  });
});
