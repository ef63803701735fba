import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { live, patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import type { FileCheck } from '../../../shared/contracts/preflight';

export async function insertChecks(
  db: DbOrTx,
  rows: { fileId: number; check: FileCheck }[],
): Promise<void> {
  if (rows.length) await db.insert(fileChecks).values(rows);
}

/** The checks of the PDF rows naming `key` whose thumbnails were pending: drawn or not, settled. */
export async function settlePendingThumbnails(db: DbOrTx, key: string, drawn: boolean) {
  await db
    .update(fileChecks)
    .set({
      check: sql`(${fileChecks.check} - 'thumbnailsPending') || jsonb_build_object('thumbnails', ${drawn}::boolean)`,
    })
    .where(
      and(
        sql`${fileChecks.check} ? 'thumbnailsPending'`,
        sql`${fileChecks.fileId} in (select ${patternFiles.id} from ${patternFiles} where ${patternFiles.storageKey} = ${key})`,
      ),
    );
}

/** Every file of a pattern (its sizes' PDFs included) with what its check found, if it was checked. */
export async function filesWithChecks(db: DbOrTx, patternId: number) {
  return db
    .select({
      id: patternFiles.id,
      kind: patternFiles.kind,
      fileName: patternFiles.fileName,
      storageKey: patternFiles.storageKey,
      sizeId: patternFiles.sizeId,
      Size: sizes.Size,
      pattern_view: sizes.pattern_view,
      check: fileChecks.check,
    })
    .from(patternFiles)
    .leftJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
    .leftJoin(sizes, eq(sizes.ID, patternFiles.sizeId))
    .where(eq(patternFiles.patternId, patternId))
    .orderBy(patternFiles.id);
}

/** The file and its brand, if its check made thumbnails (the thumbnail download). */
export async function thumbnailSource(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({
      storageKey: patternFiles.storageKey,
      brandId: patterns.brandId,
      check: fileChecks.check,
    })
    .from(patternFiles)
    .innerJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
    .innerJoin(patterns, and(eq(patterns.ID, patternFiles.patternId), live()))
    .where(eq(patternFiles.id, fileId))
    .limit(1);
  return row;
}
