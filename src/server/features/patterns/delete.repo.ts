import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patterns } from '../../db/schema/patterns';

/** The live patterns about to be deleted, locked so their status cannot change before the delete. */
export async function lockPatterns(db: DbOrTx, ids: number[]) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      brandId: patterns.brandId,
      status: patterns.SFCC_Status,
    })
    .from(patterns)
    .where(and(inArray(patterns.ID, ids), live()))
    .orderBy(patterns.ID)
    .for('update');
}

/**
 * Moves patterns to the Trash: the rows stay, with their sizes, pieces, files and history, and
 * leave every read of the catalogue (migration 0015). The Trash's purge deletes them for good.
 */
export async function trashPatterns(db: DbOrTx, ids: number[], userId: number): Promise<number[]> {
  const rows = await db
    .update(patterns)
    .set({ deletedAt: sql`now()`, deletedBy: userId })
    .where(and(inArray(patterns.ID, ids), live()))
    .returning({ ID: patterns.ID });
  return rows.map((r) => r.ID);
}
