import type { DbOrTx } from '../../db/client';
import type { PatternEventHandler, PatternEventType } from '../../events/pattern-events';
import { enqueueJob } from '../../jobs/outbox';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { enabledTargets, markPending, queuePattern } from './storefront.repo';

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
const PLAN: Partial<
  Record<PatternEventType, { mode: Mode; targets: StorefrontTargetName[] | 'delivered' }>
> = {
  'pattern.sent_to_review': { mode: 'upsert', targets: ['staging'] },
  'pattern.published': { mode: 'upsert', targets: ['production', 'staging'] },
  'pattern.changes_requested': { mode: 'upsert', targets: ['staging'] },
  'pattern.unpublished': { mode: 'offline', targets: 'delivered' },
  'pattern.deleted': { mode: 'delete', targets: 'delivered' },
  'pattern.restored': { mode: 'upsert', targets: 'delivered' },
};

/**
 * The storefront's handler of a pattern change (src/server/events, registered by background.ts),
 * run in the change's transaction (the transactional outbox): the pattern waits in
 * storefront_pending for each enabled target, and that target's delivery job for the current batch
 * window is queued once (its dedupe key names the window), to run when the window closes. A
 * rolled-back change queues nothing; a committed one is sent even if the process dies now, and the
 * portal says "waiting to be sent" from the commit on.
 */
export const storefrontPatternEvents: PatternEventHandler = {
  name: 'storefront',
  async handle(tx, { type, patternIds }) {
    const plan = PLAN[type];
    if (!plan) return;
    for (const id of patternIds) await queueFor(tx, id, plan.mode, plan.targets);
  },
};

export async function queueFor(
  tx: DbOrTx,
  patternId: number,
  mode: Mode,
  targets: StorefrontTargetName[] | 'delivered',
): Promise<StorefrontTargetName[]> {
  const enabled = await enabledTargets(tx, patternId, targets);
  if (!enabled.length) return [];
  for (const t of enabled) {
    await queuePattern(tx, t.name, patternId, mode);
    await markPending(tx, t.name, patternId, mode);
    await scheduleDelivery(tx, t.name, t.batch_ms);
  }
  return enabled.map((r) => r.name);
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
