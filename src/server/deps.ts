import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { databasePoolSize, type Env } from './config/env';
import type { AppDeps } from './context';
import { dropHoldsOfDeadProcesses } from './features/files';
import { migrate, openPglite, openPostgres, type Database } from './db/client';
import { diskStore } from './storage/disk-store';
import type { FileStore } from './storage/file-store';
import { createMailer } from './mail/mailer';
import { memoryCounter, redisCounter } from './lib/counter';
import { jobKicks } from './jobs/kicks';
import { setPasswordHashCost } from './lib/password';
import { setPdfCheckMemory } from './features/preflight';

/** Builds what the app needs from the configuration: embedded defaults, or the scaled-out services when set. */
export async function createDeps(
  env: Env,
  log: FastifyBaseLogger,
  database?: Database,
): Promise<AppDeps & { closeAll(): Promise<void> }> {
  setPasswordHashCost(env.PASSWORD_HASH_COST);
  setPdfCheckMemory(env.PDF_CHECK_MEMORY_MB);
  const db =
    database ??
    (env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, databasePoolSize(env))
      : await openPglite(path.join(env.dataDir, 'db'), undefined, {
          inWorker: env.PGLITE_WORKER === 'on',
          cacheMb: env.PGLITE_CACHE_MB,
        }));
  if (!database && env.DATABASE_URL) await underMigrationLock(env.DATABASE_URL, () => migrate(db));
  else await migrate(db);
  // A backup's hold on deletions left by a process killed mid-backup (embedded database: every hold).
  await dropHoldsOfDeadProcesses(db);
  const files = await openFileStore(env);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.dataDir, 'outbox'),
    log,
  });
  // ioredis loads only when Redis is configured (about 9 MB and 300 ms at every start otherwise).
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 2,
        lazyConnect: false,
      })
    : undefined;
  const counter = redis ? redisCounter(redis) : memoryCounter();
  return {
    env,
    database: db,
    files,
    mailer,
    counter,
    kicks: jobKicks(),
    async closeAll() {
      mailer.close();
      redis?.disconnect();
      await db.close();
    },
  };
}

/** The S3 bucket when configured, else DATA_DIR/files (also opened by the backup and restore tools). */
export async function openFileStore(env: Env): Promise<FileStore> {
  // The AWS SDK loads only when S3 is configured: it costs about half a second at every start.
  return env.S3_BUCKET && env.S3_ENDPOINT
    ? (await import('./storage/s3-store')).s3Store({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : diskStore(path.join(env.dataDir, 'files'));
}

/**
 * Instances started together on one PostgreSQL would all apply the same migrations at once, and all
 * but one fail (duplicate schema/table). A session advisory lock lets one migrate while the others
 * wait, then find nothing left to do; it is released if that process dies.
 */
async function underMigrationLock(url: string, work: () => Promise<void>): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a dropped session only releases the lock early
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('pattern-partner-portal:migrate'))");
    await work();
  } finally {
    await client.end(); // ending the session releases its lock
  }
}
