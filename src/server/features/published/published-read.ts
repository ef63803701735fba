import type { DbOrTx } from '../../db/client';
import type { PublishedPattern } from '../../../shared/contracts/pattern-published';
import { isoDate, isoDateOrNull } from '../patterns';
import * as repo from './published.repo';

/*
 * Reading published versions, for this feature and others (the storefront delivery, the webhooks'
 * event data): import `publishedVersions` / `publishedVersion` from `features/published` (index.ts).
 */

const toPublished = (r: repo.PublishedRow): PublishedPattern => ({
  ID: r.patternId,
  version: r.version,
  live: r.unpublishedAt === null,
  publishedAt: isoDate(r.publishedAt),
  publishedBy: r.publishedBy,
  unpublishedAt: isoDateOrNull(r.unpublishedAt),
  ...r.data,
});

/**
 * The published versions of these patterns, in ID order, for any brand (callers scope): one per
 * pattern that was ever published, `live` false once unpublished (the storefront takes those
 * offline). Patterns never published are absent. For other features (the storefront delivery).
 */
export async function publishedVersions(db: DbOrTx, ids: number[]): Promise<PublishedPattern[]> {
  return (await repo.findPublished(db, ids)).map(toPublished);
}

/** One pattern's published version (live or not), or undefined when it was never published. */
export async function publishedVersion(
  db: DbOrTx,
  id: number,
): Promise<PublishedPattern | undefined> {
  return (await publishedVersions(db, [id]))[0];
}

/**
 * Every live published version, `pageSize` at a time in ID order, without holding them all: for a
 * full resync or an archive of every published pattern. Each page is read in its own query.
 */
export async function* livePublishedVersions(
  db: DbOrTx,
  pageSize = 500,
): AsyncGenerator<PublishedPattern[]> {
  let after = 0;
  for (;;) {
    const rows = await repo.livePublishedAfter(db, after, pageSize);
    if (!rows.length) return;
    yield rows.map(toPublished);
    after = rows[rows.length - 1]!.patternId;
    if (rows.length < pageSize) return;
  }
}
