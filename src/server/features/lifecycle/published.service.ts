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
import type { PatternListQuery, PatternListResponse } from '../../../shared/contracts/pattern-list';
import {
  isoDate,
  loadPattern,
  publishedRepo as repo,
  publishedVersion,
  type PatternRow,
} from '../patterns';
import { diffSnapshots, readContent, snapshotOf, takeSnapshot } from './review-snapshot';
import { scopedWhere, withBrandId, assertBrandFilter, withStorefrontBadges } from '../pattern-list';

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

/**
 * The list's `version=published`: live published versions only, their values as published, with
 * the list's scoping, filters (status aside) and sort keys, paged by position (no anchors).
 */
export async function listPublished(
  db: DbOrTx,
  user: AuthUser,
  query: PatternListQuery,
): Promise<PatternListResponse> {
  const q = await withBrandId(db, user, query);
  await assertBrandFilter(db, user, q);
  const w = scopedWhere(user, q);
  const { rows, total } = await repo.publishedPage(
    db,
    w,
    { sort: q.sort, dir: q.dir },
    q.pageSize,
    (q.page - 1) * q.pageSize,
  );
  // The published main hero, while its row still serves its thumbnails (as the working list's).
  const heroOf = (r: (typeof rows)[number]) =>
    r.data.files.find((x) => x.kind === 'Main_Hero_Image' && x.thumbnails);
  const served = await repo.filesStillServed(
    db,
    rows.flatMap((r) => heroOf(r) ?? []),
  );
  const data: PatternListResponse['data'] = rows.map((r) => {
    const f = r.data.fields;
    const hero = heroOf(r);
    return {
      ID: r.patternId,
      SFCC_Pattern_ID: f.SFCC_Pattern_ID,
      Pattern_Name: f.Pattern_Name,
      Brand: f.Brand,
      brandName: f.brandName,
      Type: f.Type,
      Gender: f.Gender,
      Price: f.Price,
      Fabric_type: f.Fabric_type,
      Is_Printable: f.Is_Printable,
      SFCC_Status: 'published',
      editStatus: r.editStatus,
      IS_SFCC_TESTING: r.IS_SFCC_TESTING,
      updatedAt: isoDate(r.publishedAt),
      heroFileId: hero && served.has(hero.id) ? hero.id : null,
    };
  });
  return {
    data: await withStorefrontBadges(db, user, data),
    totalCountData: total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
