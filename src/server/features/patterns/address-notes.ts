// Below update.service, detail-files.service, and the lifecycle's review.service (through index.ts), which both use it.
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as repo from './review-notes.repo';

/**
 * An edit of a noted field, file or size addresses its note (called in the edit's transaction):
 * a field edited; a file replaced or removed; a size edited, its PDF replaced, or the size deleted.
 */
export async function addressNotesOn(
  tx: DbOrTx,
  user: AuthUser,
  patternId: number,
  targetType: 'field' | 'file' | 'size',
  keys: (string | number)[],
) {
  await addressNotes(tx, user, await repo.openNotesOn(tx, patternId, targetType, keys.map(String)));
}

/** Addresses these open notes (read by the caller: the save of the fields reads them in its UPDATE). */
export async function addressNotes(tx: DbOrTx, user: AuthUser, notes: { id: number }[]) {
  for (const n of notes) await repo.setNoteAddressed(tx, n.id, user.id, true);
}

/** Sizes about to be deleted: their notes, and the notes on their PDFs, are addressed (call before the delete). */
export async function addressNotesOnDeletedSizes(
  tx: DbOrTx,
  user: AuthUser,
  patternId: number,
  sizeIds: number[],
) {
  await addressNotesOn(tx, user, patternId, 'size', sizeIds);
  await addressNotesOn(tx, user, patternId, 'file', await repo.fileIdsOfSizes(tx, sizeIds));
}
