import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import { storefrontRuns, storefrontStatus } from '../../db/schema/storefront';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';

// What an import's outcome reads and writes (outcome.ts, which keeps the order of the locks).

const idList = (ids: number[]) => `{${ids.join(',')}}`;

/**
 * KEY SHARE locks on these patterns, in id order (the order every change takes its pattern
 * FOR UPDATE first: docs/storefront.md, "Delivery").
 */
export async function lockPatternsKeyShare(db: DbOrTx, ids: number[]) {
  await db.execute(sql`
    SELECT 1 FROM patterns WHERE "ID" = ANY(${idList([...new Set(ids)])}::int[])
    ORDER BY "ID" FOR KEY SHARE`);
}

/**
 * Deletes the pending rows of these items ([patternId, seq, mode?]: those versions only, a change
 * queued since stays); answers each pattern cleared with the mode its item carried (else the row's).
 */
export async function clearPendingItems(
  db: DbOrTx,
  target: StorefrontTargetName,
  items: Array<[number, number, ...unknown[]]>,
): Promise<Array<{ patternId: number; mode: string }>> {
  const res = await db.execute<{ pattern_id: number; mode: string }>(sql`
    DELETE FROM storefront_pending p USING jsonb_array_elements(${JSON.stringify(items)}::jsonb) e
    WHERE p.target = ${target} AND p.pattern_id = (e->>0)::int AND p.seq = (e->>1)::bigint
    RETURNING p.pattern_id, coalesce(e->>2, p.mode) AS mode`);
  return res.rows.map((r) => ({ patternId: Number(r.pattern_id), mode: r.mode }));
}

/** An import's outcome on its run (the execution id kept if the run already had one). */
export async function finishRun(
  db: DbOrTx,
  runId: number,
  r: { ok: boolean; message: string | null; executionId: string | null },
) {
  await db
    .update(storefrontRuns)
    .set({
      status: r.ok ? 'ok' : 'error',
      message: r.message,
      executionId: sql`coalesce(${storefrontRuns.executionId}, ${r.executionId})`,
      finishedAt: sql`now()`,
    })
    .where(eq(storefrontRuns.id, runId));
}

/** The product ids the target may hold of a pattern (null: not known). */
export async function heldProducts(db: DbOrTx, target: StorefrontTargetName, patternId: number) {
  const [row] = await db
    .select({ held: storefrontStatus.held })
    .from(storefrontStatus)
    .where(and(eq(storefrontStatus.patternId, patternId), eq(storefrontStatus.target, target)));
  return row?.held ?? null;
}

export async function setHeldProducts(
  db: DbOrTx,
  target: StorefrontTargetName,
  patternId: number,
  held: string[],
) {
  await db
    .update(storefrontStatus)
    .set({ held })
    .where(and(eq(storefrontStatus.patternId, patternId), eq(storefrontStatus.target, target)));
}

/** Patterns nothing was sent for: the target does not have them (mode delete, not live). */
export async function markNotHeld(db: DbOrTx, target: StorefrontTargetName, ids: number[]) {
  await db
    .update(storefrontStatus)
    .set({ state: 'ok', mode: 'delete', message: null, liveSince: null, updatedAt: sql`now()` })
    .where(and(eq(storefrontStatus.target, target), inArray(storefrontStatus.patternId, ids)));
}

/**
 * A pattern's status after its import, unless a change queued it again since (that change is on
 * its way); false when nothing was updated (deleted since, or queued again).
 */
export async function recordPatternOutcome(
  db: DbOrTx,
  o: {
    target: StorefrontTargetName;
    patternId: number;
    runId: number;
    ok: boolean;
    mode: string;
    message: string | null;
  },
): Promise<boolean> {
  const updated = await db.execute(sql`
    UPDATE storefront_status SET state = ${o.ok ? 'ok' : 'error'}, message = ${o.message},
      since = CASE WHEN ${o.ok} THEN now() ELSE since END,
      live_since = CASE WHEN NOT ${o.ok} THEN live_since
        WHEN ${o.mode} = 'upsert' THEN coalesce(live_since, now()) END,
      run_id = ${o.runId}, mode = ${o.mode},
      updated_at = now()
    WHERE pattern_id = ${o.patternId} AND target = ${o.target}
      AND NOT EXISTS (SELECT 1 FROM storefront_pending q WHERE q.target = ${o.target} AND q.pattern_id = ${o.patternId})
    RETURNING pattern_id`);
  return updated.rows.length > 0;
}

/** The pattern as a storefront webhook event names it. */
export async function patternForEvent(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ID: patterns.ID, SFCC_Pattern_ID: patterns.SFCC_Pattern_ID })
    .from(patterns)
    .where(eq(patterns.ID, id));
  return row;
}
