import type { FastifyInstance } from 'fastify';
import { startJobWorker, type JobWorker } from '../../jobs/outbox';
import { importJobHandler } from './imports.job';
import { setImportKick } from './imports.service';

/**
 * Imports get their own worker on the shared queue (kind 'import' only): an import runs for
 * minutes and must not hold up the mails and webhooks of the main worker. Its lease is long; the
 * import's own heartbeat decides who holds it. Not started with IMPORT_WORKER=off (the import
 * tests drive a worker with runOnce()).
 */
export function startImportWorker(app: FastifyInstance): void {
  if (app.deps.env.IMPORT_WORKER === 'off') return;
  let worker: JobWorker | undefined;
  app.addHook('onReady', async () => {
    worker = startJobWorker({ db: app.deps.database.db, log: app.log, handlers: [importJobHandler(app.deps)], pollMs: 3000, leaseMs: 30 * 60_000, batch: 1 });
    setImportKick(() => worker?.kick());
  });
  app.addHook('onClose', async () => {
    setImportKick(() => undefined);
    // Do not wait for an import in flight: it resumes after the restart, pattern by pattern.
    void worker?.stop();
  });
}
