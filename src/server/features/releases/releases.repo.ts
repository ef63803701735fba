import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { patterns } from '../../db/schema/patterns';
import { releasePatterns, releases } from '../../db/schema/releases';

export type ReleaseRow = typeof releases.$inferSelect;

export async function insertRelease(
  db: DbOrTx,
  v: { name: string; publishAt: Date; createdBy: number },
): Promise<ReleaseRow> {
  const [row] = await db.insert(releases).values(v).returning();
  return row!;
}

export async function findRelease(db: DbOrTx, id: number, forUpdate = false) {
  const q = db.select().from(releases).where(eq(releases.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function updateRelease(db: DbOrTx, id: number, v: Partial<ReleaseRow>) {
  await db
    .update(releases)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(releases.id, id));
}

export async function listReleases(db: DbOrTx) {
  return db
    .select({
      release: releases,
      patternCount: sql<number>`(select count(*)::int from release_patterns rp where rp.release_id = ${releases.id})`,
      published: sql<number>`(select count(*)::int from release_patterns rp where rp.release_id = ${releases.id} and rp.outcome = 'published')`,
      notReady: sql<number>`(select count(*)::int from release_patterns rp where rp.release_id = ${releases.id} and rp.outcome = 'not_ready')`,
    })
    .from(releases)
    .orderBy(desc(sql`${releases.status} in ('scheduled', 'publishing')`), asc(releases.publishAt));
}

export async function releasePatternRows(db: DbOrTx, releaseId: number) {
  return db
    .select({
      id: patterns.ID,
      patternId: patterns.SFCC_Pattern_ID,
      name: patterns.Pattern_Name,
      brand: brands.name,
      status: patterns.SFCC_Status,
      editStatus: patterns.editStatus,
      publishedAt: patterns.publishedAt,
      outcome: releasePatterns.outcome,
      message: releasePatterns.message,
    })
    .from(releasePatterns)
    .innerJoin(patterns, eq(patterns.ID, releasePatterns.patternId))
    .leftJoin(brands, eq(brands.id, patterns.brandId))
    .where(eq(releasePatterns.releaseId, releaseId))
    .orderBy(asc(patterns.SFCC_Pattern_ID));
}

/** Live patterns among `ids`: id → Pattern ID. */
export async function livePatternCodes(db: DbOrTx, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: patterns.ID, code: patterns.SFCC_Pattern_ID })
    .from(patterns)
    .where(and(inArray(patterns.ID, ids), isNull(patterns.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** Which of `ids` are already in another release still to come, and its name. */
export async function inOtherReleases(db: DbOrTx, ids: number[], releaseId: number | null) {
  if (!ids.length) return [];
  return db
    .select({ patternId: releasePatterns.patternId, name: releases.name })
    .from(releasePatterns)
    .innerJoin(releases, eq(releases.id, releasePatterns.releaseId))
    .where(
      and(
        inArray(releasePatterns.patternId, ids),
        inArray(releases.status, ['scheduled', 'publishing']),
        releaseId === null ? undefined : ne(releases.id, releaseId),
      ),
    );
}

export async function addPatterns(db: DbOrTx, releaseId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .insert(releasePatterns)
    .values(ids.map((patternId) => ({ releaseId, patternId })))
    .onConflictDoNothing();
}

export async function removePatterns(db: DbOrTx, releaseId: number, ids: number[]) {
  if (!ids.length) return;
  await db
    .delete(releasePatterns)
    .where(and(eq(releasePatterns.releaseId, releaseId), inArray(releasePatterns.patternId, ids)));
}

export async function setOutcome(
  db: DbOrTx,
  releaseId: number,
  patternId: number,
  outcome: 'published' | 'not_ready',
  message: string,
) {
  // 'published' is a fact and always wins; a reason is written only where no outcome is yet (two
  // runners of one release: the one refused because the other published first writes nothing).
  await db
    .update(releasePatterns)
    .set({ outcome, message })
    .where(
      and(
        eq(releasePatterns.releaseId, releaseId),
        eq(releasePatterns.patternId, patternId),
        outcome === 'not_ready' ? isNull(releasePatterns.outcome) : undefined,
      ),
    );
}

/** The scheduled release a pattern is in, if any. */
export async function scheduledReleaseOf(db: DbOrTx, patternId: number) {
  const [row] = await db
    .select({ id: releases.id, name: releases.name, publishAt: releases.publishAt })
    .from(releasePatterns)
    .innerJoin(releases, eq(releases.id, releasePatterns.releaseId))
    .where(
      and(
        eq(releasePatterns.patternId, patternId),
        inArray(releases.status, ['scheduled', 'publishing']),
      ),
    )
    .limit(1);
  return row;
}
