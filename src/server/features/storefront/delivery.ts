import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../context';
import { JobDeferred, type JobContext, type JobHandler, type JobOutcome } from '../../jobs/outbox';
import { storefrontImports } from '../../lib/metrics';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { buildArchive } from './archive';
import {
  ExecutionGoneError,
  RefusedError,
  StorefrontClient,
  logErrors,
  type ClientOptions,
  type Execution,
} from './client';
import { deliverSoon, STOREFRONT_JOB, type StorefrontJobPayload } from './queue';
import { targetConfig, targetEnabled, type TargetConfig } from './targets';
import { recordNothingToSend, recordOutcome, runItems } from './outcome';
import { planItems, planPages } from './plan';
import * as repo from './delivery.repo';
import type { RunRow } from './delivery.repo';

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
    client?: ClientOptions;
    backoffMs?: (attempt: number) => number;
  } = {},
): JobHandler<StorefrontJobPayload> {
  return {
    kind: STOREFRONT_JOB,
    backoffMs: opts.backoffMs ?? ((a) => Math.min(60_000, 1000 * 2 ** (a - 1))),
    handle: (payload, ctx) => deliver(deps, payload.target, ctx, opts.client),
    // The queue gave up (STOREFRONT_MAX_ATTEMPTS): the waiting patterns show why and stay
    // waiting; Retry on a pattern, a resync or the next change (or a restart) sends them again.
    async onFailed(payload, err, { attempt }) {
      const message = `could not reach the storefront after ${attempt} attempts: ${(err as Error).message}`;
      await repo.markLastRunGaveUp(deps.database.db, payload.target, `gave up: ${message}`);
      await failWaiting(deps, payload.target, message);
    },
  };
}

/** One delivery run of a target, under its lease: what a killed run left, then what waits. */
async function deliver(
  deps: AppDeps,
  target: StorefrontTargetName,
  ctx: JobContext,
  clientOptions?: ClientOptions,
): Promise<void | JobOutcome> {
  const t = targetConfig(deps.env, target);
  if (!targetEnabled(t)) return;
  const lease = await takeLease(deps, target);
  const run: RunState = {
    deps,
    t,
    ctx,
    client: new StorefrontClient(t, clientOptions),
    renew: lease.renew,
    runId: null,
    current: null,
    uploaded: null,
    tmp: null,
    importFailed: false,
  };
  try {
    await run.client.checkTarget();
    clearLocalArchives(deps, target);
    await resumeOpenRuns(run);
    await sendWaiting(run);
    return run.importFailed ? 'failed' : undefined;
  } catch (err) {
    await afterFailure(run, err);
    return 'refused';
  } finally {
    await lease.release();
    if (run.tmp) fs.rmSync(run.tmp, { force: true });
  }
}

/** What one delivery run knows as it goes, for its steps and for what its failure must undo. */
interface RunState {
  deps: AppDeps;
  t: TargetConfig;
  ctx: JobContext;
  client: StorefrontClient;
  renew: () => Promise<unknown>;
  /** The run whose import has not started: an interruption marks it to be sent again. */
  runId: number | null;
  /** The run under way (a refusal closes it). */
  current: number | null;
  /** An archive uploaded whose import has not started (removed on failure). */
  uploaded: string | null;
  /** The local archive file (removed when the run ends). */
  tmp: string | null;
  /** An import of this run ended in ERROR (the job's outcome in the metrics: not done). */
  importFailed: boolean;
}

/**
 * The target's lease (one delivery per target at a time, across processes), kept while the run
 * lives, a long upload included: expired, another job would take the target, find this run
 * without its execution id and send its patterns a second time. A job finding the target taken
 * waits for it without using up an attempt (JobDeferred), or a long import would exhaust
 * STOREFRONT_MAX_ATTEMPTS and mark patterns failed while their import runs.
 */
async function takeLease(deps: AppDeps, target: StorefrontTargetName) {
  const db = deps.database.db;
  const leaseMs = deps.env.JOB_LEASE_MS;
  const renew = () => repo.renewTargetLease(db, target, leaseMs);
  if (!(await repo.takeTargetLease(db, target, leaseMs))) {
    const lockedUntil = await repo.targetLockedUntil(db, target);
    const until = lockedUntil ? new Date(lockedUntil).getTime() : Date.now();
    throw new JobDeferred(new Date(Math.min(until, Date.now() + LOCK_RECHECK_MS)));
  }
  let beat: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(
    () => (beat = renew().catch(() => undefined)),
    Math.max(100, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  return {
    renew,
    async release() {
      clearInterval(heartbeat);
      await beat; // a renewal in flight must not take the lock again after it is released
      await repo.releaseTargetLease(db, target);
    },
  };
}

/**
 * Local archives a killed delivery of this target left in DATA_DIR/tmp (the lease is held: none
 * of them belongs to a live run; a resumed run asks the instance, it does not need its file).
 */
function clearLocalArchives(deps: AppDeps, target: StorefrontTargetName) {
  const dir = path.join(deps.env.dataDir, 'tmp');
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir))
    if (f.startsWith(`ppp_${target}_`) && f.endsWith('.zip'))
      fs.rmSync(path.join(dir, f), { force: true });
}

/** Runs a killed process left: one whose import started is asked for; one that had not, closed (its rows are sent below). */
async function resumeOpenRuns(r: RunState) {
  const db = r.deps.database.db;
  for (const run of await repo.openRuns(db, r.t.name)) {
    if (run.execution_id) await settle(r, run);
    else
      await repo.closeRunInError(db, run.id, 'interrupted before its import started; sent again');
  }
}

/**
 * The next archive: up to STOREFRONT_ARCHIVE_MAX_PRODUCTS waiting patterns, each decided now
 * (plan.ts); those with nothing to send are recorded at once and never make an archive. Built
 * streaming into DATA_DIR/tmp, uploaded, its import started and awaited.
 */
async function sendWaiting(r: RunState) {
  const { deps, t } = r;
  const db = deps.database.db;
  const max = deps.env.STOREFRONT_ARCHIVE_MAX_PRODUCTS;
  const pending = await repo.pendingRows(db, t.name, max + 1);
  const rows = pending.slice(0, max);
  if (!rows.length) return;
  const more = pending.length > max;
  const decisions = await planItems(deps, t.name, rows);
  await recordNothingToSend(
    deps,
    t.name,
    decisions.filter((d) => d.mode === 'none'),
  );
  const sending = decisions.filter((d) => d.mode !== 'none');
  if (!sending.length) {
    if (more) await deliverSoon(db, t.name, `after-plan-${Date.now()}`);
    return;
  }
  const name = `ppp_${t.name}_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${crypto.randomBytes(3).toString('hex')}`;
  const items = runItems(sending);
  const runId = await repo.insertRun(db, {
    target: t.name,
    archiveName: name,
    products: sending.length,
    items,
  });
  const run: RunRow = {
    id: runId,
    target: t.name,
    archive_name: name,
    items,
    execution_id: null,
  };
  r.runId = r.current = run.id;
  r.ctx.log.info(
    { target: t.name, runId: run.id, products: sending.length },
    'storefront: sending archive',
  );
  const tmpDir = path.join(deps.env.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  r.tmp = path.join(tmpDir, `${name}.zip`);
  await pipeline(
    buildArchive(deps.files, name, planPages(deps, sending), t),
    fs.createWriteStream(r.tmp),
  );
  await r.renew();
  await r.client.putArchive(name, r.tmp);
  r.uploaded = name;
  run.execution_id = await r.client.startImport(name);
  r.uploaded = null; // the import has it: deleted once it finished
  await repo.setRunExecution(db, run.id, run.execution_id);
  r.runId = null; // from here on, an interruption is resumed by asking for this execution
  const settled = await settle(r, run);
  if (more || !settled) await deliverSoon(db, t.name, `after-run-${run.id}`);
}

/**
 * A run that failed. Refused (address, credentials, permissions, the job's start): not retried by
 * itself; the run and every waiting pattern show why, the rows stay waiting for Retry, a resync or
 * a restart. Network, 5xx, 429: the queue tries again with back-off, nothing pending is lost, and
 * the waiting patterns say that delivery is failing and being retried, with the error.
 */
async function afterFailure(r: RunState, err: unknown): Promise<void> {
  const db = r.deps.database.db;
  const target = r.t.name;
  // An archive uploaded whose import did not start is removed (the next try uploads a new one).
  if (r.uploaded) await r.client.deleteArchive(r.uploaded).catch(() => undefined);
  if (err instanceof RefusedError) {
    if (r.current !== null)
      await repo.closeRunInError(db, r.current, err.message, { ifRunning: true });
    await failWaiting(r.deps, target, err.message);
    return;
  }
  const message = (err as Error).message;
  if (r.runId !== null)
    await repo.closeRunInError(db, r.runId, `will retry: ${message}`, { ifRunning: true });
  await repo.noteRetryOnWaiting(db, target, message);
  throw err;
}

/**
 * Waits for a run's import and records its outcome; a failed import's message is its log's error
 * lines. The archive is deleted once the import finished, OK or not (a failed one is never
 * imported again: the next try uploads a new archive). Answers false when the instance does not
 * know the execution (purged, say): the run is closed as unconfirmed and its patterns, still
 * waiting, are sent again.
 */
async function settle(r: RunState, run: RunRow): Promise<boolean> {
  const { deps, client } = r;
  let result: Execution;
  try {
    result = await waitFor(client, run.execution_id!, deps.env.STOREFRONT_POLL_MS, r.renew);
  } catch (err) {
    if (!(err instanceof ExecutionGoneError)) throw err;
    await repo.closeRunInError(
      deps.database.db,
      run.id,
      `the instance does not know import ${run.execution_id} (${err.message}); sent again`,
    );
    return false;
  }
  if (!result.ok) result = await withLogErrors(r, result);
  await recordOutcome(deps, run, result);
  storefrontImports.inc({ target: run.target, outcome: result.ok ? 'ok' : 'error' });
  if (!result.ok) r.importFailed = true;
  await client
    .deleteArchive(run.archive_name)
    .catch((err: unknown) =>
      r.ctx.log.warn(
        { target: run.target, error: (err as Error).message },
        'storefront: archive not deleted',
      ),
    );
  return true;
}

/** A failed import's message from its job log's error lines (the exit status alone says only "ERROR"). */
async function withLogErrors(r: RunState, result: Execution): Promise<Execution> {
  if (!result.logPath) return result;
  try {
    const lines = logErrors(await r.client.readLog(result.logPath));
    if (!lines.length) return result;
    return { ...result, message: lines.join(' · ') };
  } catch (err) {
    r.ctx.log.warn(
      { target: r.t.name, error: (err as Error).message },
      'storefront: import log not read',
    );
    return result;
  }
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
  await repo.failWaitingPatterns(deps.database.db, target, message);
}
