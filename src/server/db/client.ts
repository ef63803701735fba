import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { startPgliteWorker } from './pglite-bridge';
import { rawClient, type RawClient } from './pglite-raw';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as brands from './schema/brands';
import * as users from './schema/users';
import * as patterns from './schema/patterns';
import * as support from './schema/support';
import * as preflight from './schema/preflight';
import * as jobs from './schema/jobs';
import * as imports from './schema/imports';
import * as devices from './schema/devices';
import * as integrations from './schema/integrations';
import * as review from './schema/review';
import * as storefront from './schema/storefront';
import * as storedFiles from './schema/files';
import * as secondFactor from './schema/second-factor';
import * as releases from './schema/releases';

export const schema = {
  ...brands,
  ...users,
  ...patterns,
  ...support,
  ...preflight,
  ...jobs,
  ...imports,
  ...devices,
  ...integrations,
  ...review,
  ...storefront,
  ...storedFiles,
  ...secondFactor,
  ...releases,
};

/** Both drivers expose the same query builder; code is written against this type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Told whether notifications are arriving: false while the listening connection is down (what
 * was sent meanwhile is lost), true once it listens again. Caches fed by notifications serve
 * only while true.
 */
export type ListenState = (live: boolean) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs `onMessage` for every NOTIFY on `channel` (committed transactions only). PGlite calls it
   * before the notifying statement's promise resolves; PostgreSQL through a dedicated connection,
   * which reconnects when dropped. Resolves with a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: ListenState,
  ): Promise<() => Promise<void>>;
  /** A full garbage collection in the database's own thread, when it has one (lib/idle-gc.ts). */
  collectGarbage?(): Promise<void>;
  /**
   * The embedded database in a worker: after one-off work that grew its WebAssembly memory, which
   * never shrinks while the worker lives (`heavy`: migrations applied; or a new database, created
   * in a child process whose initdb and migrations leave 700 MB and more), closes that worker and
   * opens a fresh worker thread on the same files. Answers whether it did. `migrate` calls it
   * (docs/decisions/014).
   */
  releaseOneOffMemory?(heavy: boolean): Promise<boolean>;
  /** The embedded database's worker: its thread's id, -1 while a child process serves it (tests). */
  workerThreadId?(): number;
  /**
   * The embedded database, which no other process opens and which every statement reaches
   * through this object (a PGlite lent with `instance` too, while it is lent): a number that
   * moves whenever data may change (pglite-raw.ts `version`). Absent on PostgreSQL, where other
   * processes write.
   */
  dataVersion?(): number;
  /** node-postgres's pool counts (GET /metrics); absent on PGlite, which is one connection. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The PGlite itself, when embedded in this thread (the tests' set-up dumps it). Only for that: every statement goes through `db`. */
  pglite?: PGlite;
}

const oneConnection = new WeakSet<object>();
/**
 * True for a database whose statements all run on one connection, one after another (PGlite: a
 * transaction holds every other statement until it ends): a read there never overlaps a write in
 * progress. False for PostgreSQL's pool, and for a transaction.
 */
export const readsSeeAllWrites = (db: DbOrTx): boolean => oneConnection.has(db);

/** Whether `db` is a transaction (drizzle's database objects carry their client; its transactions do not). */
export const isTransaction = (db: DbOrTx): db is Tx => !('$client' in db);

export function migrationsFolder(): string {
  // Works from src/server/db (tsx, vitest) and from dist/server (bundled).
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

export interface PgliteOptions {
  /**
   * In a worker thread (the server: the database's work runs beside HTTP, JSON and Zod), or in
   * this thread (tests, which open many small databases from an in-memory copy).
   */
  inWorker?: boolean;
  /** PostgreSQL's page cache (shared_buffers), MB: its memory is taken as pages are read into it. */
  cacheMb?: number;
  /**
   * A PGlite already open, spoken to instead of opening one; closing the database leaves it open
   * (the tests keep one per worker and reset it between test apps: src/server/test/pglite-pool.ts).
   */
  instance?: PGlite;
}

/** The embedded database's page cache when not configured (PGLITE_CACHE_MB): docs/configuration.md. */
export const DEFAULT_PGLITE_CACHE_MB = 32;

/**
 * PGlite's own start parameters, with our page cache. The shared memory (the page cache within it)
 * comes from PGlite's System V shim, a plain `malloc` whose pages stay untouched until used, not
 * from an anonymous `mmap`, which Emscripten zero-fills: about 35 MB less resident idle (ADR 012).
 * The shim rounds the segment up to a power of two, so a page cache above 512 MB keeps `mmap`
 * (a 1 GB one would ask for 2 GB, all PGlite's memory).
 */
function pgliteStartParams(cacheMb = DEFAULT_PGLITE_CACHE_MB): string[] {
  return [
    ...PGlite.defaultStartParams,
    '-c',
    `shared_buffers=${cacheMb}MB`,
    '-c',
    `shared_memory_type=${cacheMb <= 512 ? 'sysv' : 'mmap'}`,
  ];
}

/** A PGlite in this thread, with the portal's extension and start parameters (the tests' pool opens its instances here). */
export function createPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  cacheMb?: number,
): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm }, // pg_trgm backs the pattern list's search (migration 0001)
    startParams: pgliteStartParams(cacheMb),
  });
}

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  opts: PgliteOptions = {},
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  let client: RawClient;
  let pglite: PGlite | undefined;
  let collectGarbage: (() => Promise<void>) | undefined;
  let releaseOneOffMemory: ((heavy: boolean) => Promise<boolean>) | undefined;
  let workerThreadId: (() => number) | undefined;
  if (opts.inWorker) {
    if (!dataDir || loadDataDir) throw new Error('a PGlite worker opens a data directory');
    const start = (inProcess: boolean) =>
      startPgliteWorker({ dataDir, startParams: pgliteStartParams(opts.cacheMb), inProcess });
    // No PG_VERSION: a new database, whose initdb and migrations run in a child process of their
    // own (their memory all goes back when it ends); the server's worker thread opens it after.
    let oneOff = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
    let worker = await start(oneOff);
    const raw = (client = await rawClient(
      (message) => worker.execRaw(message),
      () => worker.close(),
      { pipelined: true },
    ));
    collectGarbage = () => worker.collectGarbage();
    releaseOneOffMemory = async (heavy) => {
      if (!heavy && !oneOff) return false;
      oneOff = false;
      await raw.restart(async () => {
        await worker.close(); // a clean shutdown: the next one finds the files as left
        worker = await start(false);
      });
      return true;
    };
    workerThreadId = () => worker.threadId;
  } else {
    if (dataDir) ownerOnlyChmod();
    const pg = (pglite = opts.instance ?? (await createPglite(dataDir, loadDataDir, opts.cacheMb)));
    client = await rawClient(
      async (message) => {
        const chunks: Uint8Array[] = [];
        await pg.execProtocolRawStream(message, {
          onRawData: (c) => chunks.push(c.slice()), // a view into the database's memory
        });
        return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      },
      opts.instance ? async () => undefined : () => pg.close(),
    );
  }
  // Drizzle's pglite driver calls query and transaction, which the raw client answers as PGlite would.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  oneConnection.add(db);
  return {
    db,
    kind: 'pglite',
    pglite,
    collectGarbage,
    releaseOneOffMemory,
    workerThreadId,
    dataVersion: () => client.version,
    close: () => client.close(),
    async listen(channel, onMessage, onState) {
      const unlisten = await client.listen(channel, onMessage);
      onState(true); // one backend, which hands a notification over before its statement resolves
      return async () => {
        onState(false);
        await unlisten();
      };
    },
  };
}

let chmodPatched = false;
/** As pglite.worker.mjs does in its thread: PGlite's own chmod calls keep group and others out. */
function ownerOnlyChmod() {
  if (chmodPatched) return;
  chmodPatched = true;
  const chmodSync = fs.chmodSync;
  fs.chmodSync = (file, mode) => chmodSync(file, typeof mode === 'number' ? mode & ~0o077 : mode);
}

/** node-postgres loads when PostgreSQL is configured (about 6 MB a portal on PGlite never holds). */
const loadPg = async () => (await import('pg')).default;

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const [pg, { drizzle: drizzlePg }] = await Promise.all([
    loadPg(),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
  };
}

/** LISTEN on a connection of its own (a pooled one would be handed to queries); reconnects every second while down. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: ListenState,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (c: pg.Client) => {
    if (current !== c) return;
    current = undefined;
    onState(false);
    c.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
  };
  const pg = await loadPg();
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    current = c;
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      lost(c);
      throw err;
    }
    if (current === c && !stopped) onState(true);
  };
  await connect().catch(() => undefined); // retried every second; the cache serves nothing meanwhile
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = current;
    current = undefined;
    onState(false);
    await c?.end().catch(() => undefined);
  };
}

/** How many migrations the database has applied (drizzle's table; none before the first). */
async function appliedMigrations(db: Db): Promise<number> {
  const exists = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (!exists.rows[0]?.n) return 0;
  const applied = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return applied.rows[0]?.n ?? 0;
}

/** Applies the migrations in `folder` (this code's, unless a restore or a test applies an older release's). */
export async function migrate(database: Database, folder = migrationsFolder()): Promise<void> {
  if (database.kind === 'pglite') {
    const release = database.releaseOneOffMemory;
    const before = release ? await appliedMigrations(database.db) : 0;
    await migratePglite(database.db, { migrationsFolder: folder });
    // The first start's initdb and migrations leave PGlite's memory at 700 MB and more, a later
    // start's migrations some; a fresh worker gives it back (docs/decisions/014).
    if (release) await release((await appliedMigrations(database.db)) > before);
  } else {
    const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
    await migratePg(database.db as never, { migrationsFolder: folder });
  }
}
