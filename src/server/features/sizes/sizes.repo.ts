import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles, pieces, sizes } from '../../db/schema/patterns';
import { SIZE_TEMPLATE_FIELDS } from '../../../shared/contracts/sizes';
import { firstRow } from '../../lib/rows';

const templateColumns = Object.fromEntries(SIZE_TEMPLATE_FIELDS.map((f) => [f, sizes[f]])) as {
  [K in (typeof SIZE_TEMPLATE_FIELDS)[number]]: (typeof sizes)[K];
};

/** A size with its PDF and piece count in one row: the list is one query, not one per size. */
const sizeColumns = {
  ID: sizes.ID,
  patternId: sizes.patternId,
  VariationID: sizes.VariationID,
  pattern_view: sizes.pattern_view,
  Size: sizes.Size,
  Pattern_Pdf_File_Name: sizes.Pattern_Pdf_File_Name,
  ...templateColumns,
  createdAt: sizes.createdAt,
  updatedAt: sizes.updatedAt,
  version: sizes.version,
  pdfId: patternFiles.id,
  pdfName: patternFiles.fileName,
  pdfSize: patternFiles.byteSize,
  pdfType: patternFiles.contentType,
  piecesCount: sql<number>`(select count(*)::int from ${pieces} where ${pieces.sizeId} = ${sizes.ID})`,
};

function selectSizes(db: DbOrTx) {
  return db
    .select(sizeColumns)
    .from(sizes)
    .leftJoin(
      patternFiles,
      and(eq(patternFiles.sizeId, sizes.ID), eq(patternFiles.kind, 'pattern_pdf_file')),
    );
}
export type SizeRow = Awaited<ReturnType<ReturnType<typeof selectSizes>['where']>>[number];

export async function listSizes(db: DbOrTx, patternId: number): Promise<SizeRow[]> {
  return selectSizes(db).where(eq(sizes.patternId, patternId)).orderBy(asc(sizes.ID));
}

export async function findSize(db: DbOrTx, sizeId: number): Promise<SizeRow | undefined> {
  const [row] = await selectSizes(db).where(eq(sizes.ID, sizeId)).limit(1);
  return row;
}

/** Just enough of a size to find its pattern (brand scoping goes through the pattern). */
export async function findSizeOwner(db: DbOrTx, sizeId: number) {
  const [row] = await db
    .select({ ID: sizes.ID, patternId: sizes.patternId })
    .from(sizes)
    .where(eq(sizes.ID, sizeId))
    .limit(1);
  return row;
}

export async function countSizes(db: DbOrTx, patternId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sizes)
    .where(eq(sizes.patternId, patternId));
  return firstRow(rows, 'count of sizes').n;
}

/** Another size of the pattern with this view and size (case-insensitive, as people read them). */
export async function findDuplicate(
  db: DbOrTx,
  patternId: number,
  view: string,
  size: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ ID: sizes.ID })
    .from(sizes)
    .where(
      and(
        eq(sizes.patternId, patternId),
        sql`lower(${sizes.pattern_view}) = ${view.toLowerCase()}`,
        sql`lower(${sizes.Size}) = ${size.toLowerCase()}`,
        exceptId ? ne(sizes.ID, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export type SizeValues = Partial<typeof sizes.$inferInsert>;

export async function insertSize(db: DbOrTx, values: typeof sizes.$inferInsert): Promise<number> {
  const rows = await db.insert(sizes).values(values).returning({ ID: sizes.ID });
  return firstRow(rows, 'insert into sizes').ID;
}

export async function updateSize(db: DbOrTx, sizeId: number, values: SizeValues) {
  await db.update(sizes).set(values).where(eq(sizes.ID, sizeId));
}

export async function sizesOfPattern(db: DbOrTx, patternId: number, ids: number[]) {
  return db
    .select({ ID: sizes.ID })
    .from(sizes)
    .where(and(eq(sizes.patternId, patternId), inArray(sizes.ID, ids)));
}

/** Stored objects of these sizes (their PDFs), to delete once the rows are gone. */
export async function fileKeysOfSizes(
  db: DbOrTx,
  ids: number[],
): Promise<{ id: number; storageKey: string }[]> {
  if (!ids.length) return [];
  return db
    .select({ id: patternFiles.id, storageKey: patternFiles.storageKey })
    .from(patternFiles)
    .where(inArray(patternFiles.sizeId, ids));
}

/** Pieces and file rows go with the size (ON DELETE CASCADE). */
export async function deleteSizes(db: DbOrTx, ids: number[]) {
  if (!ids.length) return;
  await db.delete(sizes).where(inArray(sizes.ID, ids));
}

/** Removes a size's PDF rows (before recording the new one); answers their keys to delete after commit. */
export async function removeSizePdfRows(db: DbOrTx, sizeId: number): Promise<string[]> {
  const old = await fileKeysOfSizes(db, [sizeId]);
  if (old.length)
    await db.delete(patternFiles).where(
      inArray(
        patternFiles.id,
        old.map((o) => o.id),
      ),
    );
  return old.map((o) => o.storageKey);
}
