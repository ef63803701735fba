import type { DbOrTx } from '../../db/client';
import type { AppDeps, AuthUser } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import type { Readable } from 'node:stream';
import {
  PUBLISHED_MSG,
  type LiveChanges,
  type PublishedFile,
  type PublishedPattern,
} from '../../../shared/contracts/pattern-published';
import { loadPattern, type PatternRow } from '../patterns';
import { diffSnapshots, readContent, snapshotOf, takeSnapshot } from './content';
import * as repo from './published.repo';
import { publishedVersion } from './published-read';

const notPublished = () => new AppError(404, ERROR_CODES.notFound, PUBLISHED_MSG.notPublished);

/** Publishing stores the pattern as it is now (as it was reviewed) as its next version. */
export async function recordPublication(
  tx: DbOrTx,
  user: AuthUser,
  p: PatternRow,
): Promise<number> {
  return repo.savePublished(
    tx,
    {
      patternId: p.ID,
      brandId: p.brandId,
      SFCC_Pattern_ID: p.SFCC_Pattern_ID,
      data: await readContent(tx, p),
    },
    user.id,
  );
}

export const recordUnpublication = (tx: DbOrTx, id: number) => repo.markUnpublished(tx, id);

/** `GET /api/patterns/{id}/published`: brand-scoped; 404 when the pattern is not published. */
export async function getPublished(
  db: DbOrTx,
  user: AuthUser,
  id: number,
): Promise<PublishedPattern> {
  await loadPattern(db, user, id);
  const v = await publishedVersion(db, id);
  if (!v?.live) throw notPublished();
  return v;
}

/** Every file a published version names (pattern-level and sizes'). */
export const publishedFilesOf = (v: {
  files: PublishedFile[];
  sizes: { files: PublishedFile[] }[];
}) => [...v.files, ...v.sizes.flatMap((s) => s.files)];

/**
 * `GET /api/patterns/{id}/published/files/{fileId}`: a file of the live published version, read by
 * its content key: still there after an edit replaced or removed its row (the version references
 * the object). Brand-scoped like the version; 404 when not published or not one of its files.
 */
export async function openPublishedFile(deps: AppDeps, user: AuthUser, id: number, fileId: number) {
  const v = await getPublished(deps.database.db, user, id);
  const file = publishedFilesOf(v).find((f) => f.id === fileId);
  if (!file?.key) throw notFound('File');
  let stream: Readable;
  try {
    stream = await deps.files.get(file.key);
  } catch {
    throw notFound('File');
  }
  return { file, stream };
}

/** The keys the pattern's current published version names (publishing a new one releases those it drops). */
export async function publishedKeys(db: DbOrTx, id: number): Promise<string[]> {
  const v = await publishedVersion(db, id);
  return v ? publishedFilesOf(v).flatMap((f) => (f.key ? [f.key] : [])) : [];
}

/** What is live and what the working copy changed since (empty when nothing waits). */
export async function getLiveChanges(db: DbOrTx, user: AuthUser, id: number): Promise<LiveChanges> {
  const p = await loadPattern(db, user, id);
  const v = await publishedVersion(db, id);
  if (!v?.live) throw notPublished();
  return {
    version: v.version,
    publishedAt: v.publishedAt,
    publishedBy: v.publishedBy,
    changes: diffSnapshots(snapshotOf(v), await takeSnapshot(db, p)),
  };
}
