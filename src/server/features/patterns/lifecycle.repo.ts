import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';

/** Status changes leave `updatedAt` alone: it dates content edits, which the "edited after" notice compares. */
export async function markInReview(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(patterns)
    .set({ IS_SFCC_TESTING: true, SFCC_Status: 'in_review', reviewedAt: at })
    .where(eq(patterns.ID, id))
    .returning({ ID: patterns.ID, IS_SFCC_TESTING: patterns.IS_SFCC_TESTING });
  return row;
}

export async function markPublished(db: DbOrTx, id: number, at: Date) {
  const [row] = await db
    .update(patterns)
    .set({ SFCC_Status: 'published', publishedAt: at })
    .where(eq(patterns.ID, id))
    .returning({ ID: patterns.ID, SFCC_Status: patterns.SFCC_Status });
  return row;
}
