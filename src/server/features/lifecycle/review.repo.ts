import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import { reviewNotes, reviewRequests, reviewSnapshots } from '../../db/schema/review';
import { users } from '../../db/schema/users';
import { countWithVersion } from '../pattern-list';

/**
 * A status change is an update (the list's "Updated", issue 34); `contentUpdatedAt`, which the
 * "edited after" notice compares, stays (trigger of migration 0019: the status changes too).
 */
export async function setStatus(
  db: DbOrTx,
  id: number,
  values: Partial<typeof patterns.$inferInsert>,
) {
  const [row] = await db
    .update(patterns)
    .set({ updatedAt: new Date(), ...values })
    .where(eq(patterns.ID, id))
    .returning({
      ID: patterns.ID,
      SFCC_Status: patterns.SFCC_Status,
      editStatus: patterns.editStatus,
    });
  return row!;
}

export async function insertRequest(db: DbOrTx, values: typeof reviewRequests.$inferInsert) {
  const [row] = await db.insert(reviewRequests).values(values).returning({ id: reviewRequests.id });
  return row!.id;
}

export async function insertNotes(db: DbOrTx, values: (typeof reviewNotes.$inferInsert)[]) {
  if (values.length) await db.insert(reviewNotes).values(values);
}

/** Sending to review again closes the open request: its notes stay in the history, not on the screen. */
export async function closeOpenRequests(db: DbOrTx, patternId: number) {
  await db
    .update(reviewRequests)
    .set({ closedAt: new Date() })
    .where(and(eq(reviewRequests.patternId, patternId), isNull(reviewRequests.closedAt)));
}

export async function openRequest(db: DbOrTx, patternId: number) {
  const [req] = await db
    .select({
      id: reviewRequests.id,
      reason: reviewRequests.reason,
      at: reviewRequests.createdAt,
      by: users.fullName,
    })
    .from(reviewRequests)
    .leftJoin(users, eq(users.id, reviewRequests.requestedBy))
    .where(and(eq(reviewRequests.patternId, patternId), isNull(reviewRequests.closedAt)))
    .orderBy(sql`${reviewRequests.id} desc`)
    .limit(1);
  if (!req) return undefined;
  const notes = await db
    .select()
    .from(reviewNotes)
    .where(eq(reviewNotes.requestId, req.id))
    .orderBy(asc(reviewNotes.id));
  return { ...req, notes };
}

/** The notes of the pattern's latest request, closed or not (what it was last sent back with). */
export async function lastRequestNotes(db: DbOrTx, patternId: number) {
  const [req] = await db
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    .where(eq(reviewRequests.patternId, patternId))
    .orderBy(sql`${reviewRequests.id} desc`)
    .limit(1);
  if (!req) return [];
  return db
    .select()
    .from(reviewNotes)
    .where(eq(reviewNotes.requestId, req.id))
    .orderBy(asc(reviewNotes.id));
}

export async function findOpenNote(db: DbOrTx, patternId: number, noteId: number) {
  const [row] = await db
    .select({ note: reviewNotes })
    .from(reviewNotes)
    .innerJoin(reviewRequests, eq(reviewRequests.id, reviewNotes.requestId))
    .where(
      and(
        eq(reviewNotes.id, noteId),
        eq(reviewRequests.patternId, patternId),
        isNull(reviewRequests.closedAt),
      ),
    );
  return row?.note;
}

export async function saveSnapshot(
  db: DbOrTx,
  patternId: number,
  snapshot: unknown,
  outcome: 'published' | 'changes_requested',
) {
  await db
    .insert(reviewSnapshots)
    .values({ patternId, snapshot, outcome, reviewedAt: new Date() })
    .onConflictDoUpdate({
      target: reviewSnapshots.patternId,
      set: { snapshot, outcome, reviewedAt: new Date() },
    });
}

export async function findSnapshot(db: DbOrTx, patternId: number) {
  const [row] = await db
    .select()
    .from(reviewSnapshots)
    .where(eq(reviewSnapshots.patternId, patternId));
  return row;
}

/**
 * Patterns waiting for a reviewer: in review, or published with an edit in review. The admins'
 * To review number: what the In review filter finds, counted as it is (pattern-list, list-count.repo.ts):
 * the count table's In review patterns and the edits in review beyond them, not a count of the
 * rows (166,667 of them at 1,000,000 patterns, the filter's 88 ms, on every admin page showing it).
 */
export async function countInReview(db: DbOrTx): Promise<number> {
  return (await countWithVersion(db, { status: 'in_review' })).total;
}
