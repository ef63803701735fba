import type { FastifyInstance } from 'fastify';
import { startJobWorker, type JobWorker } from '../../jobs/outbox';
import { importJobHandler } from './imports.job';
import { fileChecksJobHandler } from './file-checks.job';
import { setImportKick } from './imports.service';

/**
 * Imports get their own worker on the shared queue (kind 'import' only): an import runs for
 * minutes and must not hold up the mails and webhooks of the main worker. The import's own
 * heartbeat decides who holds it. Not started with IMPORT_WORKER=off (the import
 * tests drive a worker with runOnce()).
 */
/**
 * After a crash the queue hands the import out again once this lease ran out; a longer import is
 * not taken over meanwhile, because its holder's heartbeat is fresh (the other process retries later).
 */
const LEASE_MS = 2 * 60_000;

export function startImportWorker(app: FastifyInstance): void {
  if (app.deps.env.IMPORT_WORKER === 'off') return;
  let worker: JobWorker | undefined;
  let checks: JobWorker | undefined;
  app.addHook('onReady', async () => {
    // The imported PDFs' checks (file-checks.job.ts): one job at a time, beside the imports.
    checks = startJobWorker({
      db: app.deps.database.db,
      log: app.log,
      handlers: [fileChecksJobHandler(app.deps)],
      pollMs: 2000,
      batch: 1,
    });
    worker = startJobWorker({
      db: app.deps.database.db,
      log: app.log,
      handlers: [importJobHandler(app.deps)],
      pollMs: 3000,
      leaseMs: LEASE_MS,
      batch: 1,
    });
    setImportKick(() => worker?.kick());
  });
  app.addHook('onClose', async () => {
    setImportKick(() => undefined);
    // Do not wait for an import in flight: it resumes after the restart, pattern by pattern.
    void worker?.stop();
    void checks?.stop();
  });
}
