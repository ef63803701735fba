import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { recordSystemActivity } from '../activity';
import { queueEvent, webhookSubscribers } from '../integrations';
import type { RunItem } from '../../db/schema/storefront';
import type { Execution } from './client';
import type { Decision } from './plan';
import * as repo from './outcome.repo';
import type { RunRow } from './delivery.repo';

/** A run's items as stored: each pending row's id and version, and what the archive did with it. */
export const runItems = (decisions: Decision[]): RunItem[] =>
  decisions.map((d) => [d.patternId, d.seq, d.mode as 'upsert' | 'offline' | 'delete', d.ids]);

/**
 * What the target may hold after this item's import (storefront_status.held): an upsert adds what
 * it sent (a failed one may have imported part of it; a dropped variant is offline, still there),
 * a confirmed delete empties it. Runs written before migration 0028 name no products: unchanged.
 */
async function updateHeld(tx: DbOrTx, target: StorefrontTargetName, item: RunItem, ok: boolean) {
  const [id, , mode, ids] = item;
  if (!mode || !ids) return;
  if (mode === 'delete' && ok) await repo.setHeldProducts(tx, target, id, []);
  if (mode === 'upsert') {
    const held = [...new Set([...((await repo.heldProducts(tx, target, id)) ?? []), ...ids])];
    await repo.setHeldProducts(tx, target, id, held);
  }
}

/**
 * KEY SHARE locks on the patterns of a run, in id order, before its pending and status rows: the
 * order every change takes (its pattern FOR UPDATE first), so an outcome waits for a change of one
 * of its patterns to commit instead of deadlocking with it (docs/storefront.md, "Delivery").
 */
async function lockPatterns(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await repo.lockPatternsKeyShare(tx, ids);
}

/**
 * Patterns the target holds nothing of and should not (a pattern never published, restored from
 * the Trash after its products were deleted): nothing is sent; their pending rows are cleared and
 * their status says the target does not have them (mode delete, not live). No activity: nothing
 * happened on the storefront.
 */
export async function recordNothingToSend(
  deps: AppDeps,
  target: StorefrontTargetName,
  decisions: Decision[],
) {
  if (!decisions.length) return;
  const items = decisions.map((d): [number, number] => [d.patternId, d.seq]);
  await deps.database.db.transaction(async (tx) => {
    await lockPatterns(
      tx,
      decisions.map((d) => d.patternId),
    );
    const cleared = await repo.clearPendingItems(tx, target, items);
    const ids = cleared.map((r) => r.patternId);
    if (!ids.length) return;
    await repo.markNotHeld(tx, target, ids);
  });
}

/**
 * One import's outcome, in one transaction: what each target holds is updated for every item (a
 * change queued meanwhile included: the import ran either way); the pending rows it carried
 * (those versions only: a change queued meanwhile stays) are cleared either way, so a failed
 * import never blocks later ones; each pattern's status — in the mode the archive carried it, so
 * a pattern not in the archive as a whole product never shows live — its activity and a
 * `storefront.delivered` / `storefront.failed` webhook event record the outcome.
 */
export async function recordOutcome(deps: AppDeps, run: RunRow, result: Execution) {
  const message = result.ok
    ? null
    : (result.message || 'the import job ended with ERROR').slice(0, 1000);
  await deps.database.db.transaction(async (tx) => {
    // Locks in the order a change takes them (pattern, then its pending row, then its status):
    // a change holds its pattern FOR UPDATE while it queues, and the activity rows below need a
    // KEY SHARE lock on each pattern; taken last, they deadlocked with a Trash restore or a
    // Request changes of a pattern in this run (PostgreSQL answered the change 40P01, a 500).
    await lockPatterns(
      tx,
      run.items.map(([id]) => id),
    );
    const cleared = await repo.clearPendingItems(tx, run.target, run.items);
    for (const item of run.items) await updateHeld(tx, run.target, item, result.ok);
    await repo.finishRun(tx, run.id, { ok: result.ok, message, executionId: result.id || null });
    const eventType = result.ok ? 'storefront.delivered' : 'storefront.failed';
    const subscribers = await webhookSubscribers(tx, eventType);
    for (const row of cleared) {
      const id = row.patternId;
      const updated = await repo.recordPatternOutcome(tx, {
        target: run.target,
        patternId: id,
        runId: run.id,
        ok: result.ok,
        mode: row.mode,
        message,
      });
      if (!updated) continue; // deleted since, or changed again (that change is on its way)
      await recordSystemActivity(tx, 'Storefront', id, 'storefront', {
        target: run.target,
        ok: result.ok,
        mode: row.mode,
        message,
      });
      if (!subscribers.length) continue;
      const p = await repo.patternForEvent(tx, id);
      if (p) {
        const data = { pattern: p, target: run.target, mode: row.mode, runId: run.id, message };
        await queueEvent(tx, eventType, data, subscribers);
      }
    }
  });
}
