import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps } from '../../context';
import { storeUpload, type StoredUpload } from '../../storage/upload';
import { FILE_KIND_RULE, type FileKind } from '../../../shared/contracts/files';
import { PDF_MIME_TYPE } from '../../../shared/limits';
import type { FileCheck } from '../../../shared/contracts/preflight';
import * as repo from './files.repo';
import { drawThumbnailsLater } from './thumbnails.job';
import { preflightStoredUpload, putThumbnails, recordChecks, thumbnailKey } from '../preflight';
import {
  LONGEST_UPLOAD_MS,
  UPLOADS_PREFIX,
  contentKey,
  dropLeases,
  leaseObject,
  leaseObjects,
  releaseObjects,
  sha256Hex,
  type ObjectDeps,
} from './objects';
import { rowAt } from '../../lib/rows';

type PreflightOutcome = Awaited<ReturnType<typeof preflightStoredUpload>>;
type PdfCheckWhen = 'now' | 'facts' | 'later';

export { LONGEST_UPLOAD_MS };

export interface StoredPatternFile extends StoredUpload {
  kind: FileKind;
  /** What the upload preflight found (docs/preflight.md). */
  check?: FileCheck;
  /**
   * The upload's lease on its object (objects.ts): recordPatternFiles drops it with the row's
   * insert; deleteObjects given this file (not only its key) drops it after a failure.
   */
  lease?: string;
}

/** A stored object as deleteObjects takes it: a key, or a stored upload (its lease is dropped too). */
export type ObjectRef = string | { key: string; lease?: string };

/**
 * Streams one multipart file part into the store, checking its type by content and its size
 * against the kind's rule (413/415 with `fields[field]`) and hashing it as it streams, then runs the
 * preflight (422 for a PDF that cannot be opened; photos cleaned and thumbnailed) and stores the
 * result under its content key (ADR 009): bytes stored before are not written again. The answer
 * holds a lease on the object; the caller records it in a row (recordPatternFiles) or gives it
 * back to deleteObjects. Nothing is left behind when it fails.
 */
export async function storePatternFile(
  deps: ObjectDeps,
  part: Pick<MultipartFile, 'file' | 'filename'>,
  opts: {
    kind: FileKind;
    field: string;
    fileName?: string;
    /**
     * 'later': a PDF is stored unchecked; the caller queues checkPdfsLater (the bulk import, issue 31).
     * 'facts': a PDF's facts now, its thumbnails drawn after the answer (recordPatternFiles queues them).
     */
    pdfCheck?: PdfCheckWhen;
  },
): Promise<StoredPatternFile> {
  const received = await receivePatternFile(deps, part, opts);
  const [placed] = await placePatternFiles(deps, [await received.checked]);
  if (!placed) throw new Error('storePatternFile: the file was not placed');
  return placed;
}

/** An upload streamed to its temporary key and checked, not yet under its content key (placePatternFiles). */
export interface CheckedPatternFile {
  upload: StoredUpload;
  kind: FileKind;
  outcome: Partial<PreflightOutcome>;
}

/**
 * The first half of storePatternFile, for a request that stores several files (the create form,
 * issue 31): streams the part to a temporary key (413/415 here) and answers at once, with its
 * preflight still running in `checked` (422 there), so the next part can be read meanwhile. A
 * failed preflight deletes the upload. What `checked` answers goes to placePatternFiles or, after
 * any failure, to discardPatternFiles.
 */
export async function receivePatternFile(
  deps: ObjectDeps,
  part: Pick<MultipartFile, 'file' | 'filename'>,
  opts: { kind: FileKind; field: string; fileName?: string; pdfCheck?: PdfCheckWhen },
): Promise<{ upload: StoredUpload; checked: Promise<CheckedPatternFile> }> {
  const store = deps.files;
  const upload = await storeUpload(store, part.file as Readable, {
    rule: FILE_KIND_RULE[opts.kind],
    field: opts.field,
    fileName: opts.fileName ?? part.filename,
    prefix: UPLOADS_PREFIX,
  });
  // A PDF whose check is left for later (checkPdfsLater) is stored as it came, with no findings.
  const later = opts.pdfCheck === 'later' && upload.contentType === PDF_MIME_TYPE;
  const checked = (
    later
      ? Promise.resolve({})
      : preflightStoredUpload(store, upload, opts.field, {
          pdfThumbnails: opts.pdfCheck === 'facts' ? 'later' : 'now',
        })
  ).then(
    (outcome) => ({ upload, kind: opts.kind, outcome }),
    async (err: unknown) => {
      await store.delete(upload.key).catch(() => undefined);
      throw err;
    },
  );
  return { upload, checked };
}

/** Deletes checked uploads that will not be placed (a request that failed). */
export async function discardPatternFiles(deps: ObjectDeps, checked: CheckedPatternFile[]) {
  await Promise.all(checked.map((c) => deps.files.delete(c.upload.key).catch(() => undefined)));
}

/**
 * The second half of storePatternFile: leases the files' content keys in one transaction (two
 * statements however many files: ADR 009's upsert-then-lease, sorted so that two requests lock
 * shared keys in one order), then moves each upload to its content key — bytes stored before are
 * not written again. Each answer holds a lease (files of identical bytes share one), for
 * recordPatternFiles or deleteObjects. Nothing is left behind when it fails.
 */
export async function placePatternFiles(
  deps: ObjectDeps,
  checked: CheckedPatternFile[],
): Promise<StoredPatternFile[]> {
  const store = deps.files;
  const items = checked.map(({ upload, kind, outcome: pf }) => {
    const sha256 = pf.cleaned ? sha256Hex(pf.cleaned) : upload.sha256;
    return {
      upload,
      kind,
      pf,
      sha256,
      byteSize: pf.cleaned?.length ?? upload.byteSize,
      key: contentKey(sha256),
    };
  });
  let leases = new Map<string, string>();
  const placed: StoredPatternFile[] = [];
  try {
    leases = await leaseObjects(deps.database.db, items);
    const done = new Set<string>();
    for (const { upload, kind, pf, sha256, byteSize, key } of items) {
      if (!done.has(key) && !(await store.exists(key))) {
        // Thumbnails first: an existing object implies its thumbnails exist.
        if (pf.thumbnails) await putThumbnails(store, key, pf.thumbnails);
        if (pf.cleaned) {
          await store.put(key, Readable.from([pf.cleaned]), upload.contentType);
          await store.delete(upload.key);
        } else await store.move(upload.key, key);
      } else {
        await store.delete(upload.key);
        // Stored before without thumbnails (a PDF whose page could not be drawn in time then).
        if (pf.thumbnails && !(await store.exists(thumbnailKey(key, 'small'))))
          await putThumbnails(store, key, pf.thumbnails);
      }
      done.add(key);
      placed.push({
        ...upload,
        key,
        sha256,
        byteSize,
        kind,
        check: pf.check,
        lease: leases.get(key),
      });
    }
    return placed;
  } catch (err) {
    await discardPatternFiles(deps, checked);
    // The objects already placed go now if nothing else names them (else the sweep takes them).
    await dropLeases(deps.database.db, [...leases.values()])
      .then(() =>
        releaseObjects(
          deps,
          placed.map((p) => p.key),
        ),
      )
      .catch(() => undefined);
    throw err;
  }
}

/**
 * @public
 * Takes a new lease on an object already stored (an importer naming one ZIP entry from rows
 * recorded in different transactions): the copy answered can be recorded or discarded like the
 * original, independently of it.
 */
export async function reuseStoredFile<T extends StoredPatternFile>(
  deps: ObjectDeps,
  stored: T,
): Promise<T> {
  const lease = await leaseObject(deps.database.db, stored.key, {
    sha256: stored.sha256,
    byteSize: stored.byteSize,
  });
  return { ...stored, lease };
}

/**
 * Writes the rows of stored files (inside the caller's transaction) and drops their uploads'
 * leases in the same step; answers their ids in order. Several rows may name one stored file
 * (two sizes naming one PDF): pass it once per row.
 */
export async function recordPatternFiles(
  db: DbOrTx,
  patternId: number,
  files: (Pick<
    StoredPatternFile,
    'kind' | 'key' | 'fileName' | 'contentType' | 'byteSize' | 'check' | 'lease'
  > & { sizeId?: number | null })[],
): Promise<number[]> {
  const ids = await repo.insertPatternFiles(
    db,
    files.map((f) => ({
      patternId,
      sizeId: f.sizeId ?? null,
      kind: f.kind,
      storageKey: f.key,
      fileName: f.fileName,
      contentType: f.contentType,
      byteSize: f.byteSize,
    })),
  );
  await recordChecks(
    db,
    files.flatMap((f, i) =>
      f.check ? [{ fileId: rowAt(ids, i, 'id of a recorded file'), check: f.check }] : [],
    ),
  );
  await dropLeases(db, [...new Set(files.flatMap((f) => (f.lease ? [f.lease] : [])))]);
  await drawThumbnailsLater(
    db,
    files.flatMap((f) => (f.check?.type === 'pdf' && f.check.thumbnailsPending ? [f.key] : [])),
  );
  return ids;
}

/**
 * Deletes stored objects that nothing references any more: after a failed request (pass the
 * stored files themselves, so their leases go too) or after their rows were deleted (keys). An
 * object another row or a published version still names stays. A failure is logged, not
 * thrown: the sweep removes what is left.
 */
export async function deleteObjects(
  deps: ObjectDeps,
  refs: ObjectRef[],
  log?: FastifyBaseLogger,
): Promise<void> {
  if (!refs.length) return;
  const keys = refs.map((r) => (typeof r === 'string' ? r : r.key));
  try {
    await dropLeases(
      deps.database.db,
      refs.flatMap((r) => (typeof r !== 'string' && r.lease ? [r.lease] : [])),
    );
    await releaseObjects(deps, keys);
  } catch (err) {
    log?.warn({ err, keys }, 'could not delete stored objects; the sweep will retry');
  }
}

/**
 * Storage keys that deleting these patterns, sizes or files releases (cascades included; a
 * pattern's published version goes with it).
 */
export const keysOf = {
  patterns: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfPatterns(db, ids),
  sizes: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfSizes(db, ids),
  files: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfFiles(db, ids),
};

/**
 * Deletes rows and their stored objects: reads the keys and runs `removeRows` in one transaction,
 * then, once it committed, deletes the objects nothing references any more (deleteObjects).
 *   await deletingObjects(deps, keysOf.patterns([id]), (tx) => patternsRepo.deletePattern(tx, id));
 */
export async function deletingObjects<T>(
  deps: AppDeps,
  keys: (db: Tx) => Promise<string[]>,
  removeRows: (tx: Tx) => Promise<T>,
  log?: FastifyBaseLogger,
): Promise<T> {
  let collected: string[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    collected = await keys(tx);
    return removeRows(tx);
  });
  await deleteObjects(deps, collected, log);
  return result;
}
