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
import { AUTH_ENTRY, ArchiveKeys, passphraseProblem, type ArchiveAuth } from './archive-key';
import { readSecretsKeyFile, writeSecretsKeyFile } from '../features/integrations';
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

/** The largest manifest read into memory (about 250,000 files); a larger one is refused unread. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_AUTH_BYTES = 4096;

type ZipReader = Awaited<ReturnType<typeof openZip>>;

/** An entry's bytes, refused (and the stream dropped) as soon as they pass `limit`. */
async function readBounded(z: ZipReader, e: yauzl.Entry, limit: number, what: string) {
  const tooBig = () =>
    new RestoreError(`${what} is larger than ${limit} bytes: not a backup this portal wrote`);
  if (e.uncompressedSize > limit) throw tooBig();
  const stream = await z.open(e);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const c of stream) {
    bytes += (c as Buffer).length;
    if (bytes > limit) {
      stream.destroy();
      throw tooBig();
    }
    chunks.push(c as Buffer);
  }
  return Buffer.concat(chunks);
}

const SQL_NAME = /^(public|drizzle)\.[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** As db-copy reads them: `"schema"."sequence"`. */
const SEQUENCE_NAME = /^"(public|drizzle)"\."[A-Za-z_][A-Za-z0-9_]{0,62}"$/;
/** A stored object's key: relative, no `.`/`..` segment, no backslash or control character. */
export function isSafeKey(key: unknown): key is string {
  return (
    typeof key === 'string' &&
    key.length > 0 &&
    key.length <= 1024 &&
    /^[A-Za-z0-9._/-]+$/.test(key) &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** Every name the manifest gives, checked before anything is read further or written. */
function checkNames(manifest: Manifest): void {
  const bad = (what: string) =>
    new RestoreError(
      `The manifest names ${what}: not a backup this portal wrote; nothing was restored`,
    );
  const shown = (v: unknown) => JSON.stringify(String(v)).slice(0, 200);
  if (
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.sequences)
  )
    throw bad('no tables, files or sequences');
  for (const t of manifest.tables)
    if (!SQL_NAME.test(String(t?.name)) || t.entry !== `db/${t.name}.jsonl`)
      throw bad(`a table entry ${shown(t?.entry)}`);
  const keys = new Set<string>();
  for (const f of manifest.files) {
    if (!isSafeKey(f?.key) || f.entry !== `files/${f.key}` || keys.has(f.key))
      throw bad(`a file ${shown(f?.key)}`);
    keys.add(f.key);
  }
  for (const q of manifest.sequences)
    if (!SEQUENCE_NAME.test(String(q?.name))) throw bad(`a sequence ${shown(q?.name)}`);
}

export interface VerifiedArchive {
  manifest: Manifest;
  /** The key the backed-up portal encrypted secrets at rest with. */
  secretsKey: Buffer;
}

/**
 * Checks, before anything is written: the manifest's HMAC under a key from `passphrase` (an archive
 * altered without the passphrase, or a wrong passphrase, is refused), every name it gives (table,
 * sequence, file key: no `..`, no absolute path), every entry's size and SHA-256; and unwraps the
 * secrets key. What is read into memory is bounded (auth.json 4 KB, the manifest
 * `maxManifestBytes`); entries are streamed.
 */
export async function verifyArchive(
  archive: string,
  passphrase: string,
  opts: { maxManifestBytes?: number } = {},
): Promise<VerifiedArchive> {
  if (!fs.existsSync(archive)) throw new RestoreError(`No such archive: ${archive}`);
  const problem = passphraseProblem(passphrase);
  if (problem) throw new RestoreError(problem);
  let z;
  try {
    z = await openZip(archive);
  } catch (err) {
    throw new RestoreError(`Not a readable backup archive: ${(err as Error).message}`);
  }
  try {
    const m = z.entries.get(MANIFEST);
    if (!m) throw new RestoreError('The archive has no manifest.json: not a portal backup');
    const a = z.entries.get(AUTH_ENTRY);
    if (!a)
      throw new RestoreError(
        'The archive has no auth.json: it was written by an older portal (before backups were authenticated) or altered; it cannot be checked, so it is not restored',
      );
    let auth: ArchiveAuth;
    try {
      auth = JSON.parse(
        (await readBounded(z, a, MAX_AUTH_BYTES, 'auth.json')).toString('utf8'),
      ) as ArchiveAuth;
    } catch (err) {
      if (err instanceof RestoreError) throw err;
      throw new RestoreError("The archive's auth.json is not readable: nothing was restored");
    }
    if (
      auth?.kdf !== 'scrypt-n15-r8-p1' ||
      typeof auth.salt !== 'string' ||
      typeof auth.manifestHmac !== 'string'
    )
      throw new RestoreError(
        "The archive's auth.json is not one this portal writes: nothing was restored",
      );
    const bytes = await readBounded(
      z,
      m,
      opts.maxManifestBytes ?? MAX_MANIFEST_BYTES,
      "The archive's manifest.json",
    );
    const keys = ArchiveKeys.derive(passphrase, Buffer.from(auth.salt, 'base64'));
    if (!keys.macMatches(bytes, auth.manifestHmac))
      throw new RestoreError(
        'The archive is not authenticated by this BACKUP_PASSPHRASE: the passphrase is wrong, or the archive was altered; nothing was restored',
      );
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    if (manifest.format !== FORMAT || manifest.formatVersion !== 2)
      throw new RestoreError('The archive is not a backup this version of the portal can read');
    checkNames(manifest);
    let secretsKey: Buffer;
    try {
      secretsKey = keys.unwrap(manifest.secretsKey);
    } catch {
      throw new RestoreError("The archive's secrets key cannot be unwrapped: nothing was restored");
    }
    for (const item of [...manifest.tables, ...manifest.files]) {
      const e = z.entries.get(item.entry);
      if (!e) throw new RestoreError(`The archive lacks ${item.entry}, which its manifest lists`);
      const got = await sha256Of(await z.open(e));
      if (got.sha256 !== item.sha256 || got.bytes !== item.bytes)
        throw new RestoreError(
          `Checksum mismatch in ${item.entry}: the archive is damaged or was altered; nothing was restored`,
        );
    }
    return { manifest, secretsKey };
  } finally {
    z.zip.close();
  }
}

async function storeIsEmpty(files: FileStore): Promise<boolean> {
  for await (const o of files.list('')) if (!o.key.endsWith('.part')) return false;
  return true;
}

export interface RestoreResult {
  manifest: Manifest;
  rows: number;
  files: number;
  /** The backed-up portal's secrets key, put back into `secrets.dataDir` unless SECRETS_KEY is set. */
  secretsKey: Buffer;
}

/** Where the restored portal finds its secrets key: SECRETS_KEY, else DATA_DIR/secrets.key. */
export interface SecretsTarget {
  SECRETS_KEY?: string;
  dataDir: string;
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
  target: { database: Database; files: FileStore; secrets: SecretsTarget },
  opts: { passphrase: string; force?: boolean },
): Promise<RestoreResult> {
  const { manifest, secretsKey } = await verifyArchive(archive, opts.passphrase);
  // The secrets key first: a restore whose encrypted columns the portal could not read is refused
  // before anything is written.
  const { SECRETS_KEY, dataDir } = target.secrets;
  if (SECRETS_KEY && !Buffer.from(SECRETS_KEY, 'base64').equals(secretsKey))
    throw new RestoreError(
      "SECRETS_KEY is not the key the backed-up portal encrypted its secrets with: set SECRETS_KEY to that key, or unset it to have the restore write the archive's key to DATA_DIR/secrets.key; nothing was restored",
    );
  const keyFile = SECRETS_KEY ? undefined : readSecretsKeyFile(dataDir);
  if (keyFile && !keyFile.equals(secretsKey) && !opts.force)
    throw new RestoreError(
      "DATA_DIR/secrets.key is another key than the archive's: restore into an empty DATA_DIR, or pass --force to replace it; nothing was restored",
    );
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
        const table = known[i]!; // known is loadable mapped one to one
        const lines = readline.createInterface({ input: await z.open(z.entries.get(t.entry)!) });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          if (batch.length >= ROWS_PER_INSERT) {
            await insertRows(tx, table, batch);
            batch = [];
          }
        }
        if (batch.length) await insertRows(tx, table, batch);
        const n = await countRows(tx, table);
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
    if (!SECRETS_KEY && !keyFile?.equals(secretsKey)) writeSecretsKeyFile(dataDir, secretsKey);
    return { manifest, rows, files, secretsKey };
  } finally {
    z.zip.close();
  }
}
