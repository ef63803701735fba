import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { brands } from '../../db/schema/brands';
import { users } from '../../db/schema/users';

const inTrash = () => isNotNull(patterns.deletedAt);
const inScope = (brandId: number | null) =>
  and(inTrash(), brandId === null ? undefined : eq(patterns.brandId, brandId));

/** One page of the Trash, most recently deleted first (`brandId` null: every brand). */
export async function trashPage(db: DbOrTx, brandId: number | null, offset: number, limit: number) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      Pattern_Name: patterns.Pattern_Name,
      brandId: patterns.brandId,
      brandName: brands.name,
      SFCC_Status: patterns.SFCC_Status,
      deletedAt: patterns.deletedAt,
      deletedBy: users.fullName,
      sizes: sql<number>`(select count(*)::int from ${sizes} where ${sizes.patternId} = ${patterns.ID})`,
      files: sql<number>`(select count(*)::int from ${patternFiles} where ${patternFiles.patternId} = ${patterns.ID})`,
    })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .leftJoin(users, eq(users.id, patterns.deletedBy))
    .where(inScope(brandId))
    .orderBy(desc(patterns.deletedAt), desc(patterns.ID))
    .offset(offset)
    .limit(limit);
}

export async function trashCount(db: DbOrTx, brandId: number | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patterns)
    .where(inScope(brandId));
  return Number(row?.n ?? 0);
}

/** The trashed patterns about to be restored, locked so a purge cannot take them meanwhile. */
export async function lockTrashed(db: DbOrTx, ids: number[]) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      brandId: patterns.brandId,
      status: patterns.SFCC_Status,
    })
    .from(patterns)
    .where(and(inArray(patterns.ID, ids), inTrash()))
    .orderBy(patterns.ID)
    .for('update');
}

/** Puts patterns back as they were (their updated time too: the list shows them where they stood). */
export async function restorePatterns(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db
    .update(patterns)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(inArray(patterns.ID, ids), inTrash()))
    .returning({ ID: patterns.ID });
  return rows.map((r) => r.ID);
}

const expired = (days: number) =>
  and(inTrash(), lt(patterns.deletedAt, sql`now() - make_interval(days => ${days}::int)`));

/**
 * Up to `limit` patterns in the Trash for longer than `days`, oldest first, locked: a restore
 * waiting on them finds them gone, and none is restored after its objects were chosen for deletion.
 */
export async function lockExpired(db: DbOrTx, days: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(expired(days))
    .orderBy(patterns.deletedAt, patterns.ID)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Deletes them for good (sizes, pieces, file rows and history go by ON DELETE CASCADE). */
export async function purgePatterns(db: DbOrTx, ids: number[], days: number): Promise<number[]> {
  const rows = await db
    .delete(patterns)
    .where(and(inArray(patterns.ID, ids), expired(days)))
    .returning({ ID: patterns.ID });
  return rows.map((r) => r.ID);
}
