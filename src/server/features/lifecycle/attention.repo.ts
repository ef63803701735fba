import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patterns } from '../../db/schema/patterns';
import { patternActivity } from '../../db/schema/review';
import { storefrontStatus } from '../../db/schema/storefront';
import { countWithVersion } from '../pattern-list';

/** Unpublished and not sent to review since: only unpublishing takes a pattern sent to review back to draft. */
const unpublished = sql`${patterns.SFCC_Status} = 'draft' and ${patterns.IS_SFCC_TESTING} and ${patterns.deletedAt} is null`;
/** Patterns in the Trash wait for nobody (`live`). */
const changesRequested = and(
  live(),
  or(eq(patterns.SFCC_Status, 'changes_requested'), eq(patterns.editStatus, 'changes_requested')),
)!;
const inBrand = (brandId: number | null): SQL | undefined =>
  brandId === null ? undefined : eq(patterns.brandId, brandId);

/** The Changes requested filter's total (pattern-list, list-count.repo: the count table plus the edits sent back). */
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
 * Live patterns whose last import failed on a storefront target. storefront_status is the
 * storefront feature's table, read here as a table (no import of that feature, no cycle); its
 * rows exist only where Salesforce B2C Commerce targets are configured.
 */
const storefrontFailed = and(live(), eq(storefrontStatus.state, 'error'))!;

/** How many patterns failed on a target (a pattern failing on both counts once). */
export async function countStorefrontFailed(db: DbOrTx, brandId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${storefrontStatus.patternId})::int` })
    .from(storefrontStatus)
    .innerJoin(patterns, eq(patterns.ID, storefrontStatus.patternId))
    .where(and(storefrontFailed, inBrand(brandId)));
  return Number(row?.n ?? 0);
}

/**
 * The most recent storefront failures, one row per pattern and target: a pattern fails on at most
 * two targets, so twice `limit` rows hold the `limit` most recent patterns.
 */
export async function latestStorefrontFailed(db: DbOrTx, brandId: number | null, limit: number) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      Pattern_Name: patterns.Pattern_Name,
      target: storefrontStatus.target,
      message: storefrontStatus.message,
      at: storefrontStatus.updatedAt,
    })
    .from(storefrontStatus)
    .innerJoin(patterns, eq(patterns.ID, storefrontStatus.patternId))
    .where(and(storefrontFailed, inBrand(brandId)))
    .orderBy(desc(storefrontStatus.updatedAt), desc(patterns.ID))
    .limit(limit * 2);
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
