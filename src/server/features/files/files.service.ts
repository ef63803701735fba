import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps, AuthUser } from '../../context';
import { storeUpload, type StoredUpload } from '../../storage/upload';
import { canSeeBrand } from '../../lib/scope';
import { notFound } from '../../lib/app-error';
import {
  FILE_KIND_RULE,
  FILE_PATHS,
  type FileKind,
  type PatternFile,
} from '../../../shared/contracts/files';
import { PDF_MIME_TYPE, sanitizeFileName } from '../../../shared/limits';
import type { FileCheck } from '../../../shared/contracts/preflight';
import * as repo from './files.repo';
import {
  baseKeyOf,
  preflightStoredUpload,
  putThumbnails,
  recordChecks,
  thumbnailKey,
  withThumbnailKeys,
} from '../preflight';
import {
  LONGEST_UPLOAD_MS,
  PATTERN_FILES_PREFIX,
  UPLOADS_PREFIX,
  contentKey,
  deleteRowlessObject,
  dropExpiredLeases,
  dropLeases,
  keysWithRows,
  leaseObject,
  leaseObjects,
  legacyKeys,
  markMissing,
  releaseObjects,
  sha256Hex,
  unreferencedKeys,
  type ObjectDeps,
} from './objects';

type PreflightOutcome = Awaited<ReturnType<typeof preflightStoredUpload>>;

export { LONGEST_UPLOAD_MS, PATTERN_FILES_PREFIX };

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
 * result under its content key (ADR 013): bytes stored before are not written again. The answer
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
    /** 'later': a PDF is stored unchecked; the caller queues checkPdfsLater (the bulk import, issue 31). */
    pdfCheck?: 'now' | 'later';
  },
): Promise<StoredPatternFile> {
  const received = await receivePatternFile(deps, part, opts);
  const [placed] = await placePatternFiles(deps, [await received.checked]);
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
  opts: { kind: FileKind; field: string; fileName?: string; pdfCheck?: 'now' | 'later' },
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
    later ? Promise.resolve({}) : preflightStoredUpload(store, upload, opts.field)
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
 * statements however many files: ADR 013's upsert-then-lease, sorted so that two requests lock
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
    files.flatMap((f, i) => (f.check ? [{ fileId: ids[i], check: f.check }] : [])),
  );
  await dropLeases(db, [...new Set(files.flatMap((f) => (f.lease ? [f.lease] : [])))]);
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

/** A file row as responses describe it. */
export function toPatternFile(row: {
  id: number;
  kind: FileKind;
  sizeId: number | null;
  fileName: string;
  contentType: string;
  byteSize: number;
}): PatternFile {
  return {
    id: row.id,
    kind: row.kind,
    sizeId: row.sizeId,
    fileName: row.fileName,
    contentType: row.contentType,
    byteSize: row.byteSize,
    url: FILE_PATHS.download(row.id),
  };
}

/** Opens a file for a signed-in user; another brand's file, or a missing object, is 404. */
export async function openForDownload(deps: AppDeps, user: AuthUser, id: number) {
  const row = await repo.findFileWithBrand(deps.database.db, id);
  if (!row || !canSeeBrand(user, row.brandId)) throw notFound('File');
  let stream: Readable;
  try {
    stream = await deps.files.get(row.storageKey);
  } catch {
    throw notFound('File');
  }
  return {
    stream,
    fileName: sanitizeFileName(row.fileName),
    contentType: row.contentType,
    byteSize: row.byteSize,
  };
}

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * The upload sweep (hourly, background.ts): drops expired leases and holds; deletes stored objects
 * nothing references (their rows, their objects and thumbnails); removes `.part` temporaries
 * anywhere in the store, and objects under the patterns prefix without a stored_objects row (an
 * interrupted upload's), both older than `olderThanMs`; then moves a batch of legacy objects to
 * content keys (rehashLegacyObjects).
 */
export async function sweepOrphans(
  deps: AppDeps,
  opts: { olderThanMs?: number; now?: number; log?: FastifyBaseLogger; rehash?: number } = {},
) {
  const db = deps.database.db;
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? LONGEST_UPLOAD_MS);
  await dropExpiredLeases(db);
  let temporaries = 0;
  let orphans = 0;
  // Rows nothing references (a failed request's object once its lease expired, a deletion that
  // failed half-way): released in batches until none is left.
  for (;;) {
    const keys = await unreferencedKeys(db, 200);
    if (!keys.length) break;
    const gone = await releaseObjects(deps, keys);
    orphans += gone.length;
    if (gone.length < keys.length) break; // held (a backup) or failing: the next sweep retries
  }
  let batch: string[] = [];
  const flush = async () => {
    // A thumbnail goes with its file's key.
    const bases = [...new Set(batch.map(baseKeyOf))];
    const known = await keysWithRows(db, bases);
    for (const key of bases.filter((k) => !known.has(k))) {
      try {
        if (key.startsWith(`${UPLOADS_PREFIX}/`)) {
          await deps.files.delete(key);
          orphans++;
        } else if (await deleteRowlessObject(deps, key)) orphans++;
      } catch (err) {
        opts.log?.warn({ err, key }, 'could not delete an orphan object; the next sweep retries');
      }
    }
    batch = [];
  };
  for await (const obj of deps.files.list('')) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (obj.key.endsWith('.part')) {
      await deps.files.delete(obj.key).catch(() => undefined);
      temporaries++;
    } else if (obj.key.startsWith(`${PATTERN_FILES_PREFIX}/`)) {
      batch.push(obj.key);
      if (batch.length >= 500) await flush();
    }
  }
  if (batch.length) await flush();
  const rehashed = await rehashLegacyObjects(deps, { limit: opts.rehash ?? 200, log: opts.log });
  return { temporaries, orphans, rehashed: rehashed.moved };
}

/**
 * Moves objects stored under legacy keys (before migration 0021) to their content keys, `limit`
 * at a time (resumable: what is left is what still has no SHA-256): hashes the object as it
 * streams, stores it (and its thumbnails) under its content key unless these bytes are stored
 * already, points every row and published version at the new key, then releases the old one.
 * Duplicates among legacy objects become one object. An object that cannot be read is marked
 * `missing` and skipped.
 */
export async function rehashLegacyObjects(
  deps: ObjectDeps,
  opts: { limit?: number; log?: FastifyBaseLogger } = {},
): Promise<{ moved: number; missing: number; left: boolean }> {
  const db = deps.database.db;
  const keys = await legacyKeys(db, opts.limit ?? 200);
  let moved = 0;
  let missing = 0;
  for (const old of keys) {
    let sha256: string;
    let byteSize = 0;
    try {
      const hash = crypto.createHash('sha256');
      for await (const chunk of await deps.files.get(old)) {
        hash.update(chunk as Buffer);
        byteSize += (chunk as Buffer).length;
      }
      sha256 = hash.digest('hex');
    } catch (err) {
      opts.log?.warn({ err, key: old }, 'a legacy object could not be read; left as it is');
      await markMissing(db, old);
      missing++;
      continue;
    }
    const key = contentKey(sha256);
    const lease = await leaseObject(db, key, { sha256, byteSize });
    try {
      // Thumbnails the content key lacks (a duplicate moved first may have had none), then the object.
      for (const t of withThumbnailKeys([old]).slice(1)) {
        const to = key + t.slice(old.length);
        if ((await deps.files.exists(t)) && !(await deps.files.exists(to)))
          await deps.files.put(to, await deps.files.get(t), 'image/webp');
      }
      if (!(await deps.files.exists(key)))
        await deps.files.put(key, await deps.files.get(old), 'application/octet-stream');
      await db.transaction(async (tx) => {
        await repo.renameStorageKey(tx, old, key);
        await dropLeases(tx, [lease]);
      });
    } catch (err) {
      await dropLeases(db, [lease]).catch(() => undefined);
      throw err;
    }
    await releaseObjects(deps, [old]);
    moved++;
  }
  return { moved, missing, left: keys.length === (opts.limit ?? 200) };
}
