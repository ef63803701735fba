import type { PartsOf } from '../../storage/multipart';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { LIMITS } from '../../../shared/limits';
import type { PatternFile } from '../../../shared/contracts/files';
import { FILE_LABELS } from '../../../shared/contracts/files';
import {
  isMultipleKind,
  PATTERN_DETAIL_MSG,
  PATTERN_FILES_UPLOAD,
} from '../../../shared/contracts/pattern-detail';
import {
  deleteObjects,
  recordPatternFiles,
  storePatternFile,
  toPatternFile,
  type StoredPatternFile,
} from '../files';
import { loadPattern, markPatternEdited } from './detail.service';
import { recordActivity } from '../activity';
import { addressNotesOn } from './address-notes';
import * as repo from './detail.repo';
import { assertVersion } from './versions';

/**
 * Replaces single files (a new Main_Hero_Image replaces the old one) and adds hero images, parts
 * named as in the submission. Every part is streamed to the store first; the rows change in one
 * transaction; the replaced objects are deleted only once the new ones are stored and recorded.
 */
export async function saveFiles(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  parts: PartsOf<typeof PATTERN_FILES_UPLOAD>,
  log?: FastifyBaseLogger,
  expected?: number,
): Promise<PatternFile[]> {
  const db = deps.database.db;
  // Before reading a byte: another brand's pattern is 404, a stale version 412.
  const before = await loadPattern(db, user, id);
  await assertVersion(db, { patternId: id, current: before.version }, expected);
  const stored: StoredPatternFile[] = [];
  try {
    // PATTERN_FILES_UPLOAD: a part per kind; an unknown one or a second single file is refused.
    for await (const part of parts) {
      if (part.type === 'refused') throw part.error;
      if (part.type !== 'file') continue;
      const kind = part.name;
      stored.push(await storePatternFile(deps, part.file, { kind, field: kind }));
    }
    if (!stored.length) throw badRequest(PATTERN_DETAIL_MSG.noFile);

    const replaced = await db.transaction(async (tx) => {
      // Still there (not deleted meanwhile), and not changed while the files streamed in.
      const locked = await loadPattern(tx, user, id, { forUpdate: true });
      await assertVersion(tx, { patternId: id, current: locked.version }, expected);
      const singleKinds = [
        ...new Set(stored.filter((s) => !isMultipleKind(s.kind)).map((s) => s.kind)),
      ];
      const old = await repo.listFilesOfKinds(tx, id, singleKinds);
      const newHeroes = stored.filter((s) => s.kind === 'Hero_Images').length;
      if (newHeroes) {
        const heroes = (await repo.listFilesOfKinds(tx, id, ['Hero_Images'])).length;
        if (heroes + newHeroes > LIMITS.heroImagesMax) {
          const msg = `A pattern can have at most ${LIMITS.heroImagesMax} hero images (it has ${heroes})`;
          throw conflict(msg, { Hero_Images: msg });
        }
      }
      await repo.deleteFilesById(
        tx,
        old.map((f) => f.id),
      );
      const ids = await recordPatternFiles(tx, id, stored);
      await markPatternEdited(tx, id);
      for (const [i, s] of stored.entries()) {
        const file = { id: ids[i]!, fileName: s.fileName };
        const prev = old.find((o) => o.kind === s.kind);
        if (prev)
          await recordActivity(tx, user, id, 'file_replaced', {
            file,
            previous: prev.fileName,
            label: FILE_LABELS[s.kind],
          });
        else await recordActivity(tx, user, id, 'file_added', { file, label: FILE_LABELS[s.kind] });
      }
      await addressNotesOn(
        tx,
        user,
        id,
        'file',
        old.map((o) => o.id),
      );
      return old;
    });
    await deleteObjects(
      deps,
      replaced.map((f) => f.storageKey),
      log,
    );
  } catch (err) {
    await deleteObjects(deps, stored, log);
    throw err;
  }
  return (await repo.listPatternFiles(db, id)).map(toPatternFile);
}

/** Removes one pattern-level file. A size's PDF is required for completeness: it can only be replaced. */
export async function removeFile(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  fileId: number,
  log?: FastifyBaseLogger,
  expected?: number,
): Promise<PatternFile[]> {
  const db = deps.database.db;
  await loadPattern(db, user, id);
  const file = await repo.findPatternFile(db, id, fileId);
  if (!file) throw notFound('File');
  if (file.kind === 'pattern_pdf_file') throw conflict(PATTERN_DETAIL_MSG.sizePdfRemove);
  await db.transaction(async (tx) => {
    const locked = await loadPattern(tx, user, id, { forUpdate: true });
    await assertVersion(tx, { patternId: id, current: locked.version }, expected);
    await repo.deleteFilesById(tx, [file.id]);
    await markPatternEdited(tx, id);
    await recordActivity(tx, user, id, 'file_removed', {
      file: { id: file.id, fileName: file.fileName },
      label: FILE_LABELS[file.kind],
    });
    await addressNotesOn(tx, user, id, 'file', [file.id]);
  });
  await deleteObjects(deps, [file.storageKey], log);
  return (await repo.listPatternFiles(db, id)).map(toPatternFile);
}
