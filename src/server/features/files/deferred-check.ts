import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import { patternFiles } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { AppError } from '../../lib/app-error';
import { PDF_MIME_TYPE } from '../../../shared/limits';
import { preflightStoredUpload, putThumbnails, recordChecks, thumbnailKey } from '../preflight';

type PreflightOutcome = Awaited<ReturnType<typeof preflightStoredUpload>>;

/**
 * The PDF check (facts and first-page thumbnails, docs/preflight.md) of files stored without it
 * (`storePatternFile(…, { pdfCheck: 'later' })`: the bulk import, issue 31), run by queued
 * background work after their rows were committed. Checks the PDFs of `patternIds` that have no
 * check yet, each stored object once (rows sharing a stored object get the same findings), and
 * answers how many file rows it settled. A PDF that cannot be opened (damaged, password) keeps no
 * findings, as a file stored before the preflight: its card draws it in the browser. Run again
 * after a crash, it checks only what is left.
 */
export async function checkPdfsLater(
  deps: Pick<AppDeps, 'database' | 'files'>,
  patternIds: number[],
  log?: FastifyBaseLogger,
): Promise<number> {
  if (!patternIds.length) return 0;
  const db = deps.database.db;
  const rows = await db
    .select({
      id: patternFiles.id,
      key: patternFiles.storageKey,
      fileName: patternFiles.fileName,
      contentType: patternFiles.contentType,
    })
    .from(patternFiles)
    .leftJoin(fileChecks, eq(fileChecks.fileId, patternFiles.id))
    .where(
      and(
        inArray(patternFiles.patternId, patternIds),
        eq(patternFiles.contentType, PDF_MIME_TYPE),
        isNull(fileChecks.fileId),
      ),
    );
  const byKey = new Map<string, typeof rows>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  for (const [key, same] of byKey) {
    try {
      // The same bytes checked before (a re-import): their findings hold, nothing is read again.
      const [known] = await db
        .select({ check: fileChecks.check })
        .from(fileChecks)
        .innerJoin(patternFiles, eq(patternFiles.id, fileChecks.fileId))
        .where(eq(patternFiles.storageKey, key))
        .limit(1);
      const {
        check,
        thumbnails,
      }: Pick<Partial<PreflightOutcome>, 'thumbnails'> & { check: PreflightOutcome['check'] } =
        known ?? (await preflightStoredUpload(deps.files, { ...same[0]!, key }, 'file'));
      if (thumbnails && !(await deps.files.exists(thumbnailKey(key, 'small'))))
        await putThumbnails(deps.files, key, thumbnails);
      // Rows removed meanwhile (their pattern deleted) are left out: a check needs its row.
      const still = await db
        .select({ id: patternFiles.id })
        .from(patternFiles)
        .where(
          inArray(
            patternFiles.id,
            same.map((r) => r.id),
          ),
        );
      await recordChecks(
        db,
        still.map((r) => ({ fileId: r.id, check })),
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // a fault (store, database): the job retries
      log?.warn({ key, reason: err.message }, 'an imported PDF could not be checked');
    }
  }
  return rows.length;
}
