import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LONGEST_UPLOAD_MS, sweepOrphans, thumbnailsJobHandler } from './features/files';
import { maintainListTables } from './features/pattern-list';
import { purgeTrash } from './features/trash';
import { webhookDeliveryHandler, webhookPatternEvents } from './features/integrations';
import { storefrontDeliveryHandler, storefrontPatternEvents } from './features/storefront';
import { setPatternEventHandlers } from './events/pattern-events';
import { importChecksWorker, importWorker } from './features/imports';
import { releaseJobHandler } from './features/releases';
import { startJobWorker, type JobHandler } from './jobs/outbox';
import { dropSentMailTexts, mailJobHandler } from './mail/mail-job';
import { startIdleCollector } from './lib/idle-gc';
import { serveBackups } from './backup/backup-socket';

/**
 * The one place where the app's background work starts and stops (route plugins and feature files
 * start nothing; they hold the work, not the schedule): the timed jobs, the workers of the job
 * queue (src/server/jobs/outbox.ts) and, in the server process, the backup socket and the idle
 * collector. main.ts calls `startBackground` once the app listens and `stop` on SIGTERM; the test
 * helper calls it for each test app with the workers its tests do not drive by hand.
 * `app.background` lists everything started, with its state, so a test can prove what runs.
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
  /** timer: a job run on a schedule; worker: a job queue worker (everyMs is its poll); service: a socket or sampler of the process. */
  readonly kind: 'timer' | 'worker' | 'service';
  readonly firstAfterMs: number;
  readonly everyMs: number;
  /** Runs started so far (timers). */
  runs: number;
  /** Whether it is armed (between start and stop). */
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
      // Texts of mails sent before a release that drops them once sent (reset links, codes).
      name: 'sent mail texts',
      firstAfterMs: 0,
      everyMs: 24 * HOUR,
      run: async () => {
        const n = await dropSentMailTexts(deps.database.db);
        if (n) app.log.info({ mails: n }, 'dropped the texts of sent mails');
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
      kind: 'timer',
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

/** The queue's workers; each takes only its own kinds, so slow work never delays a sign-in code. */
export type WorkerName =
  'mail' | 'webhooks' | 'storefront' | 'imports' | 'import checks' | 'thumbnails' | 'releases';
export const ALL_WORKERS: readonly WorkerName[] = [
  'mail',
  'webhooks',
  'storefront',
  'imports',
  'import checks',
  'thumbnails',
  'releases',
];

interface WorkerSpec {
  name: WorkerName;
  handlers: JobHandler[];
  pollMs: number;
  leaseMs: number;
  batch?: number;
  /** false: stop does not wait for the job in hand (an import resumes after the restart, pattern by pattern). */
  waitOnStop?: boolean;
}

export function workerSpecs(app: FastifyInstance): WorkerSpec[] {
  const { deps } = app;
  const { JOB_POLL_MS: pollMs, JOB_LEASE_MS: leaseMs } = deps.env;
  const specs: WorkerSpec[] = [
    // Mails alone: a one-time code is sent as soon as it is kicked, never behind a slow webhook receiver.
    { name: 'mail', handlers: [mailJobHandler(deps.mailer)], pollMs, leaseMs },
    { name: 'webhooks', handlers: [webhookDeliveryHandler(deps)], pollMs, leaseMs },
    // Storefront deliveries wait on Salesforce's import jobs (minutes): one at a time, on their own.
    {
      name: 'storefront',
      handlers: [storefrontDeliveryHandler(deps)],
      pollMs,
      leaseMs,
      batch: 1,
    },
  ];
  if (deps.env.IMPORT_WORKER !== 'off')
    specs.push(
      { name: 'imports', ...importWorker(deps), waitOnStop: false },
      // The imported PDFs' facts and thumbnails, after the import (issue 31): one job at a time.
      { name: 'import checks', leaseMs, ...importChecksWorker(deps) },
    );
  // PDF thumbnails drawn after the create form's answer (issue 31): one job at a time, on the PDF checker.
  specs.push({
    name: 'thumbnails',
    handlers: [thumbnailsJobHandler(deps)],
    pollMs,
    leaseMs,
    batch: 1,
  });
  // Releases fire at their time (docs/releases.md): one at a time; the lease makes it once across processes.
  specs.push({ name: 'releases', handlers: [releaseJobHandler(deps)], pollMs, leaseMs, batch: 1 });
  return specs;
}

export interface BackgroundOptions {
  /** Which queue workers run (default: all). API tests leave out those they drive with runOnce(). */
  workers?: readonly WorkerName[];
  /** The server process only: answer `npm run backup` on DATA_DIR/backup.sock (PGlite) and give idle memory back. */
  processServices?: { dataDir: string };
}

export interface Background {
  /** Everything started (the same array as `app.background`). */
  states: JobState[];
  /** Stops in order: services, then workers (waiting for their job in hand), then timers (waiting for a running job). */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: JobState[];
  }
}

/**
 * The handlers of a pattern change (src/server/events), in the order they run: the storefront's
 * queue first (it takes its locks in the order docs/storefront.md gives), then the webhooks. Each
 * writes its outbox rows in the change's transaction; the delivery itself is the workers' above.
 */
export const PATTERN_EVENT_HANDLERS = [storefrontPatternEvents, webhookPatternEvents] as const;

/**
 * Declares `app.background` and registers the pattern-change handlers (buildApp): a change made by
 * any app of this process reaches the storefront and the webhooks. Nothing starts until
 * `startBackground`.
 */
export function declareBackground(app: FastifyInstance) {
  app.decorate('background', [] as JobState[]);
  setPatternEventHandlers(PATTERN_EVENT_HANDLERS);
}

/** Starts every timer, worker and service of this process; call once the app is ready. */
export async function startBackground(
  app: FastifyInstance,
  opts: BackgroundOptions = {},
): Promise<Background> {
  const { deps, log } = app;
  const states = app.background;
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  const state = (name: string, kind: JobState['kind'], everyMs = 0): JobState => {
    const s: JobState = { name, kind, firstAfterMs: 0, everyMs, runs: 0, scheduled: true };
    states.push(s);
    return s;
  };

  if (opts.processServices) {
    // `npm run backup` asks this process for the embedded database's copy (backup/backup-socket.ts).
    if (deps.database.kind === 'pglite') {
      const s = state('backup socket', 'service');
      const close = await serveBackups(deps, opts.processServices.dataDir, log);
      stops.push({ name: s.name, stop: async () => ((s.scheduled = false), await close()) });
    }
    // Memory a burst of requests left behind goes back to the system once the process is idle.
    const s = state('idle collector', 'service', 5000);
    const stopCollector = startIdleCollector({ alsoCollect: deps.database.collectGarbage });
    stops.push({ name: s.name, stop: async () => ((s.scheduled = false), stopCollector()) });
  }

  const wanted = new Set(opts.workers ?? ALL_WORKERS);
  for (const spec of workerSpecs(app).filter((w) => wanted.has(w.name))) {
    const s = state(`${spec.name} worker`, 'worker', spec.pollMs);
    const worker = startJobWorker({ db: deps.database.db, log, ...spec });
    const unwire = deps.kicks.wire(
      spec.handlers.map((h) => h.kind),
      () => worker.kick(),
    );
    stops.push({
      name: s.name,
      stop: async () => {
        unwire();
        s.scheduled = false;
        // A job cut short is taken again after its lease (at-least-once).
        if (spec.waitOnStop === false) void worker.stop();
        else await worker.stop();
      },
    });
  }

  const timers = scheduleJobs(backgroundJobs(app), log);
  states.push(...timers.states);
  stops.push({ name: 'timers', stop: timers.stop });

  let stopping: Promise<void> | undefined;
  return {
    states,
    stop: () =>
      (stopping ??= (async () => {
        for (const s of stops) await s.stop();
      })()),
  };
}
