import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  storefrontPending,
  storefrontRuns,
  storefrontTargets,
  type RunItem,
} from '../../db/schema/storefront';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';

/** A delivery run as the job and its outcome read it (storefront_runs). */
export type RunRow = {
  id: number;
  target: StorefrontTargetName;
  archive_name: string;
  items: RunItem[];
  execution_id: string | null;
};

/** A pattern waiting to reach a target (storefront_pending). */
export type PendingRow = {
  pattern_id: number;
  seq: string | number;
  product_id: string;
  mode: 'upsert' | 'offline' | 'delete';
  variant_ids: string[];
};

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs}::int * interval '1 millisecond'`;

// The target's lease (delivery.ts, takeLease).

/** Takes the target's lease if it is free or expired; false when another run holds it. */
export async function takeTargetLease(db: DbOrTx, target: StorefrontTargetName, leaseMs: number) {
  const got = await db
    .update(storefrontTargets)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(
      and(
        eq(storefrontTargets.name, target),
        or(isNull(storefrontTargets.lockedUntil), lt(storefrontTargets.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ name: storefrontTargets.name });
  return got.length > 0;
}

export async function renewTargetLease(db: DbOrTx, target: StorefrontTargetName, leaseMs: number) {
  await db
    .update(storefrontTargets)
    .set({ lockedUntil: leaseEnd(leaseMs) })
    .where(eq(storefrontTargets.name, target));
}

export async function releaseTargetLease(db: DbOrTx, target: StorefrontTargetName) {
  await db
    .update(storefrontTargets)
    .set({ lockedUntil: null })
    .where(eq(storefrontTargets.name, target));
}

/** When the lease another run holds ends (null: not known). */
export async function targetLockedUntil(db: DbOrTx, target: StorefrontTargetName) {
  const [row] = await db
    .select({ until: storefrontTargets.lockedUntil })
    .from(storefrontTargets)
    .where(eq(storefrontTargets.name, target));
  return row?.until ?? null;
}

// Runs.

const runColumns = {
  id: storefrontRuns.id,
  target: storefrontRuns.target,
  archive_name: storefrontRuns.archiveName,
  items: storefrontRuns.items,
  execution_id: storefrontRuns.executionId,
};

/** Runs still marked running (a killed process left them), oldest first. */
export async function openRuns(db: DbOrTx, target: StorefrontTargetName): Promise<RunRow[]> {
  return db
    .select(runColumns)
    .from(storefrontRuns)
    .where(and(eq(storefrontRuns.target, target), eq(storefrontRuns.status, 'running')))
    .orderBy(asc(storefrontRuns.id));
}

export async function insertRun(
  db: DbOrTx,
  run: { target: StorefrontTargetName; archiveName: string; products: number; items: RunItem[] },
): Promise<number> {
  const [row] = await db.insert(storefrontRuns).values(run).returning({ id: storefrontRuns.id });
  return Number(row!.id);
}

export async function setRunExecution(db: DbOrTx, runId: number, executionId: string) {
  await db.update(storefrontRuns).set({ executionId }).where(eq(storefrontRuns.id, runId));
}

/** Closes a run in error with its message; `ifRunning`: only a run still marked running. */
export async function closeRunInError(
  db: DbOrTx,
  runId: number,
  message: string,
  { ifRunning = false } = {},
) {
  await db
    .update(storefrontRuns)
    .set({ status: 'error', message: message.slice(0, 1000), finishedAt: sql`now()` })
    .where(
      ifRunning
        ? and(eq(storefrontRuns.id, runId), eq(storefrontRuns.status, 'running'))
        : eq(storefrontRuns.id, runId),
    );
}

/** The queue gave up: the target's last run, if it ended in error, says so. */
export async function markLastRunGaveUp(db: DbOrTx, target: StorefrontTargetName, message: string) {
  await db.execute(sql`
    UPDATE storefront_runs SET message = ${message.slice(0, 1000)}
    WHERE id = (SELECT max(id) FROM storefront_runs WHERE target = ${target}) AND status = 'error'`);
}

// Pending rows and the status of the patterns waiting.

/** The oldest `limit` pending rows of the target. */
export async function pendingRows(
  db: DbOrTx,
  target: StorefrontTargetName,
  limit: number,
): Promise<PendingRow[]> {
  return db
    .select({
      pattern_id: storefrontPending.patternId,
      seq: storefrontPending.seq,
      product_id: storefrontPending.productId,
      mode: storefrontPending.mode,
      variant_ids: storefrontPending.variantIds,
    })
    .from(storefrontPending)
    .where(eq(storefrontPending.target, target))
    .orderBy(asc(storefrontPending.seq))
    .limit(limit);
}

/** The target refused or stayed unreachable: every waiting pattern is in error, saying why (they stay waiting). */
export async function failWaitingPatterns(
  db: DbOrTx,
  target: StorefrontTargetName,
  message: string,
) {
  await db.execute(sql`
    UPDATE storefront_status s SET state = 'error', message = ${message.slice(0, 1000)}, updated_at = now()
    FROM storefront_pending p
    WHERE p.target = ${target} AND s.target = p.target AND s.pattern_id = p.pattern_id`);
}

/** A delivery being retried: every pattern still waiting on the target shows its last error. */
export async function noteRetryOnWaiting(
  db: DbOrTx,
  target: StorefrontTargetName,
  message: string,
) {
  await db.execute(sql`
    UPDATE storefront_status s SET message = ${message.slice(0, 1000)}, updated_at = now()
    FROM storefront_pending p
    WHERE p.target = ${target} AND s.target = p.target AND s.pattern_id = p.pattern_id AND s.state = 'pending'`);
}
