import type { AppDeps } from '../../context';
import type { JobHandler } from '../../jobs/outbox';
import { importJobHandler, importing } from './imports.job';
import { fileChecksJobHandler } from './file-checks.job';

interface WorkerSpecPart {
  handlers: JobHandler[];
  pollMs: number;
  leaseMs?: number;
  batch: number;
  paused?: () => boolean;
}

/**
 * Imports get their own worker on the shared queue (kind 'import' only): an import runs for
 * minutes and must not hold up the mails and webhooks of the other workers. The import's own
 * heartbeat decides who holds it. src/server/background.ts starts it (not with IMPORT_WORKER=off;
 * the import tests drive a worker with runOnce()) and routes the service's kick to it.
 */
export function importWorker(deps: AppDeps): WorkerSpecPart & { leaseMs: number } {
  return {
    handlers: [importJobHandler(deps)],
    pollMs: 3000,
    /**
     * After a crash the queue hands the import out again once this lease ran out; a longer import is
     * not taken over meanwhile, because its holder's heartbeat is fresh (the other process retries later).
     */
    leaseMs: 2 * 60_000,
    batch: 1,
  };
}

/**
 * The imported PDFs' checks (file-checks.job.ts): one job at a time, after the imports: none is
 * claimed while this process checks or imports a sheet (they wait in the queue, durable). An import
 * on another process does not hold them.
 */
export function importChecksWorker(deps: AppDeps): WorkerSpecPart {
  return {
    handlers: [fileChecksJobHandler(deps)],
    pollMs: 2000,
    batch: 1,
    paused: () => importing(deps),
  };
}
