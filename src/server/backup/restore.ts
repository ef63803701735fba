import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { migrate, type Database } from '../db/client';
import type { FileStore } from '../storage/file-store';
import { FORMAT, MANIFEST, type Manifest } from './backup';
import {
  MIGRATIONS_TABLE,
  beginLoad,
  countRows,
  dropAll,
  hasTables,
  insertRows,
  listTables,
  setSequence,
} from './db-copy';
import { migrationsUpTo } from './migrations';
import { sql } from 'drizzle-orm';

/** A refusal the CLI prints as one line (exit 1). */
export class RestoreError extends Error {}

const ROWS_PER_INSERT = 1000;

async function openZip(archive: string) {
  const zip = await yauzl.openPromise(archive, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.set(e.fileName, e);
      zip.readEntry();
    });
    zip.once('end', resolve);
    zip.once('error', reject);
    zip.readEntry();
  });
  return {
    zip,
    entries,
    open: (e: yauzl.Entry): Promise<Readable> => zip.openReadStreamPromise(e),
  };
}

async function sha256Of(stream: Readable): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Reads the manifest and checks every entry it lists against its size and SHA-256, before anything
 * is written: a damaged or altered archive is refused whole.
 */
export async function verifyArchive(archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RestoreError(`No such archive: ${archive}`);
  let z;
  try {
    z = await openZip(archive);
  } catch (err) {
    throw new RestoreError(`Not a readable backup archive: ${(err as Error).message}`);
  }
  try {
    const m = z.entries.get(MANIFEST);
    if (!m) throw new RestoreError('The archive has no manifest.json: not a portal backup');
    const manifest = JSON.parse((await sha256Text(await z.open(m))).text) as Manifest;
    if (manifest.format !== FORMAT || manifest.formatVersion !== 1)
      throw new RestoreError('The archive is not a backup this version of the portal can read');
    for (const item of [...manifest.tables, ...manifest.files]) {
      const e = z.entries.get(item.entry);
      if (!e) throw new RestoreError(`The archive lacks ${item.entry}, which its manifest lists`);
      const got = await sha256Of(await z.open(e));
      if (got.sha256 !== item.sha256 || got.bytes !== item.bytes)
        throw new RestoreError(
          `Checksum mismatch in ${item.entry}: the archive is damaged or was altered; nothing was restored`,
        );
    }
    return manifest;
  } finally {
    z.zip.close();
  }
}

async function sha256Text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return { text: Buffer.concat(chunks).toString('utf8') };
}

async function storeIsEmpty(files: FileStore): Promise<boolean> {
  for await (const o of files.list('')) if (!o.key.endsWith('.part')) return false;
  return true;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
}

/**
 * Restores `archive` into `database` and `files`, which must be empty (no table of ours, no
 * object) unless `force`, which first drops our schemas and deletes every object. The archive is
 * verified first; the schema is built by the archive's own migrations (this code's first N), the
 * rows are loaded in one transaction, the sequences set, and the counts checked. The portal's next
 * start applies any newer migrations.
 */
export async function restoreBackup(
  archive: string,
  target: { database: Database; files: FileStore },
  opts: { force?: boolean } = {},
): Promise<RestoreResult> {
  const manifest = await verifyArchive(archive);
  const { db } = target.database;
  const dbUsed = await hasTables(db);
  const filesUsed = !(await storeIsEmpty(target.files));
  if ((dbUsed || filesUsed) && !opts.force)
    throw new RestoreError(
      `The target is not empty (${[dbUsed && 'the database has tables', filesUsed && 'the file store has objects'].filter(Boolean).join(', ')}): restore into an empty DATA_DIR or database, or pass --force to replace what is there`,
    );
  if (dbUsed) await dropAll(db);
  if (filesUsed) for await (const o of target.files.list('')) await target.files.delete(o.key);

  const folder = migrationsUpTo(manifest.database.migrations);
  try {
    await migrate(target.database, folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }

  const z = await openZip(archive);
  try {
    const tables = new Map((await listTables(db)).map((t) => [t.name, t]));
    let rows = 0;
    await db.transaction(async (tx) => {
      const loadable = manifest.tables.filter((t) => t.name !== MIGRATIONS_TABLE);
      const known = loadable.map((t) => {
        const table = tables.get(t.name);
        if (!table) throw new RestoreError(`The restored schema has no table ${t.name}`);
        return table;
      });
      const endLoad = await beginLoad(tx, known);
      for (const [i, t] of loadable.entries()) {
        const lines = readline.createInterface({ input: await z.open(z.entries.get(t.entry)!) });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length >= ROWS_PER_INSERT) {
            await insertRows(tx, known[i], batch);
            batch = [];
          }
        }
        if (batch.length) await insertRows(tx, known[i], batch);
        const n = await countRows(tx, known[i]);
        if (n !== t.rows)
          throw new RestoreError(`${t.name}: ${n} rows restored, the manifest says ${t.rows}`);
        rows += n;
      }
      await endLoad();
      // The backup's own hold on deletions (ADR 009) was in its snapshot: it ends with the backup.
      if (tables.has('public.file_store_holds'))
        await tx.execute(sql`delete from public.file_store_holds`);
      for (const s of manifest.sequences) await setSequence(tx, s);
    });

    let files = 0;
    for (const f of manifest.files) {
      await target.files.put(
        f.key,
        await z.open(z.entries.get(f.entry)!),
        'application/octet-stream',
      );
      files += 1;
    }
    return { manifest, rows, files };
  } finally {
    z.zip.close();
  }
}
