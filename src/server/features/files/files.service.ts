import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { DbOrTx, Tx } from '../../db/client';
import type { AppDeps, AuthUser } from '../../context';
import type { FileStore } from '../../storage/file-store';
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
  recordChecks,
  withThumbnailKeys,
} from './preflight.service';

/** Every pattern object lives under this prefix; the sweep looks only here. */
export const PATTERN_FILES_PREFIX = 'patterns';

export interface StoredPatternFile extends StoredUpload {
  kind: FileKind;
  /** What the upload preflight found (docs/preflight.md). */
  check?: FileCheck;
}

/**
 * Keys stored by requests still in progress in this process: the sweep never removes them, even
 * if an upload takes longer than the sweep's age threshold.
 */
const inFlight = new Set<string>();

/**
 * Streams one multipart file part into the store under a generated key, checking its type by
 * content and its size against the kind's rule (413/415 with `fields[field]`), then runs the
 * preflight on the stored object (422 for a PDF that cannot be opened; photos cleaned and
 * thumbnailed). Nothing is left behind when it fails. The caller must record the result in a row
 * or delete it (deleteObjects).
 */
export async function storePatternFile(
  store: FileStore,
  part: Pick<MultipartFile, 'file' | 'filename'>,
  opts: {
    kind: FileKind;
    field: string;
    fileName?: string;
    /** 'later': a PDF is stored unchecked; the caller queues checkPdfsLater (the bulk import, issue 31). */
    pdfCheck?: 'now' | 'later';
  },
): Promise<StoredPatternFile> {
  const stored = await storeUpload(store, part.file as Readable, {
    rule: FILE_KIND_RULE[opts.kind],
    field: opts.field,
    fileName: opts.fileName ?? part.filename,
    prefix: PATTERN_FILES_PREFIX,
  });
  inFlight.add(stored.key);
  if (opts.pdfCheck === 'later' && stored.contentType === PDF_MIME_TYPE)
    return { ...stored, kind: opts.kind };
  try {
    const pf = await preflightStoredUpload(store, stored, opts.field);
    return {
      ...stored,
      byteSize: pf.byteSize ?? stored.byteSize,
      kind: opts.kind,
      check: pf.check,
    };
  } catch (err) {
    await deleteObjects(store, [stored.key]);
    throw err;
  }
}

/** Writes the rows of stored files (inside the caller's transaction); answers their ids in order. */
export async function recordPatternFiles(
  db: DbOrTx,
  patternId: number,
  files: (Pick<
    StoredPatternFile,
    'kind' | 'key' | 'fileName' | 'contentType' | 'byteSize' | 'check'
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
  for (const f of files) inFlight.delete(f.key);
  return ids;
}

/**
 * Best-effort removal of stored objects (after a failed request, or after their rows were
 * deleted). A failure is logged, not thrown: the sweep removes what is left.
 */
export async function deleteObjects(
  store: FileStore,
  fileKeys: string[],
  log?: FastifyBaseLogger,
): Promise<void> {
  const keys = withThumbnailKeys(fileKeys);
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys.slice(i, i + 8).map(async (key) => {
        try {
          await store.delete(key);
        } catch (err) {
          log?.warn({ err, key }, 'could not delete stored object; the sweep will retry');
        } finally {
          inFlight.delete(key);
        }
      }),
    );
  }
}

/** Storage keys of rows that deleting these patterns, sizes or files removes (cascades included). */
export const keysOf = {
  patterns: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfPatterns(db, ids),
  sizes: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfSizes(db, ids),
  files: (ids: number[]) => (db: DbOrTx) => repo.storageKeysOfFiles(db, ids),
};

/**
 * Deletes rows and their stored objects: reads the keys and runs `removeRows` in one transaction,
 * then deletes the objects once it committed (a failed delete leaves rows and objects as they were).
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
  await deleteObjects(deps.files, collected, log);
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
 * The longest an upload may last: an object older than this is no longer being written by any
 * instance, so the sweep may judge it. The server's request time-out must not exceed it.
 */
export const LONGEST_UPLOAD_MS = 30 * 60 * 1000;

/**
 * Removes what failed or interrupted uploads left behind: `.part` temporaries anywhere in the store
 * and objects under the patterns prefix that no row references, both older than `olderThanMs`.
 */
export async function sweepOrphans(
  deps: AppDeps,
  opts: { olderThanMs?: number; now?: number; log?: FastifyBaseLogger } = {},
) {
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? LONGEST_UPLOAD_MS);
  let temporaries = 0;
  let orphans = 0;
  let batch: string[] = [];
  const flush = async () => {
    // A thumbnail goes with its file's key.
    const referenced = await repo.referencedKeys(deps.database.db, [
      ...new Set(batch.map(baseKeyOf)),
    ]);
    const gone = batch.filter((k) => !referenced.has(baseKeyOf(k)) && !inFlight.has(baseKeyOf(k)));
    await deleteObjects(deps.files, gone, opts.log);
    orphans += gone.length;
    batch = [];
  };
  for await (const obj of deps.files.list('')) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (obj.key.endsWith('.part')) {
      await deleteObjects(deps.files, [obj.key], opts.log);
      temporaries++;
    } else if (obj.key.startsWith(`${PATTERN_FILES_PREFIX}/`)) {
      batch.push(obj.key);
      if (batch.length >= 500) await flush();
    }
  }
  if (batch.length) await flush();
  return { temporaries, orphans };
}
