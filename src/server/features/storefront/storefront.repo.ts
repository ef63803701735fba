import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import {
  storefrontPending,
  storefrontRuns,
  storefrontStatus,
  storefrontTargets,
} from '../../db/schema/storefront';
import type { PatternStatus } from '../../../shared/options';
import type { EditStatus } from '../../../shared/contracts/lifecycle';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';

type Mode = 'upsert' | 'offline' | 'delete';

// Targets (targets.ts, queue.ts).

/** The environment's view of a target, kept where any transaction can read it. */
export async function saveTargetSettings(
  db: DbOrTx,
  name: StorefrontTargetName,
  s: { enabled: boolean; batchMs: number },
) {
  await db
    .update(storefrontTargets)
    .set({ enabled: s.enabled, batchMs: s.batchMs, updatedAt: sql`now()` })
    .where(eq(storefrontTargets.name, name));
}

/** The enabled targets among these (`'delivered'`: those that have a status for the pattern). */
export async function enabledTargets(
  db: DbOrTx,
  patternId: number,
  targets: StorefrontTargetName[] | 'delivered',
): Promise<Array<{ name: StorefrontTargetName; batch_ms: number }>> {
  const candidates =
    targets === 'delivered'
      ? sql`(SELECT target FROM storefront_status WHERE pattern_id = ${patternId})`
      : sql`(${sql.join(
          targets.map((t) => sql`${t}`),
          sql`, `,
        )})`;
  const res = await db.execute<{ name: StorefrontTargetName; batch_ms: number }>(sql`
    SELECT name, batch_ms FROM storefront_targets WHERE enabled AND name IN ${candidates}`);
  return res.rows;
}

// Pending rows and statuses (queue.ts, storefront.service.ts).

/**
 * The pattern waits for the target in this mode with its current product and variant ids; a row
 * already waiting takes the newest change (a new seq, so a run confirms only what it sent).
 */
export async function queuePattern(
  db: DbOrTx,
  target: StorefrontTargetName,
  patternId: number,
  mode: Mode,
) {
  await db.execute(sql`
    INSERT INTO storefront_pending (target, pattern_id, product_id, mode, variant_ids)
    SELECT ${target}, p."ID", p."SFCC_Pattern_ID", ${mode},
      coalesce((SELECT jsonb_agg(s."VariationID" ORDER BY s."ID") FROM sizes s WHERE s.pattern_id = p."ID"), '[]'::jsonb)
    FROM patterns p WHERE p."ID" = ${patternId}
    ON CONFLICT (target, pattern_id) DO UPDATE SET mode = excluded.mode,
      product_id = excluded.product_id, variant_ids = excluded.variant_ids,
      seq = nextval('storefront_pending_seq'), queued_at = now()`);
}

/** The pattern's status on the target: pending in this mode, its last message cleared. */
export async function markPending(
  db: DbOrTx,
  target: StorefrontTargetName,
  patternId: number,
  mode: Mode,
) {
  await db
    .insert(storefrontStatus)
    .values({ patternId, target, state: 'pending', mode })
    .onConflictDoUpdate({
      target: [storefrontStatus.patternId, storefrontStatus.target],
      set: { state: 'pending', mode: sql`excluded.mode`, message: null, updatedAt: sql`now()` },
    });
}

/**
 * Every pattern the target should hold waits again in upsert mode (production: the published
 * ones; staging: those published, in review or with an edit), and shows pending; answers how many.
 */
export async function queueResync(db: DbOrTx, name: StorefrontTargetName): Promise<number> {
  const scope =
    name === 'production'
      ? sql`p."SFCC_Status" = 'published'`
      : sql`(p."SFCC_Status" IN ('published', 'in_review') OR p.edit_status IS NOT NULL)`;
  const res = await db.execute<{ pattern_id: number }>(sql`
    INSERT INTO storefront_pending (target, pattern_id, product_id, mode, variant_ids)
    SELECT ${name}, p."ID", p."SFCC_Pattern_ID", 'upsert',
      coalesce((SELECT jsonb_agg(s."VariationID" ORDER BY s."ID") FROM sizes s WHERE s.pattern_id = p."ID"), '[]'::jsonb)
    FROM patterns p WHERE ${scope}
    ON CONFLICT (target, pattern_id) DO UPDATE SET mode = 'upsert',
      seq = nextval('storefront_pending_seq'), queued_at = now()
    RETURNING pattern_id`);
  await db.execute(sql`
    INSERT INTO storefront_status (pattern_id, target, state, mode)
    SELECT q.pattern_id, ${name}, 'pending', 'upsert' FROM storefront_pending q WHERE q.target = ${name}
    ON CONFLICT (pattern_id, target) DO UPDATE SET state = 'pending', mode = 'upsert', message = NULL, updated_at = now()`);
  return res.rows.length;
}

export async function hasPending(db: DbOrTx, target: StorefrontTargetName): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(storefrontPending)
    .where(eq(storefrontPending.target, target))
    .limit(1);
  return rows.length > 0;
}

export async function countPending(db: DbOrTx, target: StorefrontTargetName): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(storefrontPending)
    .where(eq(storefrontPending.target, target));
  return Number(row?.n ?? 0);
}

/** The target's last five runs, newest first. */
export async function recentRuns(db: DbOrTx, target: StorefrontTargetName) {
  return db
    .select({
      id: storefrontRuns.id,
      status: storefrontRuns.status,
      archiveName: storefrontRuns.archiveName,
      products: storefrontRuns.products,
      message: storefrontRuns.message,
      startedAt: storefrontRuns.startedAt,
      finishedAt: storefrontRuns.finishedAt,
    })
    .from(storefrontRuns)
    .where(eq(storefrontRuns.target, target))
    .orderBy(desc(storefrontRuns.id))
    .limit(5);
}

/** The pattern's status on each target, by target name. */
export async function patternStatuses(db: DbOrTx, patternId: number) {
  return db
    .select({
      target: storefrontStatus.target,
      state: storefrontStatus.state,
      mode: storefrontStatus.mode,
      since: storefrontStatus.since,
      liveSince: storefrontStatus.liveSince,
      message: storefrontStatus.message,
    })
    .from(storefrontStatus)
    .where(eq(storefrontStatus.patternId, patternId))
    .orderBy(asc(storefrontStatus.target));
}

/** The targets where the pattern's last delivery failed, with the mode it was sent in. */
export async function failedTargets(db: DbOrTx, patternId: number) {
  return db
    .select({ target: storefrontStatus.target, mode: storefrontStatus.mode })
    .from(storefrontStatus)
    .where(and(eq(storefrontStatus.patternId, patternId), eq(storefrontStatus.state, 'error')));
}

// What an archive decides from (plan.ts).

/** Each pattern's state now and what the target holds of it (storefront_status.held). */
export async function planState(
  db: DbOrTx,
  target: StorefrontTargetName,
  ids: number[],
): Promise<
  Array<{
    ID: number;
    status: PatternStatus;
    edit_status: EditStatus | null;
    deleted: boolean;
    held: string[] | null;
  }>
> {
  if (!ids.length) return [];
  return db
    .select({
      ID: patterns.ID,
      status: patterns.SFCC_Status,
      edit_status: patterns.editStatus,
      deleted: sql<boolean>`${patterns.deletedAt} IS NOT NULL`,
      held: storefrontStatus.held,
    })
    .from(patterns)
    .leftJoin(
      storefrontStatus,
      and(eq(storefrontStatus.patternId, patterns.ID), eq(storefrontStatus.target, target)),
    )
    .where(inArray(patterns.ID, ids));
}
