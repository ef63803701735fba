import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns, sizes } from '../../db/schema/patterns';
import { firstRow } from '../../lib/rows';

export type NewPatternRow = typeof patterns.$inferInsert;
export type NewSizeRow = typeof sizes.$inferInsert;

/** The pattern holding a Pattern ID, live or in the Trash (which keeps it until the purge). */
export async function patternHolding(db: DbOrTx, sfccPatternId: string) {
  const [row] = await db
    .select({ brandId: patterns.brandId, deletedAt: patterns.deletedAt })
    .from(patterns)
    .where(eq(patterns.SFCC_Pattern_ID, sfccPatternId))
    .limit(1);
  return row;
}

export async function insertPattern(db: DbOrTx, values: NewPatternRow): Promise<number> {
  const rows = await db.insert(patterns).values(values).returning({ ID: patterns.ID });
  return firstRow(rows, 'insert into patterns').ID;
}

/** Inserts sizes and answers their IDs in the order given. */
export async function insertSizes(db: DbOrTx, rows: NewSizeRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db
    .insert(sizes)
    .values(rows)
    .returning({ ID: sizes.ID, VariationID: sizes.VariationID });
  // RETURNING follows the VALUES order in practice; map by VariationID (unique per pattern) to be sure.
  const byVariation = new Map(out.map((r) => [r.VariationID, r.ID]));
  return rows.map((r) => byVariation.get(r.VariationID)!);
}
