import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { parseEnv } from '../config/env';
import { createPglite, openPglite, openPostgres, type Database } from '../db/client';
import { buildApp, type App, type BuildOptions } from '../app';
import { startBackground, type Background, type WorkerName } from '../background';
import { createDeps } from '../deps';
import { seedBrands } from '../features/brands';
import { insertUser } from '../features/auth';
import { createSession } from '../features/auth';
import { hashPassword, setPasswordHashCost } from '../lib/password';
import { createLogger } from '../lib/logger';
import { brands } from '../db/schema/brands';
import type { AppDeps } from '../context';
import { withDatabase } from './global-setup';
import { givePglite, takePglite } from './pglite-pool';

/**
 * Tests hash with N = 2^14 instead of production's 2^17 (PASSWORD_HASH_COST): the same scrypt,
 * 8x cheaper, so the suite's thousands of sign-ins do not dominate its time.
 */
const TEST_PASSWORD_HASH_COST = '14';
setPasswordHashCost(Number(TEST_PASSWORD_HASH_COST));

export const dbKind = (process.env.TEST_DB_KIND ?? 'pglite') as 'pglite' | 'postgres';

export interface TestApp {
  app: App;
  deps: AppDeps;
  dataDir: string;
  /** What startBackground started for this app (timers, the workers asked for). */
  background: Background;
  close(): Promise<void>;
}

let template: ArrayBuffer | undefined;
/**
 * The migrated template's dump, read once per worker (files share a worker: `isolate: false`).
 * PGlite reads a Blob whole with `arrayBuffer()` and only copies out of it, so every clone is
 * handed the same bytes; a Blob's own `arrayBuffer()` streamed and joined 28 MB at each clone.
 */
export function templateDump(): Blob {
  if (!template) {
    const bytes = fs.readFileSync(inject('pgliteTemplate'));
    template = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  const bytes = template;
  return new (class extends Blob {
    override async arrayBuffer() {
      return bytes;
    }
  })([]);
}

/**
 * A new DATA_DIR whose embedded database already holds the tests' migrated template, for a portal
 * whose test is not about a first start: the portal opens it and finds nothing to migrate, where a
 * new one costs initdb and every migration (5.4 s of CPU against 1.7 s for this load).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  await (await createPglite(path.join(dataDir, 'db'), templateDump())).close();
  return dataDir;
}

async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (dbKind === 'pglite') {
    // A PGlite in the template's state (kept from an earlier app and reset, or a fresh copy),
    // handed back when the app closes: pglite-pool.ts.
    const instance = await takePglite(() => createPglite(undefined, templateDump()));
    return {
      database: await openPglite(undefined, undefined, { instance }),
      drop: () => givePglite(instance),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `ppp_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // FILE_COPY copies the template's files as they are: half the server's CPU of WAL_LOG (PostgreSQL
  // 15's default, which writes every block through the WAL): 87 ms against 172 ms a database here.
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')} STRATEGY FILE_COPY`);
  const database = await openPostgres(withDatabase(url, name), 4);
  return {
    database,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The queue workers a test app runs (background.ts): mails, so a test reads them from DATA_DIR/outbox
 * as a user would from their mailbox, and imports (unless IMPORT_WORKER=off). Webhook and storefront
 * deliveries are driven by their tests with runOnce().
 */
export const TEST_WORKERS: readonly WorkerName[] = [
  'mail',
  'imports',
  'import checks',
  'thumbnails',
];

/** A real app on a fresh copy of the migrated database (PGlite, or PostgreSQL in the api-postgres project). */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  opts: BuildOptions & { logTo?: (line: string) => void; workers?: readonly WorkerName[] } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...envOverrides,
  });
  const { database, drop } = await cloneDatabase();
  const { logTo, workers = TEST_WORKERS, ...build } = opts;
  // Silent, unless a test reads the log lines (the app's own logger: redaction and scrubbing included).
  const log = logTo
    ? createLogger('info', { write: logTo })
    : (build.logger ?? createLogger('silent'));
  const deps = await createDeps(env, log, database);
  await seedBrands(database.db);
  const app = await buildApp(deps, logTo ? { ...build, logger: log } : build);
  await app.ready();
  const background = await startBackground(app, { workers });
  return {
    app,
    deps,
    dataDir,
    background,
    async close() {
      await background.stop();
      await app.close();
      await deps.closeAll();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const hashCache = new Map<string, Promise<string>>();
/** scrypt at full strength costs ~0.3 s; tests hash each distinct password once. */
function cachedHash(password: string) {
  let h = hashCache.get(password);
  if (!h) hashCache.set(password, (h = hashPassword(password)));
  return h;
}

export const TEST_PASSWORD = 'Passw0rd!';

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
  brandId: number | null;
  auth: { authorization: string };
}

export async function brandIdBySlug(t: TestApp, slug: string): Promise<number> {
  const [row] = await t.deps.database.db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.slug, slug));
  if (!row) throw new Error(`no brand ${slug}`);
  return row.id;
}

/** Inserts a user directly and opens a session for them (no login round trip). */
export async function createUser(
  t: TestApp,
  opts: {
    role?: 'admin' | 'user';
    brand?: string | null;
    email?: string;
    password?: string;
    fullName?: string;
  } = {},
): Promise<TestUser> {
  const role = opts.role ?? 'user';
  const password = opts.password ?? TEST_PASSWORD;
  const email = opts.email ?? `${role}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const brandId = opts.brand === null ? null : await brandIdBySlug(t, opts.brand ?? 'ditto');
  const id = await insertUser(t.deps.database.db, {
    fullName: opts.fullName ?? `Test ${role}`,
    email,
    passwordHash: await cachedHash(password),
    role,
    brandId,
  });
  const token = await createSession(t.deps, id);
  return { id, email, password, token, brandId, auth: { authorization: `Bearer ${token}` } };
}
