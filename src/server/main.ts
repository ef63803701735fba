import { EnvError, loadEnv } from './config/env';
import { buildApp, defaultWebRoot } from './app';
import { createDeps } from './deps';
import { bootstrap } from './bootstrap';
import { createLogger } from './lib/logger';
import { startBackground } from './background';
import { keepDataDirPrivate } from './lib/private-data-dir';
import { isPrimaryOf, reportReady, runPrimary } from './cluster';
import { mapBundleStacks } from './lib/source-stacks';

// Stack traces name the TypeScript sources, the bundle's source map decoded only while in use.
mapBundleStacks(import.meta.url);

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
  // Every timer, job queue worker, the backup socket and the idle collector: background.ts, the one place.
  const background = await startBackground(app, { processServices: { dataDir: env.dataDir } });

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
      await app.close(); // stops accepting, waits for in-flight requests (their mails are queued jobs)
      await background.stop(); // services, workers, timers, in that order (background.ts)
      await deps.closeAll();
      clearInterval(reaper);
      clearTimeout(force);
      // Stdio aside, nothing may still be open: a handle here is a stop that background.ts or closeAll missed.
      const left = process
        .getActiveResourcesInfo()
        .filter((r) => r !== 'PipeWrap' && r !== 'TTYWrap');
      if (left.length) log.warn({ left }, 'handles still open after shutdown');
      else log.info('shutdown complete: nothing left running');
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
