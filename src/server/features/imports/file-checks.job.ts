import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../context';
import { enqueueJob, type JobHandler } from '../../jobs/outbox';
import * as files from '../files';
import * as repo from './imports.repo';
import { heapBound } from '../../lib/idle-gc';
import { IMPORT_HEAP_GROWTH_MB } from './check.service';

/**
 * Issue 31: the PDFs an import stores are checked (facts, first-page thumbnails) after it, not in
 * its way: each pattern's transaction queues this work (the outbox: durable, retried), and one
 * worker runs it one job at a time beside the import (imports.worker.ts), so it takes at most one
 * PDF checker process (features/files/pdf-facts.ts) and the thumbnail drawing of one file at a
 * time. The import's page shows `files.checked` of `files.total`.
 */
export const IMPORT_FILE_CHECKS_KIND = 'import-file-checks';

export interface FileChecksPayload {
  importId: number;
  patternIds: number[];
  /** How many stored PDFs this job checks (counted into the import's progress when it ends). */
  files: number;
}

/** Queues the check of the unchecked PDFs of `patternIds` (inside the import's transaction). */
export async function checkFilesLater(
  tx: DbOrTx,
  importId: number,
  patternIds: number[],
  files: number,
): Promise<void> {
  await enqueueJob(tx, {
    kind: IMPORT_FILE_CHECKS_KIND,
    payload: { importId, patternIds, files } satisfies FileChecksPayload,
    maxAttempts: 10,
  });
}

export function fileChecksJobHandler(deps: AppDeps): JobHandler<FileChecksPayload> {
  // Minutes of checks one job after another never leave the process idle (lib/idle-gc.ts).
  const bound = heapBound(IMPORT_HEAP_GROWTH_MB);
  return {
    kind: IMPORT_FILE_CHECKS_KIND,
    async handle(payload, ctx) {
      await files.checkPdfsLater(deps, payload.patternIds, ctx.log);
      await repo.addFilesChecked(deps.database.db, payload.importId, payload.files);
      bound();
    },
  };
}
