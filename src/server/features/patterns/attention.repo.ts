import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patterns } from '../../db/schema/patterns';
import { patternActivity } from '../../db/schema/review';
import { countWithVersion } from './list.repo';

/** Unpublished and not sent to review since: only unpublishing takes a pattern sent to review back to draft. */
const unpublished = sql`${patterns.SFCC_Status} = 'draft' and ${patterns.IS_SFCC_TESTING} and ${patterns.deletedAt} is null`;
/** Patterns in the Trash wait for nobody (`live`). */
const changesRequested = and(
  live(),
  or(eq(patterns.SFCC_Status, 'changes_requested'), eq(patterns.editStatus, 'changes_requested')),
)!;
const inBrand = (brandId: number | null): SQL | undefined =>
  brandId === null ? undefined : eq(patterns.brandId, brandId);

/** The Changes requested filter's total (list.repo: the count table plus the edits sent back). */
export async function countChangesRequested(db: DbOrTx, brandId: number | null): Promise<number> {
  return (
    await countWithVersion(db, {
      status: 'changes_requested',
      ...(brandId === null ? {} : { brandId }),
    })
  ).total;
}

/** Read through the partial index patterns_unpublished_idx (migration 0019): few rows. */
export async function countUnpublished(db: DbOrTx, brandId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patterns)
    .where(and(unpublished, inBrand(brandId)));
  return Number(row?.n ?? 0);
}

/** The most recently changed patterns that wait for the brand. */
export async function latestWaiting(db: DbOrTx, brandId: number | null, limit: number) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      Pattern_Name: patterns.Pattern_Name,
      unpublished: sql<boolean>`(${unpublished})`,
      updatedAt: patterns.updatedAt,
    })
    .from(patterns)
    .where(and(or(changesRequested, unpublished), inBrand(brandId)))
    .orderBy(desc(patterns.updatedAt), desc(patterns.ID))
    .limit(limit);
}

/**
 * The pattern's last unpublish if nothing sent it to review since (its newest entry of the two
 * kinds, read backwards through pattern_activity_pattern_idx).
 */
export async function lastUnpublish(db: DbOrTx, patternId: number) {
  const [row] = await db
    .select({
      action: patternActivity.action,
      by: patternActivity.actorName, // the name as it was
      reason: sql<string | null>`${patternActivity.details} ->> 'reason'`,
      at: patternActivity.createdAt,
    })
    .from(patternActivity)
    .where(
      and(
        eq(patternActivity.patternId, patternId),
        sql`${patternActivity.action} in ('unpublished', 'sent_to_review')`,
      ),
    )
    .orderBy(desc(patternActivity.id))
    .limit(1);
  return row?.action === 'unpublished' ? row : undefined;
}
