import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import { recordSystemActivity } from '../activity';
import { emitPatternEvent } from '../integrations';
import type { Execution } from './client';

export type RunRow = {
  id: number;
  target: StorefrontTargetName;
  archive_name: string;
  items: [number, number][];
  execution_id: string | null;
};

/**
 * One import's outcome, in one transaction: the pending rows it carried (those versions only: a
 * change queued meanwhile stays) are cleared either way, so a failed import never blocks later
 * ones; each pattern's status, its activity and a `storefront.delivered` / `storefront.failed`
 * webhook event record the outcome.
 */
export async function recordOutcome(deps: AppDeps, run: RunRow, result: Execution) {
  const message = result.ok
    ? null
    : (result.message || 'the import job ended with ERROR').slice(0, 1000);
  await deps.database.db.transaction(async (tx) => {
    const items = JSON.stringify(run.items);
    const cleared = await tx.execute<{ pattern_id: number; mode: string }>(sql`
      DELETE FROM storefront_pending p USING jsonb_array_elements(${items}::jsonb) e
      WHERE p.target = ${run.target} AND p.pattern_id = (e->>0)::int AND p.seq = (e->>1)::bigint
      RETURNING p.pattern_id, p.mode`);
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
