// Below detail.service and review.service (both use it), so neither imports the other for it.
import type { AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import * as repo from './review.repo';

/** An edit of a noted field, file or size addresses its note (called in the edit's transaction). */
export async function addressNotesOn(
  tx: DbOrTx,
  user: AuthUser,
  patternId: number,
  targetType: 'field' | 'file' | 'size',
  keys: (string | number)[],
) {
  const notes = await repo.openNotesOn(tx, patternId, targetType, keys.map(String));
  for (const n of notes) await repo.setNoteAddressed(tx, n.id, user.id, true);
}
