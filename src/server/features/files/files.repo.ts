import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patternFiles, patterns } from '../../db/schema/patterns';
import { patternPublishedVersions } from '../../db/schema/published';
import { publishedFileRefs } from '../../db/schema/files';

export type NewPatternFileRow = typeof patternFiles.$inferInsert;

export async function insertPatternFiles(db: DbOrTx, rows: NewPatternFileRow[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await db.insert(patternFiles).values(rows).returning({ id: patternFiles.id });
  return out.map((r) => r.id);
}

/** A file with the brand of its pattern, for the brand-scoped download. */
export async function findFileWithBrand(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: patternFiles.id,
      storageKey: patternFiles.storageKey,
      fileName: patternFiles.fileName,
      contentType: patternFiles.contentType,
      byteSize: patternFiles.byteSize,
      brandId: patterns.brandId,
    })
    .from(patternFiles)
    .innerJoin(patterns, and(eq(patterns.ID, patternFiles.patternId), live()))
    .where(eq(patternFiles.id, id))
    .limit(1);
  return row;
}

/** The keys of these patterns' rows and of their published versions (deleted with them). */
export async function storageKeysOfPatterns(db: DbOrTx, patternIds: number[]): Promise<string[]> {
  if (patternIds.length === 0) return [];
  const rows = await db
    .select({ key: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.patternId, patternIds));
  const published = await db
    .select({ key: publishedFileRefs.storageKey })
    .from(publishedFileRefs)
    .where(inArray(publishedFileRefs.patternId, patternIds));
  return [...new Set([...rows, ...published].map((r) => r.key))];
}

export async function storageKeysOfSizes(db: DbOrTx, sizeIds: number[]): Promise<string[]> {
  if (sizeIds.length === 0) return [];
  const rows = await db
    .select({ key: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.sizeId, sizeIds));
  return rows.map((r) => r.key);
}

export async function storageKeysOfFiles(db: DbOrTx, fileIds: number[]): Promise<string[]> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({ key: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.id, fileIds));
  return rows.map((r) => r.key);
}

/**
 * Locks the patterns whose rows or published version name `key`, as a transition locks its pattern
 * (`loadPattern` forUpdate): a publish that read these rows commits its version before the rename
 * runs (which then rewrites that version too), or reads the renamed rows after it.
 */
export async function lockPatternsNaming(db: DbOrTx, key: string): Promise<void> {
  await db
    .select({ id: patterns.ID })
    .from(patterns)
    .where(
      sql`${patterns.ID} in (${db
        .select({ id: patternFiles.patternId })
        .from(patternFiles)
        .where(eq(patternFiles.storageKey, key))} union ${db
        .select({ id: publishedFileRefs.patternId })
        .from(publishedFileRefs)
        .where(eq(publishedFileRefs.storageKey, key))})`,
    )
    .orderBy(patterns.ID)
    .for('update');
}

/**
 * Points every row and published version naming `from` at `to` (the legacy rehash: same bytes).
 * Keys are generated (a month and a UUID, or a SHA-256), so replacing the quoted string in a
 * published version's data touches nothing else; its trigger updates published_file_refs.
 */
export async function renameStorageKey(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(patternFiles).set({ storageKey: to }).where(eq(patternFiles.storageKey, from));
  await db
    .update(patternPublishedVersions)
    .set({
      data: sql`replace(${patternPublishedVersions.data}::text, ${JSON.stringify(from)}, ${JSON.stringify(to)})::jsonb`,
    })
    .where(
      inArray(
        patternPublishedVersions.patternId,
        db
          .select({ id: publishedFileRefs.patternId })
          .from(publishedFileRefs)
          .where(eq(publishedFileRefs.storageKey, from)),
      ),
    );
}
