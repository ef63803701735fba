import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
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
  /** Raw PGlite handle, when embedded (tests clone it). */
  pglite?: PGlite;
}

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

export async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the pattern list's search (migration 0001).
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: () => client.close(),
    async listen(channel, onMessage, onState) {
      const unlisten = await client.listen(channel, onMessage);
      onState(true); // one process, one backend: nothing can be missed
      return async () => {
        onState(false);
        if (!client.closed) await unlisten();
      };
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
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

export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}
