import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { recordSystemActivity } from '../activity';
import { emitPatternEvent } from '../integrations';
import type { RunItem } from '../../db/schema/storefront';
import type { Execution } from './client';
import type { Decision } from './plan';

export type RunRow = {
  id: number;
  target: StorefrontTargetName;
  archive_name: string;
  items: RunItem[];
  execution_id: string | null;
};

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
  if (mode === 'delete' && ok)
    await tx.execute(sql`
      UPDATE storefront_status SET held = '[]'::jsonb WHERE pattern_id = ${id} AND target = ${target}`);
  if (mode === 'upsert') {
    const cur = await tx.execute<{ held: string[] | null }>(
      sql`SELECT held FROM storefront_status WHERE pattern_id = ${id} AND target = ${target}`,
    );
    const held = [...new Set([...(cur.rows[0]?.held ?? []), ...ids])];
    await tx.execute(sql`
      UPDATE storefront_status SET held = ${JSON.stringify(held)}::jsonb
      WHERE pattern_id = ${id} AND target = ${target}`);
  }
}

/**
 * KEY SHARE locks on the patterns of a run, in id order, before its pending and status rows: the
 * order every change takes (its pattern FOR UPDATE first), so an outcome waits for a change of one
 * of its patterns to commit instead of deadlocking with it (docs/storefront.md, "Delivery").
 */
async function lockPatterns(tx: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`
    SELECT 1 FROM patterns WHERE "ID" = ANY(${`{${[...new Set(ids)].join(',')}}`}::int[])
    ORDER BY "ID" FOR KEY SHARE`);
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
  const items = JSON.stringify(decisions.map((d) => [d.patternId, d.seq]));
  await deps.database.db.transaction(async (tx) => {
    await lockPatterns(
      tx,
      decisions.map((d) => d.patternId),
    );
    const cleared = await tx.execute<{ pattern_id: number }>(sql`
      DELETE FROM storefront_pending p USING jsonb_array_elements(${items}::jsonb) e
      WHERE p.target = ${target} AND p.pattern_id = (e->>0)::int AND p.seq = (e->>1)::bigint
      RETURNING p.pattern_id`);
    const ids = cleared.rows.map((r) => Number(r.pattern_id));
    if (!ids.length) return;
    await tx.execute(sql`
      UPDATE storefront_status SET state = 'ok', mode = 'delete', message = NULL, live_since = NULL,
        updated_at = now()
      WHERE target = ${target} AND pattern_id = ANY(${`{${ids.join(',')}}`}::int[])`);
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
    const items = JSON.stringify(run.items);
    const cleared = await tx.execute<{ pattern_id: number; mode: string }>(sql`
      DELETE FROM storefront_pending p USING jsonb_array_elements(${items}::jsonb) e
      WHERE p.target = ${run.target} AND p.pattern_id = (e->>0)::int AND p.seq = (e->>1)::bigint
      RETURNING p.pattern_id, coalesce(e->>2, p.mode) AS mode`);
    for (const item of run.items) await updateHeld(tx, run.target, item, result.ok);
    await tx.execute(sql`
      UPDATE storefront_runs SET status = ${result.ok ? 'ok' : 'error'}, message = ${message},
        execution_id = coalesce(execution_id, ${result.id || null}), finished_at = now()
      WHERE id = ${run.id}`);
    for (const row of cleared.rows) {
      const id = Number(row.pattern_id);
      const updated = await tx.execute(sql`
        UPDATE storefront_status SET state = ${result.ok ? 'ok' : 'error'}, message = ${message},
          since = CASE WHEN ${result.ok} THEN now() ELSE since END,
          live_since = CASE WHEN NOT ${result.ok} THEN live_since
            WHEN ${row.mode} = 'upsert' THEN coalesce(live_since, now()) END,
          run_id = ${run.id}, mode = ${row.mode},
          updated_at = now()
        WHERE pattern_id = ${id} AND target = ${run.target}
          AND NOT EXISTS (SELECT 1 FROM storefront_pending q WHERE q.target = ${run.target} AND q.pattern_id = ${id})
        RETURNING pattern_id`);
      if (!updated.rows.length) continue; // deleted since, or changed again (that change is on its way)
      await recordSystemActivity(tx, 'Storefront', id, 'storefront', {
        target: run.target,
        ok: result.ok,
        mode: row.mode,
        message,
      });
      await emitPatternEvent(
        tx,
        result.ok ? 'storefront.delivered' : 'storefront.failed',
        async () => {
          const r = await tx.execute<{ ID: number; SFCC_Pattern_ID: string }>(
            sql`SELECT "ID", "SFCC_Pattern_ID" FROM patterns WHERE "ID" = ${id}`,
          );
          const p = r.rows[0];
          return p && { pattern: p, target: run.target, mode: row.mode, runId: run.id, message };
        },
      );
    }
  });
}
