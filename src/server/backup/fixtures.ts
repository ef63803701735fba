import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, type Database, type DbOrTx } from '../db/client';
import { diskStore } from '../storage/disk-store';
import type { FileStore } from '../storage/file-store';
import { withDatabase } from '../test/global-setup';
import { dbKind } from '../test/helper';
import { finished } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { inject } from 'vitest';
import { listTables } from './db-copy';
import { MANIFEST, type Manifest } from './backup';
import { AUTH_ENTRY, ArchiveKeys, type ArchiveAuth } from './archive-key';
import { firstRow } from '../lib/rows';

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
    const { n, h } = firstRow(rows, `the fingerprint of ${t.name}`);
    out[t.name] = `${n}:${h}`;
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
  /** Where its secrets key goes (DATA_DIR/secrets.key). */
  secrets: { dataDir: string };
  remove(): Promise<void>;
}

let emptyCluster: Blob | undefined;
/**
 * A new PGlite cluster's files, as its initdb leaves them (nothing of ours in it), dumped once per
 * run by the tests' global set-up (src/server/test/global-setup.ts) where its initdb runs anyway:
 * each empty target loads them (1.7 s of CPU) instead of running initdb (4.4 s).
 */
function emptyClusterDump(): Blob {
  emptyCluster ??= new Blob([fs.readFileSync(inject('pgliteEmptyCluster'))]);
  return emptyCluster;
}

/** A new, empty DATA_DIR (PGlite on disk) or PostgreSQL database, and an empty file store. */
export async function emptyTarget(): Promise<EmptyTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-restore-'));
  const files = diskStore(path.join(dataDir, 'files'));
  if (dbKind === 'pglite') {
    return {
      database: await openPglite(path.join(dataDir, 'db'), emptyClusterDump()),
      files,
      dataDir,
      secrets: { dataDir },
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
    secrets: { dataDir },
    env: { DATA_DIR: dataDir, DATABASE_URL: withDatabase(url, name) },
    async remove() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Copies a backup archive entry by entry through `edit` (undefined drops the entry), recomputing
 * the manifest's sizes and SHA-256s, as someone altering an archive would. `manifest` edits the
 * manifest itself; with `passphrase` the copy is authenticated again (a portal-made archive
 * whose content is still malicious), else auth.json is copied as it was.
 */
export async function rewriteArchive(
  src: string,
  dst: string,
  edit: (name: string, bytes: Buffer) => Buffer | undefined,
  opts: { manifest?: (m: Manifest) => unknown; passphrase?: string } = {},
): Promise<void> {
  const zip = await yauzl.openPromise(src, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      void zip.openReadStreamPromise(e).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        entries.set(e.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }, reject);
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  const manifest = JSON.parse(entries.get(MANIFEST)!.toString('utf8')) as Manifest;
  const out = new yazl.ZipFile();
  for (const [name, bytes] of entries) {
    if (name === MANIFEST || name === AUTH_ENTRY) continue;
    const edited = edit(name, bytes);
    if (!edited) continue;
    const item = [...manifest.tables, ...manifest.files].find((x) => x.entry === name);
    if (item) {
      item.bytes = edited.length;
      item.sha256 = crypto.createHash('sha256').update(edited).digest('hex');
    }
    out.addBuffer(edited, name);
  }
  opts.manifest?.(manifest);
  let auth = entries.get(AUTH_ENTRY);
  if (opts.passphrase && auth) {
    // Authenticated again under a new salt, the secrets key wrapped again (a portal-made archive).
    const old = JSON.parse(auth.toString('utf8')) as ArchiveAuth;
    const key = ArchiveKeys.derive(opts.passphrase, Buffer.from(old.salt, 'base64')).unwrap(
      manifest.secretsKey,
    );
    const keys = ArchiveKeys.derive(opts.passphrase);
    manifest.secretsKey = keys.wrap(key);
    const sealed: ArchiveAuth = {
      kdf: 'scrypt-n15-r8-p1',
      salt: keys.salt.toString('base64'),
      manifestHmac: keys.mac(Buffer.from(JSON.stringify(manifest, null, 1))),
    };
    auth = Buffer.from(JSON.stringify(sealed));
  } else if (auth) auth = edit(AUTH_ENTRY, auth);
  out.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), MANIFEST);
  if (auth) out.addBuffer(auth, AUTH_ENTRY);
  out.end();
  const file = fs.createWriteStream(dst);
  out.outputStream.pipe(file);
  await finished(file);
}
