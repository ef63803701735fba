import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { canSeeBrand } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import { DELETE_MSG, type DeleteResponse } from '../../../shared/contracts/pattern-list';
import { deletingObjects, keysOf } from '../files';
import { recordActivity } from '../activity';
import * as repo from './delete.repo';
import { emitPatternEvent } from './detail.service';

/**
 * Deletes patterns (one, or a bulk selection) with their sizes, pieces, file rows and stored
 * objects. All or nothing: another brand's or a missing ID is 404 and nothing is deleted; a user
 * cannot delete a published pattern (409), an admin can (PRODUCT.md).
 */
export async function deletePatterns(
  deps: AppDeps,
  user: AuthUser,
  requested: number[],
  log?: FastifyBaseLogger,
): Promise<DeleteResponse> {
  const ids = [...new Set(requested)];
  const deleted = await deletingObjects(
    deps,
    keysOf.patterns(ids),
    async (tx) => {
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
      for (const id of ids) await emitPatternEvent(tx, 'pattern.deleted', id); // before the rows go: the event carries the pattern as it was
      for (const r of rows)
        await recordActivity(tx, user, r.ID, 'deleted', { patternId: r.SFCC_Pattern_ID });
      return repo.deletePatterns(tx, ids);
    },
    log,
  );
  return { message: MSG.deleted, deleted };
}
