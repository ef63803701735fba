import type { Multipart } from '@fastify/multipart';
import type { AppDeps, AuthUser } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { storeUpload, type StoredUpload } from '../../storage/upload';
import { LIMITS } from '../../../shared/limits';
import { PATTERN_DETAIL_MSG, PATTERN_FILE_SLOTS, type FileRef, type PatternFileKind } from '../../../shared/contracts/pattern-detail';
import { loadPattern, toFileRef } from './detail.service';
import * as repo from './detail.repo';

/** Objects of pattern files live under one prefix, like the submission's (the start-up sweep knows it). */
export const PATTERN_FILES_PREFIX = 'patterns';

/** Best effort: a leftover object is an orphan the start-up sweep removes, not a reason to fail the request. */
export async function deleteObjects(deps: AppDeps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => deps.files.delete(k).catch(() => undefined)));
}

function drainAndFail(part: Multipart, err: Error): never {
  if (part.type === 'file') part.file.resume();
  throw err;
}

/**
 * Replaces single files (a new Main_Hero_Image replaces the old one) and adds hero images, as the
 * submission names its parts. Every part is streamed to the store first; the rows change in one
 * transaction; the replaced objects are deleted only once the new ones are stored and recorded.
 */
export async function saveFiles(deps: AppDeps, user: AuthUser, id: number, parts: AsyncIterable<Multipart>): Promise<FileRef[]> {
  const db = deps.database.db;
  await loadPattern(db, user, id); // before reading a byte: another brand's pattern is 404
  const stored: { kind: PatternFileKind; upload: StoredUpload }[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const kind = part.fieldname as PatternFileKind;
      const slot = Object.hasOwn(PATTERN_FILE_SLOTS, kind) ? PATTERN_FILE_SLOTS[kind] : undefined;
      if (!slot) drainAndFail(part, badRequest(`Unknown file field ${part.fieldname}`, { [part.fieldname]: `Unknown file field ${part.fieldname}` }));
      if (!slot.multiple && stored.some((s) => s.kind === kind)) {
        drainAndFail(part, badRequest(`Only one ${slot.label} can be uploaded`, { [kind]: `Only one ${slot.label} can be uploaded` }));
      }
      const upload = await storeUpload(deps.files, part.file, { rule: slot.rule, field: kind, fileName: part.filename, prefix: PATTERN_FILES_PREFIX });
      stored.push({ kind, upload });
    }
    if (!stored.length) throw badRequest(PATTERN_DETAIL_MSG.noFile);

    const replaced = await db.transaction(async (tx) => {
      await loadPattern(tx, user, id, { forUpdate: true }); // still there (not deleted meanwhile)
      const singleKinds = [...new Set(stored.filter((s) => !PATTERN_FILE_SLOTS[s.kind].multiple).map((s) => s.kind))];
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
      await repo.insertFiles(
        tx,
        stored.map((s) => ({
          patternId: id,
          kind: s.kind,
          storageKey: s.upload.key,
          fileName: s.upload.fileName,
          contentType: s.upload.contentType,
          byteSize: s.upload.byteSize,
        })),
      );
      await repo.touchPattern(tx, id);
      return old;
    });
    await deleteObjects(
      deps,
      replaced.map((f) => f.storageKey),
    );
  } catch (err) {
    await deleteObjects(
      deps,
      stored.map((s) => s.upload.key),
    );
    throw err;
  }
  return (await repo.listPatternFiles(db, id)).map(toFileRef);
}

/** Removes one pattern-level file. A size's PDF is required for completeness: it can only be replaced. */
export async function removeFile(deps: AppDeps, user: AuthUser, id: number, fileId: number): Promise<FileRef[]> {
  const db = deps.database.db;
  await loadPattern(db, user, id);
  const file = await repo.findPatternFile(db, id, fileId);
  if (!file) throw notFound('File');
  if (file.kind === 'pattern_pdf_file') throw conflict(PATTERN_DETAIL_MSG.sizePdfRemove);
  await db.transaction(async (tx) => {
    await repo.deleteFilesById(tx, [file.id]);
    await repo.touchPattern(tx, id);
  });
  await deleteObjects(deps, [file.storageKey]);
  return (await repo.listPatternFiles(db, id)).map(toFileRef);
}
