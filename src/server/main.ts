import { EnvError, loadEnv } from './config/env';
import { buildApp, defaultWebRoot } from './app';
import { createDeps } from './deps';
import { bootstrap } from './bootstrap';
import { createLogger } from './lib/logger';
import { startJobWorker } from './jobs/outbox';
import { webhookDeliveryHandler } from './features/integrations';
import { storefrontDeliveryHandler } from './features/storefront';
import { publishedVersions } from './features/patterns';
import { mailJobHandler } from './mail/mail-job';
import { startIdleCollector } from './lib/idle-gc';
import { keepDataDirPrivate } from './lib/private-data-dir';
import { serveBackups } from './backup/backup-socket';
import { isPrimaryOf, reportReady, runPrimary } from './cluster';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Before anything is opened or written: DATA_DIR and all in it for this user only.
  const { tightened } = keepDataDirPrivate(env.dataDir);
  if (isPrimaryOf(env.SERVER_PROCESSES)) {
    await runPrimary(env.SERVER_PROCESSES);
    return;
  }
  const started = performance.now();
  const log = createLogger(env.LOG_LEVEL);
  if (tightened > 0)
    log.warn({ dataDir: env.dataDir, entries: tightened }, 'DATA_DIR made private (0700/0600)');
  const deps = await createDeps(env, log);
  const admin = await bootstrap(deps);
  const app = await buildApp(deps, { logger: log, webRoot: defaultWebRoot() });
  await app.listen({ port: env.PORT, host: env.HOST });
  // Queued mails and webhook deliveries (the transactional outbox, src/server/jobs/outbox.ts); every process runs one worker.
  const jobWorker = startJobWorker({
    db: deps.database.db,
    log,
    handlers: [mailJobHandler(deps.mailer), webhookDeliveryHandler(deps)],
    pollMs: env.JOB_POLL_MS,
    leaseMs: env.JOB_LEASE_MS,
  });

  // `npm run backup` asks this process for the embedded database's copy (backup/backup-socket.ts).
  const stopBackups =
    deps.database.kind === 'pglite' ? await serveBackups(deps, env.dataDir, log) : undefined;
  // Storefront deliveries wait on Salesforce's import jobs (minutes): their own worker, so mails never wait behind them.
  const storefrontWorker = startJobWorker({
    db: deps.database.db,
    log,
    handlers: [storefrontDeliveryHandler(deps, { readPublished: publishedVersions })],
    pollMs: env.JOB_POLL_MS,
    leaseMs: env.JOB_LEASE_MS,
    batch: 1,
  });

  // Memory a burst of requests left behind goes back to the system once the process is idle.
  const stopIdleCollector = startIdleCollector({ alsoCollect: deps.database.collectGarbage });

  const url = `${env.publicUrl}/app/`;
  const lines = [
    '',
    `  Pattern Partner Portal is running at ${url}`,
    `  Database: ${deps.database.kind === 'pglite' ? `embedded PGlite in ${env.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}; files: ${deps.files.kind}`,
    admin.password
      ? `  Sign in as ${admin.email} with password ${admin.password}   (shown once: keep it now)`
      : admin.created
        ? `  Sign in as ${admin.email} with ADMIN_PASSWORD`
        : `  Sign in with an existing account (first admin: ${admin.email})`,
    `  Started in ${Math.round(performance.now() - started)} ms`,
    '',
  ];
  if (!reportReady(lines)) process.stdout.write(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    // Keep-alive sockets become idle once their request is answered: close those as they free up,
    // so in-flight requests finish but an idle client cannot hold the shutdown open.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    reaper.unref();
    try {
      stopIdleCollector();
      await stopBackups?.();
      await app.close(); // stops accepting, waits for in-flight requests
      await jobWorker.stop(); // a job cut short here is taken again after its lease (at-least-once)
      await storefrontWorker.stop();
      await deps.closeAll();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // The root cause's first line only: a failed query's text would print its parameters (hashes).
  let root = err as { message?: string; cause?: unknown };
  while (root?.cause instanceof Error) root = root.cause;
  console.error(`Start-up failed: ${String(root?.message ?? err).split('\n')[0]}`);
  process.exit(1);
});
