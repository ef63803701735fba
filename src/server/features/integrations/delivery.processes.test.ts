import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createTestApp, createUser, dbKind, type TestApp } from '../../test/helper';
import { withDatabase } from '../../test/global-setup';
import { runsIn, skipReason } from '../../test/skip';
import { bundlePortal, startPortal, type PortalProcess } from '../../test/portal-process';
import { startSmtpReceiver } from '../../test/smtp-receiver';
import { INTEGRATION_PATHS, type WebhookEventType } from '../../../shared/contracts/integrations';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { seedPattern } from '../patterns/detail.fixtures';
import { queueEvent } from './events';
import { receiver, type Received } from './webhook-receiver.fixtures';

/**
 * The outbox with real portal processes (the server bundle `npm start` runs) on one PostgreSQL
 * database: two processes share the deliveries, and a process killed with SIGKILL mid-delivery
 * loses nothing. PostgreSQL only: PGlite is one process's embedded database.
 */
const here = dbKind === 'postgres';
const title = (name: string) =>
  `${name}${process.env.TEST_DATABASE_URL ? runsIn('api-postgres', here) : skipReason('TEST_DATABASE_URL is not set')}`;

interface Event {
  id: string;
  type: string;
  data: { pattern: { ID: number; Pattern_Name: string; files: { url: string }[] } };
}

describe.skipIf(!here)(title('webhooks and mails from real portal processes'), () => {
  let bundle: Awaited<ReturnType<typeof bundlePortal>>;
  let t: TestApp;
  const procs: PortalProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    bundle = await bundlePortal();
  });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.stop('SIGKILL')));
    while (cleanups.length) await cleanups.pop()!();
    await t?.close();
  });

  /** The processes' environment: the test app's database and data directory, a fast poll. */
  const envFor = async (t: TestApp, extra: Record<string, string> = {}) => {
    const { rows } = await t.deps.database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    return {
      DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name),
      DATA_DIR: t.dataDir,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      JOB_POLL_MS: '50',
      IMPORT_WORKER: 'off',
      ...extra,
    };
  };
  const start = async (env: Record<string, string>) => {
    const p = await startPortal(bundle.entry, env);
    procs.push(p);
    return p;
  };
  const call = (
    p: PortalProcess,
    method: string,
    path: string,
    token: string,
    json?: unknown,
  ): Promise<Response> =>
    fetch(p.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  const addEndpoint = async (
    p: PortalProcess,
    token: string,
    url: string,
    events: WebhookEventType[],
  ) => {
    const r = await call(p, 'POST', INTEGRATION_PATHS.endpoints, token, { url, events });
    expect(r.status).toBe(201);
    return (await r.json()) as { data: { id: number }; secret: string };
  };
  const verify = (secret: string, r: Received) =>
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event;
  const unfinishedJobs = async () =>
    Number(
      (
        await t.deps.database.db.execute<{ n: string }>(
          sql`select count(*) as n from jobs where status <> 'done'`,
        )
      ).rows[0]!.n,
    );

  it(
    'two processes on one PostgreSQL deliver 200 events: none lost, none doubled (by webhook-id)',
    { timeout: 180_000 },
    async () => {
      t = await createTestApp({}, { workers: [] });
      const admin = await createUser(t, { role: 'admin', brand: null });
      const rx = await receiver();
      cleanups.push(rx.close);
      const env = await envFor(t);
      const [a, b] = await Promise.all([start(env), start(env)]);
      const ep = await addEndpoint(a, admin.token, rx.url, ['pattern.updated']);

      // 200 events committed at once through the outbox (as 200 edits would queue them, without the
      // edits' cost), while both workers poll: they compete for the same rows.
      await t.deps.database.db.transaction(async (tx) => {
        for (let n = 0; n < 200; n++)
          await queueEvent(
            tx,
            'pattern.updated',
            {
              pattern: { ID: n, Pattern_Name: `Edit ${n}`, files: [{ url: `/api/patterns/${n}` }] },
            },
            [ep.data.id],
          );
      });
      await expect.poll(unfinishedJobs, { timeout: 60_000, interval: 100 }).toBe(0);

      // Every job is done, so nothing more can arrive: exactly 200 requests, 200 webhook-ids, 200 events.
      expect(rx.got).toHaveLength(200);
      const events = rx.got.map((r) => verify(ep.secret, r));
      const ids = rx.got.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size).toBe(200);
      expect(events.map((e) => e.id)).toEqual(ids);
      expect(new Set(events.map((e) => e.data.pattern.Pattern_Name))).toEqual(
        new Set(Array.from({ length: 200 }, (_, n) => `Edit ${n}`)),
      );
      // Links in a payload are made absolute by the process that delivers it (its own PUBLIC_URL, here
      // its address), so they tell which process sent each one: both took part.
      const byProcess = new Map<string, number>();
      for (const e of events) {
        const origin = new URL(e.data.pattern.files[0]!.url).origin;
        byProcess.set(origin, (byProcess.get(origin) ?? 0) + 1);
      }
      expect([...byProcess.keys()].sort()).toEqual([a.url, b.url].sort());
    },
  );

  it(
    'a process killed mid-delivery: after restart the webhook is delivered again with the same webhook-id, and the mail it had claimed goes out exactly once',
    { timeout: 180_000 },
    async () => {
      t = await createTestApp({}, { workers: [] });
      const admin = await createUser(t, { role: 'admin', brand: null });
      const owner = await createUser(t, { brand: 'ditto' });
      const p = await seedPattern(t);
      // The first request is held open (the delivery is in flight when the process dies); later ones succeed.
      const rx = await receiver((n) => (n === 1 ? 'hang' : 200));
      cleanups.push(rx.close);
      // The first mail is held unanswered (the send is in flight when the process dies).
      const smtp = await startSmtpReceiver({ holdFirst: true });
      const mails = smtp.mails;
      cleanups.push(smtp.close);
      const env = await envFor(t, {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        JOB_LEASE_MS: '1000',
      });

      const first = await start(env);
      const ep = await addEndpoint(first, admin.token, rx.url, ['pattern.sent_to_review']);
      // One transaction queues the webhook and the mail to the admin; the webhooks worker and the
      // mail worker each take theirs, and both hang: the webhook's receiver and the SMTP server hold them.
      const sent = await call(first, 'POST', LIFECYCLE_PATHS.sendToReview(p.id), owner.token);
      expect(sent.status, await sent.text()).toBe(200);
      await expect.poll(() => rx.got.length, { timeout: 15_000, interval: 20 }).toBe(1);
      await expect.poll(() => smtp.holding(), { timeout: 15_000, interval: 20 }).toBe(true);
      const claimed = await t.deps.database.db.execute<{ kind: string; status: string }>(
        sql`select kind, status from jobs order by id`,
      );
      expect(claimed.rows).toEqual([
        { kind: 'webhook.deliver', status: 'running' },
        { kind: 'mail.send', status: 'running' },
      ]);
      expect(mails).toHaveLength(0);
      await first.stop('SIGKILL');

      // A new process takes both over once their lease (JOB_LEASE_MS) has run out.
      const second = await start(env);
      await expect.poll(unfinishedJobs, { timeout: 30_000, interval: 100 }).toBe(0);
      expect(rx.got).toHaveLength(2);
      expect(rx.got[1]?.headers['webhook-id']).toBe(rx.got[0]!.headers['webhook-id']);
      for (const r of rx.got)
        expect(verify(ep.secret, r)).toMatchObject({
          type: 'pattern.sent_to_review',
          data: { pattern: { ID: p.id } },
        });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual([admin.email]);
      expect(mails[0]?.raw).toMatch(/^Message-ID: <review-\d+-\d+@pattern-partner-portal>/im);
      const done = await t.deps.database.db.execute<{
        kind: string;
        status: string;
        attempts: number;
      }>(sql`select kind, status, attempts from jobs order by id`);
      expect(done.rows).toEqual([
        { kind: 'webhook.deliver', status: 'done', attempts: 2 },
        { kind: 'mail.send', status: 'done', attempts: 2 },
      ]);
      // The history keeps the attempts that finished: the killed one left no row, the one after it is attempt 2.
      const deliveries = await call(
        second,
        'GET',
        INTEGRATION_PATHS.deliveries(ep.data.id),
        admin.token,
      );
      expect(((await deliveries.json()) as { data: unknown[] }).data).toEqual([
        expect.objectContaining({ status: 'succeeded', statusCode: 200, attempts: 1 }),
      ]);
      const attempts = await t.deps.database.db.execute<{ attempt: number; status_code: number }>(
        sql`select attempt, status_code from webhook_attempts`,
      );
      expect(attempts.rows).toEqual([{ attempt: 2, status_code: 200 }]);
    },
  );
});
