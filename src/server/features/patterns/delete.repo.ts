import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';

/** The patterns about to be deleted, locked so their status cannot change before the delete. */
export async function lockPatterns(db: DbOrTx, ids: number[]) {
  return db
    .select({
      ID: patterns.ID,
      SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
      brandId: patterns.brandId,
      status: patterns.SFCC_Status,
    })
    .from(patterns)
    .where(inArray(patterns.ID, ids))
    .orderBy(patterns.ID)
    .for('update');
}

/** Sizes, pieces and file rows go with them (ON DELETE CASCADE). */
export async function deletePatterns(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db
    .delete(patterns)
    .where(inArray(patterns.ID, ids))
    .returning({ ID: patterns.ID });
  return rows.map((r) => r.ID);
}
