import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LONGEST_UPLOAD_MS, sweepOrphans } from './features/files';
import { maintainListTables } from './features/pattern-list';
import { purgeTrash } from './features/trash';

/**
 * Every background job of the app, started from here once the app is ready and stopped on close
 * (feature files hold the work, not the schedule). `app.background` lists them with their state,
 * so a test can prove each is scheduled.
 */
export interface BackgroundJob {
  name: string;
  /** Delay of the first run once the app is ready; 0 runs it at start-up. */
  firstAfterMs: number;
  everyMs: number;
  run(): Promise<unknown>;
}

export interface JobState {
  readonly name: string;
  readonly firstAfterMs: number;
  readonly everyMs: number;
  /** Runs started so far. */
  runs: number;
  /** Whether its timers are armed (between start and stop). */
  scheduled: boolean;
}

const HOUR = 60 * 60_000;

export function backgroundJobs(app: FastifyInstance): BackgroundJob[] {
  const { deps } = app;
  const jobs: BackgroundJob[] = [
    {
      // Leftovers of interrupted uploads (`.part` files, objects no row refers to), older than any
      // upload can last: at start-up, since a killed process leaves them, and hourly.
      name: 'upload sweep',
      firstAfterMs: 0,
      everyMs: HOUR,
      run: async () => {
        const r = await sweepOrphans(deps, { olderThanMs: LONGEST_UPLOAD_MS, log: app.log });
        if (r.orphans || r.temporaries) app.log.info(r, 'swept upload leftovers');
      },
    },
    {
      // What has been in the Trash longer than TRASH_RETENTION_DAYS goes for good, files included:
      // daily, and a minute after start-up (a server that restarts often still purges).
      name: 'trash purge',
      firstAfterMs: 60_000,
      everyMs: 24 * HOUR,
      run: async () => {
        const n = await purgeTrash(deps, app.log);
        if (n) app.log.info({ purged: n }, 'purged the Trash');
      },
    },
  ];
  // PGlite runs no autovacuum; PostgreSQL does this itself.
  if (deps.database.kind === 'pglite') {
    jobs.push({
      name: 'patterns table maintenance',
      firstAfterMs: 30_000,
      everyMs: 5 * 60_000,
      run: () => maintainListTables(app),
    });
  }
  // Redis expires its own keys; the in-memory counters drop expired windows here.
  const counter = deps.counter;
  if (counter.sweepExpired) {
    jobs.push({
      name: 'rate-limit counters sweep',
      firstAfterMs: 60_000,
      everyMs: 60_000,
      run: async () => counter.sweepExpired!(),
    });
  }
  return jobs;
}

/** Arms each job's timers (never two runs of one job at once); `stop` clears them and waits for running jobs. */
export function scheduleJobs(jobs: BackgroundJob[], log: FastifyBaseLogger) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const states: JobState[] = jobs.map((job) => {
    const state: JobState = {
      name: job.name,
      firstAfterMs: job.firstAfterMs,
      everyMs: job.everyMs,
      runs: 0,
      scheduled: true,
    };
    let current: Promise<unknown> | undefined;
    const tick = () => {
      if (current) return;
      state.runs += 1;
      current = job
        .run()
        .catch((err) => log.warn({ err, job: job.name }, 'background job failed'))
        .finally(() => {
          running.delete(current!);
          current = undefined;
        });
      running.add(current);
    };
    const start = () => {
      tick();
      const every = setInterval(tick, job.everyMs);
      every.unref();
      timers.push(every);
    };
    if (job.firstAfterMs === 0)
      start(); // started by ready() itself, before the first request
    else {
      const first = setTimeout(start, job.firstAfterMs);
      first.unref();
      timers.push(first);
    }
    return state;
  });
  return {
    states,
    async stop() {
      for (const t of timers) {
        clearTimeout(t);
        clearInterval(t);
      }
      for (const s of states) s.scheduled = false;
      await Promise.allSettled([...running]); // never close the database under a running job
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    background: JobState[];
  }
}

/** Called once by buildApp: jobs start when the app is ready and stop when it closes. */
export function startBackgroundJobs(app: FastifyInstance) {
  let stop: (() => Promise<void>) | undefined;
  app.decorate('background', [] as JobState[]);
  app.addHook('onReady', async () => {
    const scheduled = scheduleJobs(backgroundJobs(app), app.log);
    app.background.push(...scheduled.states);
    stop = scheduled.stop;
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
