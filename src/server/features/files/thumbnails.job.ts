import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../context';
import { enqueueJob, type JobHandler } from '../../jobs/outbox';
import { drawPdfThumbnails } from '../preflight';

/**
 * Issue 31: the create form answers with its PDFs' facts and leaves their first pages' drawing
 * (nine tenths of a PDF's check) to this queued work, so the request does not wait for it. The
 * rows' transaction queues it (the outbox: durable, retried); the 'thumbnails' worker
 * (background.ts) runs one job at a time on the PDF checker, and the pattern screen asks again
 * while a check says `thumbnailsPending`.
 */
export const PDF_THUMBNAILS_JOB = 'pdf-thumbnails';

interface ThumbnailsPayload {
  keys: string[];
}

/** Queues the drawing of these stored PDFs' first pages (inside the transaction recording their rows). */
export async function drawThumbnailsLater(tx: DbOrTx, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await enqueueJob(tx, {
    kind: PDF_THUMBNAILS_JOB,
    payload: { keys: [...new Set(keys)] } satisfies ThumbnailsPayload,
    maxAttempts: 5,
  });
}

export function thumbnailsJobHandler(
  deps: Pick<AppDeps, 'database' | 'files'>,
): JobHandler<ThumbnailsPayload> {
  return {
    kind: PDF_THUMBNAILS_JOB,
    handle: (payload) => drawPdfThumbnails(deps, payload.keys),
  };
}
