import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import type { Db } from '../../db/client';
import { startJobWorker } from '../../jobs/outbox';
import { waitForMail } from '../users/test-helpers';
import { INTEGRATION_PATHS, type WebhookEventType } from '../../../shared/contracts/integrations';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { seedFile, seedPattern } from '../patterns/detail.fixtures';
import { webhookDeliveryHandler } from './delivery';
import { queueEvent } from './events';
import { webhookEndpoints } from '../../db/schema/integrations';
import { receiver } from './webhook-receiver.fixtures';
import { createLogger } from '../../lib/logger';

const log = pino({ level: 'silent' });

describe(`webhook deliveries (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_DISABLE_AFTER_HOURS: '1' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
    await t.deps.database.db.execute(sql`delete from jobs`);
    await t.deps.database.db.execute(sql`delete from webhook_endpoints`);
  });
  afterAll(() => t.close());

  const addEndpoint = async (url: string, events: WebhookEventType[]) => {
    const r = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: admin.auth,
      payload: { url, events },
    });
    expect(r.statusCode).toBe(201);
    return r.json() as { data: { id: number }; secret: string };
  };
  const worker = (db: Db = t.deps.database.db, leaseMs?: number) =>
    startJobWorker({
      db,
      log,
      handlers: [webhookDeliveryHandler(t.deps, { backoffMs: () => 0 })],
      autoStart: false,
      leaseMs,
    });
  const deliveries = async (id: number) =>
    (await t.app.inject({ url: INTEGRATION_PATHS.deliveries(id), headers: admin.auth })).json()
      .data;

  it('a receiver that fails twice then accepts gets pattern.published once more, signed for the standardwebhooks library', async () => {
    const rx = await receiver((n) => (n <= 2 ? 500 : 204));
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url, ['pattern.published']);
    const p = await seedPattern(t, { status: 'in_review' });
    await seedFile(t, p.id);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: LIFECYCLE_PATHS.publish(p.id),
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(200);
    const w = worker();
    for (let i = 0; i < 5; i++) await w.runOnce();
    expect(rx.got).toHaveLength(3);
    expect(new Set(rx.got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    const last = rx.got[2]!;
    const event = new Webhook(ep.secret).verify(
      last.body,
      last.headers as Record<string, string>,
    ) as {
      type: string;
      data: { pattern: { ID: number; SFCC_Status: string; files: { url: string }[] } };
    };
    expect(event.type).toBe('pattern.published');
    expect(event.data.pattern).toMatchObject({ ID: p.id, SFCC_Status: 'published' });
    expect(event.data.pattern.files[0]?.url).toMatch(/^http:\/\/.+\/api\//); // authenticated links, never bytes
    expect(() =>
      new Webhook(ep.secret).verify(
        last.body.replace('published', 'draft'),
        last.headers as Record<string, string>,
      ),
    ).toThrow();
    const [d] = await deliveries(ep.data.id);
    expect(d).toMatchObject({
      eventType: 'pattern.published',
      status: 'succeeded',
      attempts: 3,
      statusCode: 204,
      response: null,
    });
  });

  it('signs with both secrets during a rotation, so receivers on either secret verify', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url, ['pattern.updated']);
    const rotated = (
      await t.app.inject({
        method: 'POST',
        url: INTEGRATION_PATHS.rotate(ep.data.id),
        headers: admin.auth,
      })
    ).json().secret as string;
    const test = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.test(ep.data.id),
      headers: admin.auth,
    });
    expect(test.statusCode).toBe(202);
    await worker().runOnce();
    const [g] = rx.got;
    if (!g) throw new Error('expected g');
    for (const secret of [ep.secret, rotated])
      expect(new Webhook(secret).verify(g.body, g.headers as Record<string, string>)).toMatchObject(
        { type: 'webhook.test' },
      );
  });

  it('redelivers a delivery with the same webhook-id', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url, ['pattern.updated']);
    await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.test(ep.data.id),
      headers: admin.auth,
    });
    const w = worker();
    await w.runOnce();
    const [d] = await deliveries(ep.data.id);
    const r = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.redeliver(ep.data.id, d.id),
      headers: admin.auth,
    });
    expect(r.statusCode).toBe(202);
    expect(r.json().message).toBe('Redelivery queued');
    // A second click before it is sent queues nothing more.
    const twice = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.redeliver(ep.data.id, d.id),
      headers: admin.auth,
    });
    expect(twice.json().message).toBe('This delivery is already waiting to be sent');
    await w.runOnce();
    await w.runOnce();
    expect(rx.got.map((g) => g.headers['webhook-id'])).toEqual([d.eventId, d.eventId]);
    expect((await deliveries(ep.data.id))[0]).toMatchObject({ attempts: 2, status: 'succeeded' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: INTEGRATION_PATHS.redeliver(ep.data.id, 999999),
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('disables an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_HOURS and e-mails admins once', async () => {
    const rx = await receiver(() => 500);
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url, ['pattern.updated']);
    for (let i = 0; i < 3; i++)
      await t.app.inject({
        method: 'POST',
        url: INTEGRATION_PATHS.test(ep.data.id),
        headers: admin.auth,
      });
    const w = worker();
    await w.runOnce();
    const list = async () =>
      (await t.app.inject({ url: INTEGRATION_PATHS.endpoints, headers: admin.auth })).json().data;
    // Three failed attempts within the hour: still enabled, failing since the first.
    expect((await list())[0]).toMatchObject({
      enabled: true,
      consecutiveFailures: 3,
      failingSince: expect.any(String),
    });
    await t.deps.database.db.execute(
      sql`update webhook_endpoints set failing_since = now() - interval '61 minutes'`,
    );
    for (let i = 0; i < 6; i++) await w.runOnce();
    expect((await list())[0]).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/failing for more than 1 hour \(/),
    });
    // Queued with the disable, sent by the mail worker.
    await waitForMail(t.dataDir, admin.email, /A webhook endpoint was disabled/);
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes('webhook endpoint'));
    expect(mails.filter((m) => m.includes(`To: ${admin.email}`))).toHaveLength(1);
  });

  it('checks the address again at delivery: a URL that is private now is refused without a request', async () => {
    const strict = await createTestApp();
    cleanups.push(strict.close);
    const rx = await receiver();
    cleanups.push(rx.close);
    const [ep] = await strict.deps.database.db
      .insert(webhookEndpoints)
      .values({
        url: rx.url,
        events: ['pattern.updated'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    if (!ep) throw new Error('expected ep');
    await strict.deps.database.db.transaction((tx) =>
      queueEvent(tx, 'pattern.updated', { x: 1 }, [ep.id]),
    );
    await startJobWorker({
      db: strict.deps.database.db,
      log,
      handlers: [webhookDeliveryHandler(strict.deps)],
      autoStart: false,
    }).runOnce();
    expect(rx.got).toHaveLength(0);
    const attempts = await strict.deps.database.db.execute<{ error: string }>(
      sql`select error from webhook_attempts`,
    );
    expect(attempts.rows[0]?.error).toMatch(/https:\/\//);
  });

  // With real processes (SIGKILL, a restart, two processes on PostgreSQL): delivery.processes.test.ts.
  it('a worker stuck mid-delivery: after its lease another takes the event and sends it with the same webhook-id', async () => {
    const rx = await receiver((n) => (n === 1 ? 'hang' : 200));
    const ep = await addEndpoint(rx.url, ['pattern.updated']);
    await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.test(ep.data.id),
      headers: admin.auth,
    });
    // The first worker claims the job and is stuck in the request (as if its process died) until the
    // receiver closes; it must end before the database does.
    const stuck = worker(t.deps.database.db, 300).runOnce();
    cleanups.push(async () => {
      await rx.close();
      await stuck;
    });
    await expect.poll(() => rx.got.length).toBe(1);
    await new Promise((r) => setTimeout(r, 400));
    const second = worker(t.deps.database.db, 300);
    await expect
      .poll(async () => (await second.runOnce(), rx.got.length), { timeout: 10_000 })
      .toBe(2);
    expect(rx.got[1]?.headers['webhook-id']).toBe(rx.got[0]!.headers['webhook-id']);
    expect((await deliveries(ep.data.id))[0]).toMatchObject({ status: 'succeeded' });
  });
  it('logs a failed attempt with the status code or the network error, not "[not an Error]"', async () => {
    const rx = await receiver(() => 503);
    const ep = await addEndpoint(rx.url, ['pattern.updated']);
    const closed = await addEndpoint('http://127.0.0.1:1/hook', ['pattern.updated']);
    cleanups.push(rx.close);
    for (const id of [ep.data.id, closed.data.id])
      await t.app.inject({ method: 'POST', url: INTEGRATION_PATHS.test(id), headers: admin.auth });
    const lines: string[] = [];
    await startJobWorker({
      db: t.deps.database.db,
      log: createLogger('info', { write: (l: string) => void lines.push(l) }),
      handlers: [webhookDeliveryHandler(t.deps, { backoffMs: () => 0 })],
      autoStart: false,
    }).runOnce();
    const retries = lines
      .map((l) => JSON.parse(l) as { msg: string; reason?: string })
      .filter((l) => l.msg === 'job failed; will retry');
    expect(retries.map((l) => l.reason)).toEqual([
      'Answered 503',
      expect.stringMatching(/ECONNREFUSED/),
    ]);
    expect(lines.join('\n')).not.toContain('not an Error');
  });
});
