import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternPublishedVersions as ppv } from '../../db/schema/published';
import { users } from '../../db/schema/users';
import type { PublishedContent } from '../../../shared/contracts/pattern-published';

const columns = {
  patternId: ppv.patternId,
  version: ppv.version,
  data: ppv.data,
  publishedAt: ppv.publishedAt,
  publishedBy: users.fullName,
  unpublishedAt: ppv.unpublishedAt,
};
export type PublishedRow = {
  patternId: number;
  version: number;
  data: PublishedContent;
  publishedAt: Date;
  publishedBy: string | null;
  unpublishedAt: Date | null;
};

/** Publishing: a new version (1, or one more than the last), live again if it was unpublished. */
export async function savePublished(
  db: DbOrTx,
  v: { patternId: number; brandId: number; SFCC_Pattern_ID: string; data: PublishedContent },
  publishedBy: number | null,
): Promise<number> {
  const [row] = await db
    .insert(ppv)
    .values({ ...v, version: 1, publishedAt: new Date(), publishedBy })
    .onConflictDoUpdate({
      target: ppv.patternId,
      set: {
        version: sql`${ppv.version} + 1`,
        brandId: v.brandId,
        SFCC_Pattern_ID: v.SFCC_Pattern_ID,
        data: v.data,
        publishedAt: new Date(),
        publishedBy,
        unpublishedAt: null,
        source: 'publish',
      },
    })
    .returning({ version: ppv.version });
  return row!.version;
}

/** Unpublishing keeps the record, not live: the storefront reads what to take offline. */
export async function markUnpublished(db: DbOrTx, patternId: number) {
  await db
    .update(ppv)
    .set({ unpublishedAt: new Date() })
    .where(and(eq(ppv.patternId, patternId), isNull(ppv.unpublishedAt)));
}

export async function findPublished(db: DbOrTx, ids: number[]): Promise<PublishedRow[]> {
  if (!ids.length) return [];
  return db
    .select(columns)
    .from(ppv)
    .leftJoin(users, eq(users.id, ppv.publishedBy))
    .where(inArray(ppv.patternId, ids))
    .orderBy(asc(ppv.patternId));
}

/** Live versions after pattern `afterId`, in ID order: a keyset page for reading them all. */
/** A pattern in the Trash has no live version to list or resend (read through patterns_trash_idx). */
/** Published versions of patterns in the Trash are not served (nor listed: pattern-list's list-published.repo.ts). */
const notTrashed = sql`${ppv.patternId} not in (select "ID" from patterns where deleted_at is not null)`;

export async function livePublishedAfter(
  db: DbOrTx,
  afterId: number,
  limit: number,
): Promise<PublishedRow[]> {
  return db
    .select(columns)
    .from(ppv)
    .leftJoin(users, eq(users.id, ppv.publishedBy))
    .where(and(isNull(ppv.unpublishedAt), notTrashed, gt(ppv.patternId, afterId)))
    .orderBy(asc(ppv.patternId))
    .limit(limit);
}

/** The live version's number, or undefined when the pattern has no live published version. */
export async function liveVersion(db: DbOrTx, patternId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ version: ppv.version })
    .from(ppv)
    .where(and(eq(ppv.patternId, patternId), isNull(ppv.unpublishedAt)));
  return row?.version;
}
