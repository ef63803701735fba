import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { storedObjects } from '../../db/schema/files';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { storefrontFileHashes } from '../../db/schema/storefront';
import type { FileKind } from '../../../shared/contracts/files';

// What the storefront's one content adapter reads of a working copy (source.ts).

/** These patterns, or those the condition selects after pattern `after` (a keyset page). */
export type PatternPage = { ids: number[] } | { where: SQL | undefined; after: number };

/**
 * One page of patterns in ID order, with the fields the archive carries: these ids, or those the
 * condition selects after pattern `after` (a keyset page).
 */
export async function sourcePatternPage(db: DbOrTx, page: PatternPage, pageSize: number) {
  const scope =
    'ids' in page ? inArray(patterns.ID, page.ids) : and(page.where, gt(patterns.ID, page.after));
  return db
    .select({
      ID: patterns.ID,
      productId: patterns.SFCC_Pattern_ID,
      name: patterns.Pattern_Name,
      brandName: brands.name,
      description: patterns.Pattern_Description,
      details: patterns.Technical_Details,
      price: sql<string | null>`${patterns.Price}::text`,
      Type: patterns.Type,
      Gender: patterns.Gender,
      Fabric_type: patterns.Fabric_type,
      Notion: patterns.Notion,
      Is_Printable: patterns.Is_Printable,
      is_Subscribable: patterns.is_Subscribable,
      Suitable_For: patterns.Suitable_For,
      Pattern_Fit: patterns.Pattern_Fit,
      Fabric_Recommendation: patterns.Fabric_Recommendation,
    })
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(scope)
    .orderBy(asc(patterns.ID))
    .limit(pageSize);
}

/** The sizes of these patterns, by pattern then size id. */
export async function sizesOfPatterns(db: DbOrTx, ids: number[]) {
  return db
    .select({
      ID: sizes.ID,
      patternId: sizes.patternId,
      variationId: sizes.VariationID,
      view: sizes.pattern_view,
      size: sizes.Size,
    })
    .from(sizes)
    .where(inArray(sizes.patternId, ids))
    .orderBy(asc(sizes.patternId), asc(sizes.ID));
}

export type FileRow = Awaited<ReturnType<typeof fileRows>>[number];

/** Files with their SHA-256 when known (hashed for the storefront, or stored with it) and whether their thumbnails exist. */
function fileRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: patternFiles.id,
      patternId: patternFiles.patternId,
      sizeId: patternFiles.sizeId,
      kind: patternFiles.kind,
      storageKey: patternFiles.storageKey,
      contentType: patternFiles.contentType,
      sha256: sql<string | null>`coalesce(${storefrontFileHashes.sha256}, ${storedObjects.sha256})`,
      thumbnails: sql<boolean>`coalesce((${fileChecks.check}->>'thumbnails')::boolean, false)`,
    })
    .from(patternFiles)
    .leftJoin(storefrontFileHashes, eq(storefrontFileHashes.fileId, patternFiles.id))
    .leftJoin(storedObjects, eq(storedObjects.key, patternFiles.storageKey))
    .leftJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
    .where(where)
    .orderBy(asc(patternFiles.id));
}

/** The files of these kinds of these patterns. */
export const filesOfPatterns = (db: DbOrTx, ids: number[], kinds: FileKind[]) =>
  fileRows(db, and(inArray(patternFiles.patternId, ids), inArray(patternFiles.kind, kinds)));

export const filesById = (db: DbOrTx, ids: number[]) => fileRows(db, inArray(patternFiles.id, ids));

/** A pattern PDF's SHA-256, kept once computed (files are never rewritten in place). */
export async function saveFileHash(db: DbOrTx, fileId: number, sha256: string) {
  await db.insert(storefrontFileHashes).values({ fileId, sha256 }).onConflictDoNothing();
}
