import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternActivity } from '../../db/schema/review';
import { brands } from '../../db/schema/brands';
import { patternFiles } from '../../db/schema/patterns';

export type ActivityRow = typeof patternActivity.$inferSelect;

export async function brandName(db: DbOrTx, brandId: number): Promise<string | null> {
  const [row] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  return row?.name ?? null;
}

export async function insertActivity(
  db: DbOrTx,
  values: typeof patternActivity.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(patternActivity)
    .values(values)
    .returning({ id: patternActivity.id });
  return Number(row!.id);
}

/** Several entries in one statement, in the order given (their ids ascend in that order). */
export async function insertActivities(
  db: DbOrTx,
  rows: (typeof patternActivity.$inferInsert)[],
): Promise<void> {
  if (rows.length) await db.insert(patternActivity).values(rows);
}

/** Newest first; the (pattern_id, id) index serves both the page and the count. */
export async function listActivity(db: DbOrTx, patternId: number, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(patternActivity)
      .where(eq(patternActivity.patternId, patternId))
      .orderBy(desc(patternActivity.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(patternActivity).where(eq(patternActivity.patternId, patternId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The files of this pattern, among these ids, that still exist (entries link to them as they are now). */
export async function existingFiles(db: DbOrTx, patternId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: patternFiles.id, fileName: patternFiles.fileName })
    .from(patternFiles)
    .where(and(eq(patternFiles.patternId, patternId), inArray(patternFiles.id, ids)));
}
