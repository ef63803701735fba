import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema/jobs';
import { jobDuration, jobRuns } from '../lib/metrics';

/**
 * The shared durable queue (transactional outbox). A job is inserted with `enqueueJob(tx, …)` in the
 * same transaction as the change that causes it, so a rolled-back change queues nothing and a
 * committed one never loses its job. Delivery is at-least-once: a process killed between claim and
 * finish leaves a row whose lease expires and is claimed again, so receivers de-duplicate by the
 * job's dedupe key (docs/operations.md).
 */
export async function enqueueJob(
  db: DbOrTx,
  job: { kind: string; payload: unknown; dedupeKey?: string; runAt?: Date; maxAttempts?: number },
): Promise<number | null> {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? null,
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0] ? Number(rows[0].id) : null; // null: that dedupe key is already queued
}

/**
 * Thrown by a handler that cannot run its job yet (a webhook endpoint that is paused): the job goes
 * back to `pending` until `until` without using up an attempt.
 */
export class JobDeferred extends Error {
  constructor(readonly until: Date) {
    super(`Deferred until ${until.toISOString()}`);
  }
}

export interface JobContext {
  jobId: number;
  attempt: number;
  log: FastifyBaseLogger;
}

/** What a job run that did not throw reports instead of `done` (ppp_job_runs_total's outcome). */
export type JobOutcome = 'refused' | 'failed';

export interface JobHandler<P = any> {
  kind: string;
  /**
   * Throwing schedules a retry (or marks the job failed after its last attempt). A run that ends
   * without throwing is done; its answer may name another outcome for the metrics (`refused`,
   * `failed`: the work was not done, nor will retrying by itself do it).
   */
  handle(payload: P, ctx: JobContext): Promise<void | JobOutcome>;
  backoffMs?(attempt: number): number;
  /**
   * What the row keeps once the job is done or has failed for good, instead of its payload (a
   * mail keeps no text: it may hold a reset link or a one-time code).
   */
  keptPayload?(payload: P): unknown;
  onFailed?(payload: P, err: unknown, ctx: { jobId: number; attempt: number }): Promise<void>;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

/** Exponential from 1 s, capped at one hour, ±20 % jitter so retries of one outage spread out. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * With several processes on PostgreSQL, SKIP LOCKED means no two take the same row; a `running`
 * row whose lease ran out belongs to a process that died and is taken again. A read comes first,
 * and the claim only when something is due: an idle poll changes nothing, so it neither writes
 * to the database every few seconds nor moves the embedded database's data version (which the
 * list's kept answers stand on: pattern-list/list-cache.ts).
 */
export async function claimJobs(
  db: Db,
  kinds: string[],
  leaseMs: number,
  batch: number,
): Promise<ClaimedJob[]> {
  if (!kinds.length) return [];
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const due = sql`kind IN (${kindList})
        AND ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))`;
  const [any] = (
    await db.execute<{ due: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM jobs WHERE ${due}) AS due`)
  ).rows;
  if (!any?.due) return [];
  const res = await db.execute<{
    id: string | number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    run_at: string | Date;
  }>(sql`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
      locked_until = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
    WHERE id IN (
      SELECT id FROM jobs
      WHERE ${due}
      ORDER BY run_at, id LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, kind, payload, attempts, max_attempts, run_at`);
  // RETURNING keeps no order: the batch runs in the order it was chosen (due time, then queue order),
  // so a paused webhook endpoint's deliveries go out as they were queued.
  return res.rows
    .map((r) => ({ r, at: new Date(r.run_at as string | Date).getTime() }))
    .sort((a, b) => a.at - b.at || Number(a.r.id) - Number(b.r.id))
    .map(({ r }) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
    }));
}

/** Error text kept for operators: first line only, credentials in URLs blanked, bounded. */
function errorText(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  return msg
    .split('\n')[0]!
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .slice(0, 500);
}

/** `, payload = …` when the handler keeps less than the payload once a job is over. */
function kept(handler: JobHandler, job: ClaimedJob) {
  if (!handler.keptPayload) return sql``;
  return sql`, payload = ${JSON.stringify(handler.keptPayload(job.payload))}::jsonb`;
}

async function runJob(
  db: Db,
  job: ClaimedJob,
  handler: JobHandler,
  log: FastifyBaseLogger,
): Promise<void> {
  // `attempts = job.attempts` guards the update: if this lease ran out and another worker took the
  // row, the slower one must not overwrite that worker's outcome.
  const mine = sql`id = ${job.id} AND attempts = ${job.attempts} AND status = 'running'`;
  const took = jobDuration.startTimer({ kind: job.kind });
  try {
    const outcome = await handler.handle(job.payload, {
      jobId: job.id,
      attempt: job.attempts,
      log,
    });
    took();
    jobRuns.inc({ kind: job.kind, outcome: outcome ?? 'done' });
    await db.execute(
      sql`UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = now()${kept(handler, job)} WHERE ${mine}`,
    );
  } catch (err) {
    took();
    if (err instanceof JobDeferred) {
      jobRuns.inc({ kind: job.kind, outcome: 'deferred' });
      await db.execute(sql`
        UPDATE jobs SET status = 'pending', attempts = attempts - 1, locked_until = NULL, updated_at = now(),
          run_at = ${err.until.toISOString()}::timestamptz
        WHERE ${mine}`);
      return;
    }
    const text = errorText(err);
    jobRuns.inc({ kind: job.kind, outcome: job.attempts >= job.maxAttempts ? 'failed' : 'retry' });
    if (job.attempts >= job.maxAttempts) {
      await db.execute(
        sql`UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = ${text}, updated_at = now()${kept(handler, job)} WHERE ${mine}`,
      );
      log.error(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, reason: text },
        'job failed after its last attempt',
      );
      try {
        await handler.onFailed?.(job.payload, err, { jobId: job.id, attempt: job.attempts });
      } catch (hookErr) {
        log.error({ jobId: job.id, reason: errorText(hookErr) }, 'onFailed hook threw');
      }
      return;
    }
    const delay = Math.max(0, Math.round((handler.backoffMs ?? defaultBackoffMs)(job.attempts)));
    await db.execute(sql`
      UPDATE jobs SET status = 'pending', locked_until = NULL, last_error = ${text}, updated_at = now(),
        run_at = now() + ${delay}::int * interval '1 millisecond'
      WHERE ${mine}`);
    log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delay, reason: text },
      'job failed; will retry',
    );
  }
}

export interface JobWorker {
  stop(): Promise<void>;
  /** Wakes the worker now (after a commit that queued something) instead of at the next poll. */
  kick(): void;
  /** Claims and runs one batch; answers how many jobs ran. Tests drive the worker with it. */
  runOnce(): Promise<number>;
}

export function startJobWorker(opts: {
  db: Db;
  log: FastifyBaseLogger;
  handlers: JobHandler[];
  pollMs?: number;
  leaseMs?: number;
  batch?: number;
  /** false: no timer; only runOnce() runs jobs (tests). */
  autoStart?: boolean;
  /** While this answers true the timer claims nothing (it asks again after `pollMs`); runOnce() still runs. */
  paused?: () => boolean;
}): JobWorker {
  const { db, log } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const batch = opts.batch ?? 10;
  const byKind = new Map(opts.handlers.map((h) => [h.kind, h]));
  const kinds = [...byKind.keys()];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let kickedWhileRunning = false;

  async function runOnce(): Promise<number> {
    const claimed = await claimJobs(db, kinds, leaseMs, batch);
    for (const job of claimed) await runJob(db, job, byKind.get(job.kind)!, log);
    return claimed.length;
  }

  function schedule(ms: number) {
    if (stopped || opts.autoStart === false) return;
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    if (stopped) return;
    if (opts.paused?.()) return schedule(pollMs);
    if (running) {
      kickedWhileRunning = true; // the batch in flight may have been claimed before the new job committed
      return;
    }
    running = runOnce().catch((err) => {
      log.error({ reason: errorText(err) }, 'job worker poll failed');
      return 0;
    });
    void running.then((n) => {
      running = undefined;
      const again = n >= batch || kickedWhileRunning; // a full batch: more may be waiting
      kickedWhileRunning = false;
      schedule(again ? 0 : pollMs);
    });
  }

  schedule(0);
  return {
    runOnce,
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
