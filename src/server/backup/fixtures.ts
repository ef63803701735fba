import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createPglite, openPglite, openPostgres, type Database, type DbOrTx } from '../db/client';
import { diskStore } from '../storage/disk-store';
import type { FileStore } from '../storage/file-store';
import { withDatabase } from '../test/global-setup';
import { dbKind } from '../test/helper';
import { listTables } from './db-copy';

/** Per table: row count and an MD5 of every row's JSON, sorted (generated columns included). */
export async function fingerprint(db: DbOrTx): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await listTables(db)) {
    const { rows } = await db.execute<{ n: number; h: string }>(
      sql.raw(
        `SELECT count(*)::int AS n, coalesce(md5(string_agg(x, E'\\n' ORDER BY x)), '') AS h
         FROM (SELECT row_to_json(t)::text AS x FROM ${t.ref} t) s`,
      ),
    );
    out[t.name] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}

export async function fileHashes(files: FileStore): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const { key } of files.list('')) {
    const hash = crypto.createHash('sha256');
    for await (const c of await files.get(key)) hash.update(c as Buffer);
    out[key] = hash.digest('hex');
  }
  return out;
}

export interface EmptyTarget {
  database: Database;
  files: FileStore;
  dataDir: string;
  /** The environment a portal started on this target gets. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

let emptyCluster: Promise<Blob> | undefined;
/**
 * A new PGlite cluster's files, as its initdb leaves them (nothing of ours in it), made once per
 * worker: each later empty target loads them (1.7 s of CPU) instead of running initdb (4.4 s).
 */
function emptyClusterDump(): Promise<Blob> {
  emptyCluster ??= (async () => {
    const pglite = await createPglite(undefined);
    try {
      return await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
  })();
  return emptyCluster;
}

/** A new, empty DATA_DIR (PGlite on disk) or PostgreSQL database, and an empty file store. */
export async function emptyTarget(): Promise<EmptyTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-restore-'));
  const files = diskStore(path.join(dataDir, 'files'));
  if (dbKind === 'pglite') {
    return {
      database: await openPglite(path.join(dataDir, 'db'), await emptyClusterDump()),
      files,
      dataDir,
      env: { DATA_DIR: dataDir },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `ppp_r_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    database: await openPostgres(withDatabase(url, name), 4),
    files,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) },
    async remove() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
