import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../../jobs/outbox';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';

export const STOREFRONT_JOB = 'storefront.deliver';
export const STOREFRONT_MAX_ATTEMPTS = 40;
export interface StorefrontJobPayload {
  target: StorefrontTargetName;
}
type Mode = 'upsert' | 'offline' | 'delete';

/**
 * Lifecycle events → which targets must look at the pattern again. The mode written here is the
 * change's intent; what a target receives is decided when the archive is built, from the pattern's
 * state then and what the target holds (`plan.ts`). Send to review → staging; publish → production
 * and staging; request changes → staging (back to the published version, or offline); unpublish →
 * offline, delete → delete mode, restore → the targets that had it (production: its published
 * version if it is published, else nothing).
 */
const PLAN: Record<string, { mode: Mode; targets: StorefrontTargetName[] | 'delivered' }> = {
  'pattern.sent_to_review': { mode: 'upsert', targets: ['staging'] },
  'pattern.published': { mode: 'upsert', targets: ['production', 'staging'] },
  'pattern.changes_requested': { mode: 'upsert', targets: ['staging'] },
  'pattern.unpublished': { mode: 'offline', targets: 'delivered' },
  'pattern.deleted': { mode: 'delete', targets: 'delivered' },
  'pattern.restored': { mode: 'upsert', targets: 'delivered' },
};

/**
 * Called in the transaction of the change (the transactional outbox): the pattern waits in
 * storefront_pending for each enabled target, and that target's delivery job for the current batch
 * window is queued once (its dedupe key names the window), to run when the window closes. A
 * rolled-back change queues nothing; a committed one is sent even if the process dies now.
 */
export async function queueStorefrontChange(tx: DbOrTx, event: string, patternId: number) {
  const plan = PLAN[event];
  if (!plan) return;
  await queueFor(tx, patternId, plan.mode, plan.targets);
}

export async function queueFor(
  tx: DbOrTx,
  patternId: number,
  mode: Mode,
  targets: StorefrontTargetName[] | 'delivered',
): Promise<StorefrontTargetName[]> {
  const candidates =
    targets === 'delivered'
      ? sql`(SELECT target FROM storefront_status WHERE pattern_id = ${patternId})`
      : sql`(${sql.join(
          targets.map((t) => sql`${t}`),
          sql`, `,
        )})`;
  const res = await tx.execute<{ name: StorefrontTargetName; batch_ms: number }>(sql`
    SELECT name, batch_ms FROM storefront_targets WHERE enabled AND name IN ${candidates}`);
  if (!res.rows.length) return [];
  for (const t of res.rows) {
    await tx.execute(sql`
      INSERT INTO storefront_pending (target, pattern_id, product_id, mode, variant_ids)
      SELECT ${t.name}, p."ID", p."SFCC_Pattern_ID", ${mode},
        coalesce((SELECT jsonb_agg(s."VariationID" ORDER BY s."ID") FROM sizes s WHERE s.pattern_id = p."ID"), '[]'::jsonb)
      FROM patterns p WHERE p."ID" = ${patternId}
      ON CONFLICT (target, pattern_id) DO UPDATE SET mode = excluded.mode,
        product_id = excluded.product_id, variant_ids = excluded.variant_ids,
        seq = nextval('storefront_pending_seq'), queued_at = now()`);
    await tx.execute(sql`
      INSERT INTO storefront_status (pattern_id, target, state, mode)
      VALUES (${patternId}, ${t.name}, 'pending', ${mode})
      ON CONFLICT (pattern_id, target) DO UPDATE SET state = 'pending', mode = excluded.mode,
        message = NULL, updated_at = now()`);
    await scheduleDelivery(tx, t.name, t.batch_ms);
  }
  return res.rows.map((r) => r.name);
}

/** The target's job for the batch window now open, run when it closes (at most one archive per window). */
export async function scheduleDelivery(
  db: DbOrTx,
  target: StorefrontTargetName,
  batchMs: number,
  now = Date.now(),
) {
  const window = Math.floor(now / batchMs);
  await enqueueJob(db, {
    kind: STOREFRONT_JOB,
    payload: { target } satisfies StorefrontJobPayload,
    dedupeKey: `storefront:${target}:${batchMs}:${window}`,
    runAt: new Date((window + 1) * batchMs),
    maxAttempts: STOREFRONT_MAX_ATTEMPTS,
  });
}

/** A follow-up job right away (more pending than one archive holds, or a Retry). */
export async function deliverSoon(db: DbOrTx, target: StorefrontTargetName, reason: string) {
  await enqueueJob(db, {
    kind: STOREFRONT_JOB,
    payload: { target } satisfies StorefrontJobPayload,
    dedupeKey: `storefront:${target}:${reason}`,
    maxAttempts: STOREFRONT_MAX_ATTEMPTS,
  });
}
