import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles, sizes } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';

/* A pattern's content as its rows hold it now: what a published version and a review snapshot store. */

export async function snapshotFiles(db: DbOrTx, patternId: number) {
  return db
    .select({
      id: patternFiles.id,
      kind: patternFiles.kind,
      fileName: patternFiles.fileName,
      contentType: patternFiles.contentType,
      byteSize: patternFiles.byteSize,
      sizeId: patternFiles.sizeId,
      key: patternFiles.storageKey,
      thumbnails: sql<boolean>`coalesce((${fileChecks.check}->>'thumbnails')::boolean, false)`,
    })
    .from(patternFiles)
    .leftJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
    .where(eq(patternFiles.patternId, patternId))
    .orderBy(asc(patternFiles.id));
}

export async function snapshotSizes(db: DbOrTx, patternId: number) {
  return db.select().from(sizes).where(eq(sizes.patternId, patternId)).orderBy(asc(sizes.ID));
}
