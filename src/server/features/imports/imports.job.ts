import crypto from 'node:crypto';
import os from 'node:os';
import type { AppDeps } from '../../context';
import type { JobHandler } from '../../jobs/outbox';
import { IMPORT_MSG } from '../../../shared/contracts/imports';
import { checkImport } from './check.service';
import { dropJobZip } from './import-files';
import { runImport, type RunHooks } from './run.service';
import { IMPORT_JOB_KIND } from './imports.service';
import * as repo from './imports.repo';

/** A holder that has not beaten for this long is taken to be dead (killed, or its host gone). */
export const STALE_SECONDS = 60;

/**
 * Imports (checks included) running in this process, per database: while one runs, the imported
 * PDFs' checks wait (imports.worker.ts), so the import has the cores (issue 31: the checks beside
 * it halved its rate on 2 cores). Process state, kept per database as the list's anchors are.
 */
const running = new WeakMap<object, number>();
export const importing = (deps: AppDeps): boolean => (running.get(deps.database) ?? 0) > 0;

export interface ImportPayload {
  importId: number;
}

/**
 * The queue's handler for kind 'import': checks or imports, by the job's status. The queue's lease
 * may run out during a long import; the job's own `runner` column (claimed here, beaten while
 * working, checked inside every pattern's transaction) keeps one process on one import. A throw
 * retries later and resumes; after the last attempt the job fails saying how far it got.
 */
export function importJobHandler(deps: AppDeps, hooks: RunHooks = {}): JobHandler<ImportPayload> {
  return {
    kind: IMPORT_JOB_KIND,
    // Retries spread over about 50 minutes: long enough for another process's long import to finish.
    backoffMs: (attempt) => Math.min(5 * 60_000, 15_000 * attempt),
    async handle(payload, ctx) {
      const db = deps.database.db;
      const runner = `${os.hostname()}:${process.pid}:${crypto.randomUUID()}`;
      const job = await repo.claimJob(db, payload.importId, runner, STALE_SECONDS);
      if (!job) {
        const current = await repo.findJob(db, payload.importId);
        if (!current || (current.status !== 'checking' && current.status !== 'importing')) return;
        throw new Error(`import ${payload.importId} is being worked on by another process`);
      }
      running.set(deps.database, (running.get(deps.database) ?? 0) + 1);
      try {
        if (job.status === 'checking') await checkImport(deps, job, runner);
        else if (job.status === 'importing') await runImport(deps, job, runner, ctx.log, hooks);
      } finally {
        running.set(deps.database, running.get(deps.database)! - 1);
        await repo.releaseJob(db, job.id, runner);
      }
    },
    async onFailed(payload, err) {
      const db = deps.database.db;
      const job = await repo.findJob(db, payload.importId);
      if (!job || (job.status !== 'checking' && job.status !== 'importing')) return;
      // Retries ran out while another process still works on it (its heartbeat is fresh): let it finish.
      if (
        job.runner &&
        job.heartbeatAt &&
        Date.now() - job.heartbeatAt.getTime() < STALE_SECONDS * 1000
      )
        return;
      const counts = await repo.outcomeCounts(db, job.id);
      const done = (counts.created ?? 0) + (counts.updated ?? 0);
      const error =
        job.status === 'checking'
          ? `The check stopped (${String((err as Error)?.message ?? err).slice(0, 200)})`
          : IMPORT_MSG.interrupted(done, job.valid);
      await repo.updateJob(db, job.id, {
        status: 'failed',
        error,
        created: counts.created ?? 0,
        updated: counts.updated ?? 0,
        skipped: counts.skipped ?? 0,
        failed: (counts.failed ?? 0) + (counts.invalid ?? 0) + (counts.ready ?? 0),
        runner: null,
        zipKey: null,
      });
      // A failed job never runs again: its ZIP would stay in the store (and its copy here) for good.
      await dropJobZip(deps, job.id, job.zipKey);
    },
  };
}
