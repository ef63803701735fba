import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { live, patternFiles, patterns, sizes } from '../../db/schema/patterns';

export const patternColumns = {
  ID: patterns.ID,
  SFCC_Pattern_ID: patterns.SFCC_Pattern_ID,
  Pattern_Name: patterns.Pattern_Name,
  brandId: patterns.brandId,
  brandName: brands.name,
  Technical_Details: patterns.Technical_Details,
  Pattern_Description: patterns.Pattern_Description,
  Fabric_Recommendation: patterns.Fabric_Recommendation,
  Fabric_type: patterns.Fabric_type,
  Notion: patterns.Notion,
  Type: patterns.Type,
  Is_Printable: patterns.Is_Printable,
  Gender: patterns.Gender,
  Price: patterns.Price,
  Suitable_For: patterns.Suitable_For,
  is_Subscribable: patterns.is_Subscribable,
  Pattern_Fit: patterns.Pattern_Fit,
  IS_SFCC_TESTING: patterns.IS_SFCC_TESTING,
  SFCC_Status: patterns.SFCC_Status,
  editStatus: patterns.editStatus,
  reviewedAt: patterns.reviewedAt,
  publishedAt: patterns.publishedAt,
  createdAt: patterns.createdAt,
  updatedAt: patterns.updatedAt,
  contentUpdatedAt: patterns.contentUpdatedAt,
  version: patterns.version,
};

/**
 * The pattern with its brand name, or undefined when it does not exist or lies outside `brandId`
 * (null = every brand). `forUpdate` locks the row for the rest of the transaction.
 */
export async function findPattern(
  db: DbOrTx,
  id: number,
  brandId: number | null,
  forUpdate = false,
) {
  const where = and(
    eq(patterns.ID, id),
    live(), // a pattern in the Trash is not found (404) until restored
    brandId === null ? undefined : eq(patterns.brandId, brandId),
  );
  const q = db
    .select(patternColumns)
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(where)
    .limit(1);
  const [row] = forUpdate ? await q.for('update', { of: patterns }) : await q;
  return row;
}
export type PatternRow = NonNullable<Awaited<ReturnType<typeof findPattern>>>;

/** The live patterns among `ids` with their brand name, locked for the transaction (in ID order: two writers lock alike). */
export async function lockPatterns(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select(patternColumns)
    .from(patterns)
    .innerJoin(brands, eq(brands.id, patterns.brandId))
    .where(and(inArray(patterns.ID, ids), live()))
    .orderBy(asc(patterns.ID))
    .for('update', { of: patterns });
}

export const fileColumns = {
  id: patternFiles.id,
  patternId: patternFiles.patternId,
  sizeId: patternFiles.sizeId,
  kind: patternFiles.kind,
  storageKey: patternFiles.storageKey,
  fileName: patternFiles.fileName,
  contentType: patternFiles.contentType,
  byteSize: patternFiles.byteSize,
  createdAt: patternFiles.createdAt,
};
export interface FileRow {
  id: number;
  patternId: number;
  sizeId: number | null;
  kind: (typeof patternFiles.kind)['_']['data'];
  storageKey: string;
  fileName: string;
  contentType: string;
  byteSize: number;
  createdAt: Date;
}

/** Pattern-level files (not a size's PDF), in upload order. */
export async function listPatternFiles(db: DbOrTx, patternId: number): Promise<FileRow[]> {
  return db
    .select(fileColumns)
    .from(patternFiles)
    .where(and(eq(patternFiles.patternId, patternId), isNull(patternFiles.sizeId)))
    .orderBy(asc(patternFiles.id));
}

export async function findPatternFile(
  db: DbOrTx,
  patternId: number,
  fileId: number,
): Promise<FileRow | undefined> {
  const [row] = await db
    .select(fileColumns)
    .from(patternFiles)
    .where(and(eq(patternFiles.id, fileId), eq(patternFiles.patternId, patternId)))
    .limit(1);
  return row;
}

export async function listFilesOfKinds(
  db: DbOrTx,
  patternId: number,
  kinds: string[],
): Promise<FileRow[]> {
  if (!kinds.length) return [];
  return db
    .select(fileColumns)
    .from(patternFiles)
    .where(
      and(
        eq(patternFiles.patternId, patternId),
        isNull(patternFiles.sizeId),
        inArray(patternFiles.kind, kinds as never[]),
      ),
    );
}

export async function deleteFilesById(db: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await db.delete(patternFiles).where(inArray(patternFiles.id, ids));
}

/** Each size with whether it has its PDF: one query, enough to say what the pattern lacks. */
export async function sizesForCompleteness(db: DbOrTx, patternId: number) {
  return db
    .select({
      ID: sizes.ID,
      pattern_view: sizes.pattern_view,
      Size: sizes.Size,
      hasPdf: sql<boolean>`exists (select 1 from ${patternFiles} where ${patternFiles.sizeId} = ${sizes.ID} and ${patternFiles.kind} = 'pattern_pdf_file')`,
    })
    .from(sizes)
    .where(eq(sizes.patternId, patternId))
    .orderBy(asc(sizes.ID));
}

export type PatternValues = Partial<typeof patterns.$inferInsert>;

/** Marks the pattern as edited: a size, piece or file changed. */
export async function touchPattern(db: DbOrTx, id: number) {
  await db.update(patterns).set({ updatedAt: new Date() }).where(eq(patterns.ID, id));
}
