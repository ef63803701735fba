import type { AppDeps, AuthUser } from '../../context';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { canSeeBrand } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import { DELETE_MSG, type DeleteResponse } from '../../../shared/contracts/pattern-list';
import { recordActivity } from '../activity';
import * as repo from './delete.repo';
import { recordPatternEvents } from '../../events/pattern-events';

/**
 * Deletes patterns (one, or a bulk selection): they move to the Trash with their sizes, pieces and
 * files, and can be restored from it until the purge (features/trash). All or nothing: another
 * brand's or a missing ID is 404 and nothing is deleted; a user cannot delete a published pattern
 * (409), an admin can (docs/product-decisions.md).
 */
export async function deletePatterns(
  deps: AppDeps,
  user: AuthUser,
  requested: number[],
): Promise<DeleteResponse> {
  const ids = [...new Set(requested)];
  const deleted = await deps.database.db.transaction(async (tx) => {
    const rows = (await repo.lockPatterns(tx, ids)).filter((r) => canSeeBrand(user, r.brandId));
    if (rows.length !== ids.length) {
      if (ids.length === 1) throw notFound('Pattern');
      const found = new Set(rows.map((r) => r.ID));
      throw new AppError(
        404,
        ERROR_CODES.notFound,
        DELETE_MSG.notFoundMany(ids.filter((id) => !found.has(id))),
      );
    }
    const published = user.role === 'admin' ? [] : rows.filter((r) => r.status === 'published');
    if (published.length > 0) {
      throw conflict(
        ids.length === 1
          ? DELETE_MSG.publishedOne
          : DELETE_MSG.publishedMany(published.map((r) => r.SFCC_Pattern_ID)),
      );
    }
    await recordPatternEvents(tx, 'pattern.deleted', ids); // before the move: the detail of a trashed pattern is not found
    for (const r of rows)
      await recordActivity(tx, user, r.ID, 'deleted', { patternId: r.SFCC_Pattern_ID });
    return repo.trashPatterns(tx, ids, user.id);
  });
  return { message: MSG.deleted, deleted };
}
