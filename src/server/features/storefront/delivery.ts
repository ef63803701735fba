import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { JobDeferred, type JobContext, type JobHandler } from '../../jobs/outbox';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { buildArchive } from './archive';
import type { ItemPages } from './catalog-xml';
import {
  ExecutionGoneError,
  RefusedError,
  StorefrontClient,
  type ClientOptions,
  type Execution,
} from './client';
import type { StorefrontItem } from './mapping';
import { deliverSoon, STOREFRONT_JOB, type StorefrontJobPayload } from './queue';
import { sourcePages, type ReadPublished } from './source';
import { targetConfig, targetEnabled, type TargetConfig } from './targets';
import { recordOutcome, type RunRow } from './outcome';

type PendingRow = {
  pattern_id: number;
  seq: string | number;
  product_id: string;
  mode: 'upsert' | 'offline' | 'delete';
  variant_ids: string[];
};

/** How soon a job that found the target locked looks again (at most; sooner if the lock ends). */
const LOCK_RECHECK_MS = 15_000;
/** Longest wait for one import before the run is given to the queue's back-off. */
const MAX_IMPORT_WAIT_MS = 6 * 3600_000;

/**
 * The delivery job of one target: finish a run a killed process left (its import may have
 * run), then send what waits, at most STOREFRONT_ARCHIVE_MAX_PRODUCTS products per archive:
 * build the archive streaming into a temporary file, PUT it by WebDAV, start the import job, poll
 * it, record the outcome per pattern, delete the archive after success. Pending rows are removed
 * only once their import is confirmed (or refused), so a process killed at any point loses nothing.
 */
export function storefrontDeliveryHandler(
  deps: AppDeps,
  opts: {
    /** The patterns feature's `publishedVersions`: production receives what was published. */
    readPublished: ReadPublished;
    client?: ClientOptions;
    backoffMs?: (attempt: number) => number;
  },
): JobHandler<StorefrontJobPayload> {
  return {
    kind: STOREFRONT_JOB,
    backoffMs: opts.backoffMs ?? ((a) => Math.min(60_000, 1000 * 2 ** (a - 1))),
    handle: (payload, ctx) => deliver(deps, payload.target, ctx, opts.readPublished, opts.client),
    // The queue gave up (STOREFRONT_MAX_ATTEMPTS): the waiting patterns show why and stay
    // waiting; Retry on a pattern, a resync or the next change (or a restart) sends them again.
    async onFailed(payload, err, { attempt }) {
      const message = `could not reach the storefront after ${attempt} attempts: ${(err as Error).message}`;
      await deps.database.db.execute(sql`
        UPDATE storefront_runs SET message = ${`gave up: ${message}`.slice(0, 1000)}
        WHERE id = (SELECT max(id) FROM storefront_runs WHERE target = ${payload.target}) AND status = 'error'`);
      await failWaiting(deps, payload.target, message);
    },
  };
}

async function deliver(
  deps: AppDeps,
  target: StorefrontTargetName,
  ctx: JobContext,
  readPublished: ReadPublished,
  clientOptions?: ClientOptions,
): Promise<void> {
  const t = targetConfig(deps.env, target);
  if (!targetEnabled(t)) return;
  const db = deps.database.db;
  const leaseMs = deps.env.JOB_LEASE_MS;
  const renew = () =>
    db.execute(
      sql`UPDATE storefront_targets SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond' WHERE name = ${target}`,
    );
  const got = await db.execute(sql`
    UPDATE storefront_targets SET locked_until = now() + ${leaseMs}::int * interval '1 millisecond'
    WHERE name = ${target} AND (locked_until IS NULL OR locked_until < now()) RETURNING name`);
  if (!got.rows.length) {
    // Another delivery to this target runs (or this job's lease ran out during a long import and
    // it was claimed again): wait for it without using up an attempt, or a long import would
    // exhaust STOREFRONT_MAX_ATTEMPTS and mark patterns failed while their import runs.
    const lock = await db.execute<{ until: string | Date | null }>(
      sql`SELECT locked_until AS until FROM storefront_targets WHERE name = ${target}`,
    );
    const until = lock.rows[0]?.until ? new Date(lock.rows[0].until).getTime() : Date.now();
    throw new JobDeferred(new Date(Math.min(until, Date.now() + LOCK_RECHECK_MS)));
  }
  const client = new StorefrontClient(t, clientOptions);
  const tmpDir = path.join(deps.env.dataDir, 'tmp');
  let tmp: string | null = null;
  let runId: number | null = null;
  let current: number | null = null;
  let uploaded: string | null = null;
  // The lock is kept while this run lives (a long upload included): expired, another job would
  // take the target, find this run without its execution id and send its patterns a second time.
  let beat: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(
    () => (beat = renew().catch(() => undefined)),
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  try {
    await client.checkTarget();
    // A run a killed process left: its import may have run; ask before sending again.
    const open = await db.execute<RunRow>(
      sql`SELECT id, target, archive_name, items, execution_id FROM storefront_runs WHERE target = ${target} AND status = 'running' ORDER BY id`,
    );
    for (const run of open.rows) {
      if (run.execution_id)
        await settle(deps, client, run, renew); // unknown there: its rows go below
      else
        await db.execute(
          sql`UPDATE storefront_runs SET status = 'error', message = 'interrupted before its import started; sent again', finished_at = now() WHERE id = ${run.id}`,
        );
    }
    const max = deps.env.STOREFRONT_ARCHIVE_MAX_PRODUCTS;
    const pending = await db.execute<PendingRow>(sql`
      SELECT pattern_id, seq, product_id, mode, variant_ids FROM storefront_pending
      WHERE target = ${target} ORDER BY seq LIMIT ${max + 1}`);
    const rows = pending.rows.slice(0, max);
    if (!rows.length) return;
    const items = rows.map((r) => [r.pattern_id, Number(r.seq)] as [number, number]);
    const name = `ppp_${target}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${crypto.randomBytes(3).toString('hex')}`;
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO storefront_runs (target, archive_name, products, items)
      VALUES (${target}, ${name}, ${rows.length}, ${JSON.stringify(items)}::jsonb) RETURNING id`);
    const run: RunRow = {
      id: Number(inserted.rows[0]!.id),
      target,
      archive_name: name,
      items,
      execution_id: null,
    };
    runId = current = run.id;
    ctx.log.info({ target, runId: run.id, products: rows.length }, 'storefront: sending archive');
    fs.mkdirSync(tmpDir, { recursive: true });
    tmp = path.join(tmpDir, `${name}.zip`);
    await pipeline(
      buildArchive(deps.files, name, itemPages(deps, t, rows, readPublished), t),
      fs.createWriteStream(tmp),
    );
    await renew();
    await client.putArchive(name, tmp);
    uploaded = name;
    run.execution_id = await client.startImport(name);
    uploaded = null; // the import has it: deleted after OK
    await db.execute(
      sql`UPDATE storefront_runs SET execution_id = ${run.execution_id} WHERE id = ${run.id}`,
    );
    runId = null; // from here on, an interruption is resumed by asking for this execution
    const settled = await settle(deps, client, run, renew, ctx);
    if (pending.rows.length > max || !settled) await deliverSoon(db, target, `after-run-${run.id}`);
  } catch (err) {
    // An archive uploaded whose import did not start is removed (the next try uploads a new one).
    if (uploaded) await client.deleteArchive(uploaded).catch(() => undefined);
    // Refused (address, credentials, permissions, the job's start): not retried by itself. The
    // run and every waiting pattern show why; the rows stay waiting for Retry, a resync or a restart.
    if (err instanceof RefusedError) {
      if (current !== null)
        await db.execute(
          sql`UPDATE storefront_runs SET status = 'error', message = ${err.message.slice(0, 1000)}, finished_at = now() WHERE id = ${current} AND status = 'running'`,
        );
      await failWaiting(deps, target, err.message);
      return;
    }
    // Network, 5xx, 429: the queue tries again with back-off; nothing pending is lost.
    if (runId !== null)
      await db.execute(
        sql`UPDATE storefront_runs SET status = 'error', message = ${`will retry: ${(err as Error).message}`.slice(0, 1000)}, finished_at = now() WHERE id = ${runId} AND status = 'running'`,
      );
    throw err;
  } finally {
    clearInterval(heartbeat);
    await beat; // a renewal in flight must not take the lock again after it is released
    await db.execute(sql`UPDATE storefront_targets SET locked_until = NULL WHERE name = ${target}`);
    if (tmp) fs.rmSync(tmp, { force: true });
  }
}

/** The archive's items: removals and offline products from the pending rows, whole products read from the source. */
function itemPages(
  deps: AppDeps,
  t: TargetConfig,
  rows: PendingRow[],
  readPublished: ReadPublished,
): ItemPages {
  const ids = rows.filter((r) => r.mode === 'upsert').map((r) => r.pattern_id);
  const others: StorefrontItem[] = rows
    .filter((r) => r.mode !== 'upsert')
    .map((r) => ({
      mode: r.mode as 'offline' | 'delete',
      productId: r.product_id,
      variantIds: r.variant_ids,
    }));
  return async function* () {
    if (others.length) yield others;
    if (!ids.length) return;
    // Staging shows what was sent to review; production only what was published.
    const version = t.name === 'production' ? { published: readPublished } : 'working';
    for await (const page of sourcePages(deps, { ids }, undefined, version))
      yield page.map((pattern) => ({ mode: 'upsert' as const, pattern }));
  };
}

/**
 * Waits for a run's import and records its outcome (the archive deleted after OK). Answers false
 * when the instance does not know the execution (purged, say): the run is closed as unconfirmed
 * and its patterns, still waiting, are sent again.
 */
async function settle(
  deps: AppDeps,
  client: StorefrontClient,
  run: RunRow,
  renew: () => Promise<unknown>,
  ctx?: JobContext,
): Promise<boolean> {
  let result: Execution;
  try {
    result = await waitFor(client, run.execution_id!, deps.env.STOREFRONT_POLL_MS, renew);
  } catch (err) {
    if (!(err instanceof ExecutionGoneError)) throw err;
    await deps.database.db.execute(
      sql`UPDATE storefront_runs SET status = 'error', message = ${`the instance does not know import ${run.execution_id} (${err.message}); sent again`.slice(0, 1000)}, finished_at = now() WHERE id = ${run.id}`,
    );
    return false;
  }
  await recordOutcome(deps, run, result);
  if (result.ok)
    await client
      .deleteArchive(run.archive_name)
      .catch((err: unknown) =>
        ctx?.log.warn(
          { target: run.target, error: (err as Error).message },
          'storefront: archive not deleted',
        ),
      );
  return true;
}

async function waitFor(
  client: StorefrontClient,
  id: string,
  pollMs: number,
  renew: () => Promise<unknown>,
): Promise<Execution> {
  const until = Date.now() + MAX_IMPORT_WAIT_MS;
  for (;;) {
    const e = await client.execution(id);
    if (e.finished) return e;
    if (Date.now() > until)
      throw new Error(`import ${id} still running after ${MAX_IMPORT_WAIT_MS / 3600_000} h`);
    await new Promise((r) => setTimeout(r, pollMs));
    await renew();
  }
}

/** The target refused (address, credentials, permissions) or stayed unreachable: every waiting pattern shows why; they stay waiting. */
async function failWaiting(deps: AppDeps, target: StorefrontTargetName, message: string) {
  await deps.database.db.execute(sql`
    UPDATE storefront_status s SET state = 'error', message = ${message.slice(0, 1000)}, updated_at = now()
    FROM storefront_pending p
    WHERE p.target = ${target} AND s.target = p.target AND s.pattern_id = p.pattern_id`);
}
