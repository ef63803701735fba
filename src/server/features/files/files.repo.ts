import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patternFiles, patterns } from '../../db/schema/patterns';

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

export async function storageKeysOfPatterns(db: DbOrTx, patternIds: number[]): Promise<string[]> {
  if (patternIds.length === 0) return [];
  const rows = await db
    .select({ key: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.patternId, patternIds));
  return rows.map((r) => r.key);
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

/** Which of `keys` some row still references (unique index on storage_key). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}
