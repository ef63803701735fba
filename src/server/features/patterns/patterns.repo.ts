import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns, sizes } from '../../db/schema/patterns';

export type NewPatternRow = typeof patterns.$inferInsert;
export type NewSizeRow = typeof sizes.$inferInsert;

export async function patternIdTaken(db: DbOrTx, sfccPatternId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(eq(patterns.SFCC_Pattern_ID, sfccPatternId))
    .limit(1);
  return Boolean(row);
}

export async function insertPattern(db: DbOrTx, values: NewPatternRow): Promise<number> {
  const [row] = await db.insert(patterns).values(values).returning({ ID: patterns.ID });
  return row.ID;
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
