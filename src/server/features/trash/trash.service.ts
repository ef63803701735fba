import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, conflict } from '../../lib/app-error';
import { brandScope, canSeeBrand } from '../../lib/scope';
import { ERROR_CODES } from '../../../shared/errors';
import {
  TRASH_MSG,
  TRASH_PAGE_SIZE,
  type RestoreResponse,
  type TrashListResponse,
} from '../../../shared/contracts/trash';
import { recordActivity } from '../activity';
import { deletingObjects, keysOf } from '../files';
import { recordPatternEvents } from '../../events/pattern-events';
import * as repo from './trash.repo';

const DAY_MS = 24 * 60 * 60_000;

/** The Trash the user may see: every brand's for admins, their brand's for a partner. */
export async function listTrash(
  deps: AppDeps,
  user: AuthUser,
  page: number,
): Promise<TrashListResponse> {
  const db = deps.database.db;
  const scope = brandScope(user);
  const days = deps.env.TRASH_RETENTION_DAYS;
  const [rows, total] = await Promise.all([
    repo.trashPage(db, scope, (page - 1) * TRASH_PAGE_SIZE, TRASH_PAGE_SIZE),
    repo.trashCount(db, scope),
  ]);
  return {
    data: rows.map((r) => {
      const deletedAt = new Date(r.deletedAt!);
      return {
        ...r,
        sizes: Number(r.sizes),
        files: Number(r.files),
        deletedAt: deletedAt.toISOString(),
        purgeAt: new Date(deletedAt.getTime() + days * DAY_MS).toISOString(),
      };
    }),
    total,
    page,
    pageSize: TRASH_PAGE_SIZE,
    retentionDays: days,
  };
}

/**
 * Restores patterns from the Trash, with their sizes, pieces and files, as they were. All or
 * nothing, scoped as deleting is: an ID not in the user's Trash is 404; a user cannot restore a
 * published pattern (only an admin can delete one). The Pattern ID cannot have been taken meanwhile:
 * a trashed pattern keeps it (creating or importing it answers 409, TRASH_MSG.idInTrash).
 */
export async function restorePatterns(
  deps: AppDeps,
  user: AuthUser,
  requested: number[],
): Promise<RestoreResponse> {
  const ids = [...new Set(requested)];
  const restored = await deps.database.db.transaction(async (tx) => {
    const rows = (await repo.lockTrashed(tx, ids)).filter((r) => canSeeBrand(user, r.brandId));
    if (rows.length !== ids.length) {
      const found = new Set(rows.map((r) => r.ID));
      const message =
        ids.length === 1
          ? TRASH_MSG.notInTrash
          : TRASH_MSG.notInTrashMany(ids.filter((id) => !found.has(id)));
      throw new AppError(404, ERROR_CODES.notFound, message);
    }
    const published = user.role === 'admin' ? [] : rows.filter((r) => r.status === 'published');
    if (published.length > 0) {
      throw conflict(
        ids.length === 1
          ? TRASH_MSG.publishedOne
          : TRASH_MSG.publishedMany(published.map((r) => r.SFCC_Pattern_ID)),
      );
    }
    const done = await repo.restorePatterns(tx, ids);
    for (const r of rows)
      await recordActivity(tx, user, r.ID, 'restored', { patternId: r.SFCC_Pattern_ID });
    await recordPatternEvents(tx, 'pattern.restored', done); // after: the event carries the pattern as it is back
    return done;
  });
  return { message: TRASH_MSG.restored(restored.length), restored };
}

const PURGE_BATCH = 100;

/**
 * Deletes for good what has been in the Trash longer than TRASH_RETENTION_DAYS, with its stored
 * objects (deleted once each batch's rows are gone). Run daily by background.ts; answers how many.
 */
export async function purgeTrash(
  deps: AppDeps,
  log?: FastifyBaseLogger,
  days = deps.env.TRASH_RETENTION_DAYS,
): Promise<number> {
  let purged = 0;
  for (;;) {
    let locked: number[] = [];
    const gone = await deletingObjects(
      deps,
      async (tx) => {
        locked = await repo.lockExpired(tx, days, PURGE_BATCH);
        return keysOf.patterns(locked)(tx);
      },
      (tx) => repo.purgePatterns(tx, locked, days),
      log,
    );
    purged += gone.length;
    if (locked.length < PURGE_BATCH) return purged;
  }
}
