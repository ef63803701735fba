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

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
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
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // a dropped idle client is replaced on next use
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') await migratePglite(database.db, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}
