import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { startJobWorker } from '../../jobs/outbox';
import { INTEGRATION_PATHS, type WebhookEventType } from '../../../shared/contracts/integrations';
import { webhookDeliveryHandler } from './delivery';
import { queueEvent, webhookSubscribers } from './events';
import { receiver } from './webhook-receiver.fixtures';

const log = pino({ level: 'silent' });

/**
 * Issue 33 item 1: a receiver that is down for a while loses nothing. Disabling pauses an
 * endpoint (its deliveries wait, up to their one-day window), re-enabling sends them in order, and
 * what disables an endpoint is time spent failing, not a count of attempts across events.
 */
describe(`webhook endpoints pause, never discard (${dbKind})`, () => {
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
  const addEndpoint = async (url: string, events: WebhookEventType[] = ['pattern.updated']) => {
    const r = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: admin.auth,
      payload: { url, events },
    });
    expect(r.statusCode).toBe(201);
    return r.json() as { data: { id: number; url: string }; secret: string };
  };
  const setEnabled = async (ep: { data: { id: number; url: string } }, enabled: boolean) => {
    const r = await t.app.inject({
      method: 'PUT',
      url: INTEGRATION_PATHS.endpoint(ep.data.id),
      headers: admin.auth,
      payload: { url: ep.data.url, events: ['pattern.updated'], enabled },
    });
    expect(r.statusCode).toBe(200);
  };
  /** Events as the patterns feature emits them (to every endpoint subscribed), one transaction each. */
  const emit = async (n: number) => {
    for (let i = 1; i <= n; i++)
      await db().transaction(async (tx) =>
        queueEvent(
          tx,
          'pattern.updated',
          { pattern: { ID: i, SFCC_Pattern_ID: `P${i}` } },
          await webhookSubscribers(tx, 'pattern.updated'),
        ),
      );
  };
  const worker = () =>
    startJobWorker({
      db: db(),
      log,
      handlers: [webhookDeliveryHandler(t.deps, { backoffMs: () => 0 })],
      autoStart: false,
    });
  const drain = async (w: ReturnType<typeof worker>, rounds = 40) => {
    for (let i = 0; i < rounds; i++) if (!(await w.runOnce())) return;
  };
  const deliveries = async (id: number, query = '') =>
    (
      await t.app.inject({ url: INTEGRATION_PATHS.deliveries(id) + query, headers: admin.auth })
    ).json() as {
      data: { id: number; status: string; attempts: number; eventId: string; error: string }[];
      total: number;
    };
  const endpoint = async () =>
    (await t.app.inject({ url: INTEGRATION_PATHS.endpoints, headers: admin.auth })).json()
      .data[0] as { enabled: boolean; disabledReason: string | null; failingSince: string | null };
  const patternIds = (rx: { got: { body: string }[] }, okFrom = 0) =>
    rx.got
      .slice(okFrom)
      .map((g) => (JSON.parse(g.body) as { data: { pattern: { ID: number } } }).data.pattern.ID);

  it("the issue's scenario: 60 answers of 503 across 15 events disable nothing, and every event arrives once the receiver is back", async () => {
    const rx = await receiver((n) => (n <= 60 ? 503 : 204));
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url);
    await emit(15);
    await drain(worker());
    expect(await endpoint()).toMatchObject({
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    const list = await deliveries(ep.data.id);
    expect(list.data).toHaveLength(15);
    expect(list.data.every((d) => d.status === 'succeeded')).toBe(true);
    expect(new Set(patternIds(rx, 60))).toEqual(
      new Set(Array.from({ length: 15 }, (_, i) => i + 1)),
    );
  });

  it('a disabled endpoint keeps its deliveries waiting, new events included, and sends them in order when enabled again', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url);
    await emit(2);
    await setEnabled(ep, false);
    await emit(3); // events while it is disabled are queued too
    const w = worker();
    await drain(w);
    expect(rx.got).toHaveLength(0);
    const waiting = await deliveries(ep.data.id);
    expect(waiting.data.map((d) => [d.status, d.attempts])).toEqual(
      Array.from({ length: 5 }, () => ['pending', 0]),
    );
    await setEnabled(ep, true);
    await drain(w);
    expect(patternIds(rx)).toEqual([1, 2, 1, 2, 3]);
    expect((await deliveries(ep.data.id)).data.every((d) => d.status === 'succeeded')).toBe(true);
  });

  it('an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_HOURS is disabled (paused); past its window a waiting delivery fails; Redeliver failed sends them all', async () => {
    let up = false;
    const rx = await receiver(() => (up ? 204 : 503));
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url);
    const w = worker();
    await emit(1);
    await w.runOnce();
    // Failing for 13 hours (the default limit is 12): the time is in the database, not the test's clock.
    await db().execute(
      sql`update webhook_endpoints set failing_since = now() - interval '13 hours'`,
    );
    await emit(2);
    await w.runOnce();
    const disabled = await endpoint();
    expect(disabled).toMatchObject({ enabled: false });
    expect(disabled.disabledReason).toMatch(/failing for more than 12 hours/);
    await drain(w);
    const paused = (await deliveries(ep.data.id)).data;
    expect(paused.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    const sentWhileFailing = rx.got.length;

    // The oldest delivery's window ends while the endpoint is paused: it fails, the others wait.
    const oldest = paused[paused.length - 1]!;
    await db().execute(
      sql`update webhook_deliveries set retry_until = now() - interval '1 minute' where id = ${oldest.id}`,
    );
    await db().execute(sql`update jobs set run_at = now() where status = 'pending'`);
    await drain(w);
    expect(rx.got).toHaveLength(sentWhileFailing);
    const afterWindow = (await deliveries(ep.data.id)).data;
    expect(afterWindow.map((d) => d.status)).toEqual(['pending', 'pending', 'failed']);
    expect(afterWindow[2]?.error).toMatch(/disabled/);
    expect((await deliveries(ep.data.id, '?status=failed')).data.map((d) => d.id)).toEqual([
      oldest.id,
    ]);

    up = true;
    await setEnabled(ep, true);
    await drain(w);
    expect(patternIds(rx, sentWhileFailing)).toEqual([1, 2]);
    const again = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.redeliverFailed(ep.data.id),
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ count: 1 });
    await drain(w);
    expect(patternIds(rx, sentWhileFailing)).toEqual([1, 2, 1]);
    expect((await deliveries(ep.data.id)).data.every((d) => d.status === 'succeeded')).toBe(true);
    expect(await endpoint()).toMatchObject({ enabled: true, failingSince: null });
  });

  it('Redeliver failed sends every failed delivery of the endpoint, oldest first, and says how many', async () => {
    const rx = await receiver();
    cleanups.push(rx.close);
    const ep = await addEndpoint(rx.url);
    await emit(4);
    await db().execute(
      sql`update webhook_deliveries set status = 'failed', attempts = 8 where endpoint_id = ${ep.data.id}`,
    );
    await db().execute(sql`delete from jobs`);
    const r = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.redeliverFailed(ep.data.id),
      headers: admin.auth,
    });
    expect(r.json()).toMatchObject({
      count: 4,
      message: 'Redelivery of 4 failed deliveries queued',
    });
    await drain(worker());
    expect(patternIds(rx)).toEqual([1, 2, 3, 4]);
    const none = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.redeliverFailed(ep.data.id),
      headers: admin.auth,
    });
    expect(none.json()).toMatchObject({ count: 0 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: INTEGRATION_PATHS.redeliverFailed(ep.data.id + 1000),
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
  });
  it('deliveries come a page at a time, newest first, all or of one status; a bad query is refused at its field', async () => {
    const ep = await addEndpoint('http://127.0.0.1:1/hook');
    await emit(25);
    await db().execute(
      sql`update webhook_deliveries set status = 'failed' where id in (select id from webhook_deliveries order by id limit 3)`,
    );
    const first = await deliveries(ep.data.id);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.data).toHaveLength(20);
    const second = await deliveries(ep.data.id, '?page=2');
    expect(second.data).toHaveLength(5);
    const ids = [...first.data, ...second.data].map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const failed = await deliveries(ep.data.id, '?status=failed&pageSize=2');
    expect(failed).toMatchObject({ total: 3, pageSize: 2 });
    expect(failed.data.map((d) => d.status)).toEqual(['failed', 'failed']);
    for (const [query, field, message] of [
      ['?status=lost', 'status', 'Status must be pending, succeeded or failed'],
      ['?page=0', 'page', 'Page must be a whole number from 1'],
      ['?pageSize=500', 'pageSize', 'Page size must be between 1 and 100'],
    ] as const) {
      const r = await t.app.inject({
        url: INTEGRATION_PATHS.deliveries(ep.data.id) + query,
        headers: admin.auth,
      });
      expect(r.statusCode, query).toBe(400);
      expect(r.json().fields[field], query).toBe(message);
    }
  });
});
