import type { AppDeps } from '../../context';
import type { JobHandler } from '../../jobs/outbox';
import { importJobHandler } from './imports.job';

/**
 * Imports get their own worker on the shared queue (kind 'import' only): an import runs for
 * minutes and must not hold up the mails and webhooks of the other workers. The import's own
 * heartbeat decides who holds it. src/server/background.ts starts it (not with IMPORT_WORKER=off;
 * the import tests drive a worker with runOnce()) and routes the service's kick to it.
 */
export function importWorker(deps: AppDeps): {
  handlers: JobHandler[];
  pollMs: number;
  leaseMs: number;
  batch: number;
} {
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
