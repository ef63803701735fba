import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles } from '../../db/schema/patterns';
import { reviewNotes, reviewRequests } from '../../db/schema/review';

/*
 * The review notes an edit addresses (address-notes.ts): here, beside the pattern's writes, so
 * that the edits do not reach into the lifecycle feature, which stands above this one.
 */

export async function setNoteAddressed(
  db: DbOrTx,
  noteId: number,
  by: number | null,
  addressed: boolean,
) {
  const [row] = await db
    .update(reviewNotes)
    .set({ addressedAt: addressed ? new Date() : null, addressedBy: addressed ? by : null })
    .where(eq(reviewNotes.id, noteId))
    .returning();
  return row!;
}

/** Open, not yet addressed notes of the pattern on these targets (an edit of them addresses them). */
export async function openNotesOn(
  db: DbOrTx,
  patternId: number,
  targetType: 'field' | 'file' | 'size',
  keys: string[],
) {
  if (!keys.length) return [];
  return db
    .select({ id: reviewNotes.id, targetLabel: reviewNotes.targetLabel })
    .from(reviewNotes)
    .innerJoin(reviewRequests, eq(reviewRequests.id, reviewNotes.requestId))
    .where(
      and(
        eq(reviewRequests.patternId, patternId),
        isNull(reviewRequests.closedAt),
        isNull(reviewNotes.addressedAt),
        eq(reviewNotes.targetType, targetType),
        inArray(reviewNotes.targetKey, keys),
      ),
    );
}

export async function fileIdsOfSizes(db: DbOrTx, sizeIds: number[]): Promise<number[]> {
  if (!sizeIds.length) return [];
  const rows = await db
    .select({ id: patternFiles.id })
    .from(patternFiles)
    .where(inArray(patternFiles.sizeId, sizeIds));
  return rows.map((r) => r.id);
}
