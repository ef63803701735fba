import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { createTestApp, dbKind, type TestApp } from '../test/helper';
import { runsIn } from '../test/skip';
import { openPostgres, type Db } from '../db/client';
import { withDatabase } from '../test/global-setup';
import { jobs } from '../db/schema/jobs';
import { claimJobs, enqueueJob, startJobWorker, type JobHandler } from './outbox';

const log = pino({ level: 'silent' });
let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db.delete(jobs);
});

/** A handler that records what it was given, as a mail receiver would. */
function recorder(kind = 'test.mail', fail: (attempt: number) => boolean = () => false) {
  const seen: { payload: unknown; attempt: number }[] = [];
  const failed: unknown[] = [];
  const handler: JobHandler = {
    kind,
    async handle(payload, ctx) {
      if (fail(ctx.attempt)) throw new Error('SMTP down at smtp://user:secret@mail.example.com');
      seen.push({ payload, attempt: ctx.attempt });
    },
    backoffMs: () => 0,
    async onFailed(payload) {
      failed.push(payload);
    },
  };
  return { handler, seen, failed };
}

async function row(id: number) {
  const [r] = await db.select().from(jobs).where(eq(jobs.id, id));
  return r!;
}

describe(`outbox (${dbKind})`, () => {
  it('runs a queued job once and marks it done', async () => {
    const { handler, seen } = recorder();
    const id = (await enqueueJob(db, { kind: 'test.mail', payload: { to: 'a@example.com' } }))!;
    const worker = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(seen).toEqual([{ payload: { to: 'a@example.com' }, attempt: 1 }]);
    expect((await row(id)).status).toBe('done');
    await worker.stop();
  });

  it('queues nothing for a rolled-back transaction, and a dedupe key only once', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test.mail', payload: {} });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await db.select().from(jobs)).toHaveLength(0);
    expect(await enqueueJob(db, { kind: 'test.mail', payload: {}, dedupeKey: 'k1' })).toBeTypeOf(
      'number',
    );
    expect(await enqueueJob(db, { kind: 'test.mail', payload: {}, dedupeKey: 'k1' })).toBeNull();
    expect(await db.select().from(jobs)).toHaveLength(1);
  });

  it('retries with back-off, keeps the error without credentials, and fails after max attempts', async () => {
    const { handler, seen, failed } = recorder('test.mail', () => true);
    const id = (await enqueueJob(db, { kind: 'test.mail', payload: { n: 1 }, maxAttempts: 3 }))!;
    const worker = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    await worker.runOnce();
    let r = await row(id);
    expect(r).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r.lastError).toContain('smtp://***@mail.example.com');
    expect(r.lastError).not.toContain('secret');
    await worker.runOnce();
    await worker.runOnce();
    r = await row(id);
    expect(r).toMatchObject({ status: 'failed', attempts: 3 });
    expect(seen).toHaveLength(0);
    expect(failed).toEqual([{ n: 1 }]);
    expect(await worker.runOnce()).toBe(0);
  });

  it('waits for the back-off before running again', async () => {
    const fails = recorder('test.mail', (a) => a === 1);
    const handler = { ...fails.handler, backoffMs: () => 60_000 };
    await enqueueJob(db, { kind: 'test.mail', payload: {} });
    const worker = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0); // not yet due
    await db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second'`);
    expect(await worker.runOnce()).toBe(1);
    expect(fails.seen).toHaveLength(1);
  });

  it('a worker killed between claim and send loses nothing: after the lease expires the job is sent exactly once', async () => {
    const { handler, seen } = recorder();
    const id = (await enqueueJob(db, {
      kind: 'test.mail',
      payload: { to: 'b@example.com' },
      dedupeKey: 'mail:1',
    }))!;
    // The "killed" process: it claimed the row, then died before its handler ran.
    const claimed = await claimJobs(db, ['test.mail'], 60_000, 10);
    expect(claimed.map((j) => j.id)).toEqual([id]);
    const restarted = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    expect(await restarted.runOnce()).toBe(0); // the lease still holds
    await db.execute(
      sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`,
    ); // lease runs out
    expect(await restarted.runOnce()).toBe(1);
    expect(await restarted.runOnce()).toBe(0);
    expect(seen).toEqual([{ payload: { to: 'b@example.com' }, attempt: 2 }]);
    expect(await row(id)).toMatchObject({ status: 'done', dedupeKey: 'mail:1' });
  });

  it('a slow worker whose lease ran out does not overwrite the outcome of the one that took over', async () => {
    await enqueueJob(db, { kind: 'test.mail', payload: {} });
    const [first] = await claimJobs(db, ['test.mail'], 60_000, 1);
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second'`);
    const { handler } = recorder();
    const second = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    expect(await second.runOnce()).toBe(1);
    // The first worker now finishes with a failure: its guarded update matches nothing.
    await db.execute(
      sql`UPDATE jobs SET status = 'pending' WHERE id = ${first!.id} AND attempts = ${first!.attempts} AND status = 'running'`,
    );
    expect(await row(first!.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('only claims kinds it handles', async () => {
    await enqueueJob(db, { kind: 'other.kind', payload: {} });
    const { handler } = recorder();
    const worker = startJobWorker({ db, log, handlers: [handler], autoStart: false });
    expect(await worker.runOnce()).toBe(0);
  });

  it('a paused worker claims nothing until it is no longer paused', async () => {
    const { handler, seen } = recorder();
    let paused = true;
    const worker = startJobWorker({
      db,
      log,
      handlers: [handler],
      pollMs: 20,
      paused: () => paused,
    });
    await enqueueJob(db, { kind: 'test.mail', payload: { k: 2 } });
    worker.kick();
    await new Promise((r) => setTimeout(r, 200)); // ten polls
    expect(seen).toEqual([]);
    paused = false;
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    await worker.stop();
  });

  it('the polling worker picks up a job after kick()', async () => {
    const { handler, seen } = recorder();
    const worker = startJobWorker({ db, log, handlers: [handler], pollMs: 60_000 });
    await new Promise((r) => setTimeout(r, 50));
    await enqueueJob(db, { kind: 'test.mail', payload: { k: 1 } });
    worker.kick();
    await expect.poll(() => seen.length, { timeout: 5000 }).toBe(1);
    await worker.stop();
  });

  it.runIf(dbKind === 'postgres')(
    `several processes never take the same row${runsIn('api-postgres', dbKind === 'postgres')}`,
    async () => {
      const name = new URL(
        String(
          (t.deps.database.db as unknown as { $client: { options: { connectionString: string } } })
            .$client.options.connectionString,
        ),
      ).pathname.slice(1);
      const others = await Promise.all(
        [1, 2, 3].map(() => openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), 2)),
      );
      try {
        for (let i = 0; i < 60; i++) await enqueueJob(db, { kind: 'test.mail', payload: { i } });
        const counts = new Map<number, number>();
        const handler: JobHandler = {
          kind: 'test.mail',
          async handle(p: { i: number }) {
            counts.set(p.i, (counts.get(p.i) ?? 0) + 1);
            await new Promise((r) => setTimeout(r, 2));
          },
        };
        const workers = others.map((o) =>
          startJobWorker({ db: o.db, log, handlers: [handler], autoStart: false, batch: 5 }),
        );
        const drain = async (w: (typeof workers)[number]) => {
          while ((await w.runOnce()) > 0);
        };
        await Promise.all(workers.map(drain));
        expect(counts.size).toBe(60);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
      } finally {
        await Promise.all(others.map((o) => o.close()));
      }
    },
  );
});
