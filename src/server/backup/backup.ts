import crypto from 'node:crypto';
import fs from 'node:fs';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import type { FileStore } from '../storage/file-store';
import { listTables, readSequences, tableRows, type SequenceValue } from './db-copy';
import { journalTags } from './migrations';
import {
  AUTH_ENTRY,
  ArchiveKeys,
  passphraseProblem,
  type ArchiveAuth,
  type WrappedKey,
} from './archive-key';
import { UPLOADS_PREFIX, holdingDeletes } from '../features/files';
import { MAIL_JOB, withoutText, type MailJobPayload } from '../mail/mail-job';
import { firstRow } from '../lib/rows';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'pattern-partner-portal-backup';

export interface ManifestEntry {
  /** Entry in the ZIP. */
  entry: string;
  bytes: number;
  sha256: string;
}
export interface Manifest {
  format: typeof FORMAT;
  /** 2: authenticated by auth.json (HMAC with a key from BACKUP_PASSPHRASE), secrets key inside. */
  formatVersion: 2;
  /** SECRETS_KEY (or DATA_DIR/secrets.key), wrapped with a key from the passphrase. */
  secretsKey: WrappedKey;
  createdAt: string;
  database: {
    kind: Database['kind'];
    /** How many migrations the copied schema had (this code's first N): the restore applies those. */
    migrations: number;
    lastMigration: string | null;
  };
  tables: (ManifestEntry & { name: string; rows: number })[];
  sequences: SequenceValue[];
  files: (ManifestEntry & { key: string })[];
  counts: { tables: number; rows: number; files: number; fileBytes: number };
}

/** Bytes and SHA-256 of what passes through. */
function measuring() {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/**
 * Writes one ZIP to `out`: every table of the database as JSON lines, read in one REPEATABLE READ,
 * read-only transaction (one snapshot: consistent while the portal runs; on PGlite the portal's
 * other statements wait for it, as PGlite runs one at a time), then every object of the file store
 * (disk or S3), then the manifest with counts and SHA-256s and the wrapped secrets key, then
 * `auth.json` (the manifest's HMAC: archive-key.ts). Written to `out.part`, renamed at the end.
 */
export async function writeBackup(
  deps: { database: Database; files: FileStore },
  out: string,
  /** The operator's BACKUP_PASSPHRASE and the key encrypting secrets at rest. */
  auth: { passphrase: string; secretsKey: Buffer },
): Promise<Manifest> {
  const problem = passphraseProblem(auth.passphrase);
  if (problem) throw new Error(problem);
  const keys = ArchiveKeys.derive(auth.passphrase);
  const zip = new yazl.ZipFile();
  const part = `${out}.part`;
  const file = fs.createWriteStream(part, { mode: 0o600 });
  zip.outputStream.pipe(file);
  const written = finished(file);
  written.catch(() => undefined);
  try {
    // No stored object is deleted from before the snapshot until the copy ends (ADR 009): every
    // object the snapshot names is copied. Objects are stored by content: each once.
    const manifest = await holdingDeletes(deps.database.db, () =>
      fill(zip, deps, keys.wrap(auth.secretsKey)),
    );
    const bytes = Buffer.from(JSON.stringify(manifest, null, 1));
    zip.addBuffer(bytes, MANIFEST);
    const sealed: ArchiveAuth = {
      kdf: 'scrypt-n15-r8-p1',
      salt: keys.salt.toString('base64'),
      manifestHmac: keys.mac(bytes),
    };
    zip.addBuffer(Buffer.from(JSON.stringify(sealed)), AUTH_ENTRY);
    zip.end();
    await written;
    fs.renameSync(part, out);
    return manifest;
  } catch (err) {
    zip.outputStream.unpipe(file);
    file.destroy();
    fs.rmSync(part, { force: true });
    throw err;
  }
}

const JOBS_TABLE = 'public.jobs';

/**
 * A backup never carries a mail's text (a reset link or a one-time code would be usable from the
 * archive): a mail not yet sent is copied without it and as failed, with the reason, so a restored
 * portal does not send an empty or stale mail.
 */
function withoutMailText(line: string): string {
  if (!line.includes(`"kind":"${MAIL_JOB}"`)) return line;
  const row = JSON.parse(line) as {
    kind: string;
    status: string;
    payload: MailJobPayload;
    [column: string]: unknown;
  };
  if (row.kind !== MAIL_JOB || typeof row.payload?.text !== 'string') return line;
  const open = row.status === 'pending' || row.status === 'running';
  return JSON.stringify({
    ...row,
    payload: withoutText(row.payload),
    ...(open
      ? {
          status: 'failed',
          locked_until: null,
          last_error: 'not sent when the backup was taken; a backup keeps no mail text',
        }
      : {}),
  });
}

async function fill(
  zip: yazl.ZipFile,
  deps: { database: Database; files: FileStore },
  secretsKey: WrappedKey,
): Promise<Manifest> {
  const { db } = deps.database;
  const tables: Manifest['tables'] = [];
  let sequences: SequenceValue[] = [];
  let migrations: { n: number; last: string | null } = { n: 0, last: null };
  await db.transaction(
    async (tx) => {
      for (const table of await listTables(tx)) {
        const entry = `db/${table.name}.jsonl`;
        const m = measuring();
        const body = new PassThrough();
        body.pipe(m.stream);
        zip.addReadStream(m.stream, entry, { compress: true });
        let count = 0;
        const clean =
          table.name === JOBS_TABLE ? (rows: string[]) => rows.map(withoutMailText) : undefined;
        for await (const page of tableRows(tx, table)) {
          count += page.length;
          const lines = clean ? clean(page) : page;
          if (!body.write(lines.join('\n') + '\n')) await new Promise((r) => body.once('drain', r));
        }
        body.end();
        await finished(m.stream);
        tables.push({ name: table.name, rows: count, entry, ...m.result() });
      }
      sequences = await readSequences(tx);
      migrations = await appliedMigrations(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Objects are never changed in place (a content key names its bytes), and none is deleted while
  // the hold lasts, so copying them after the snapshot finds each one a copied row names.
  const files: Manifest['files'] = [];
  for await (const { key } of deps.files.list('')) {
    // Temporaries, and uploads still streaming (their rows, if any, come later than the snapshot).
    if (key.endsWith('.part') || key.startsWith(`${UPLOADS_PREFIX}/`)) continue;
    let source: Readable;
    try {
      source = await deps.files.get(key);
    } catch {
      continue; // deleted since it was listed
    }
    const m = measuring();
    const entry = `files/${key}`;
    zip.addReadStream(source.pipe(m.stream), entry, { compress: false });
    await finished(m.stream);
    files.push({ key, entry, ...m.result() });
  }
  return {
    format: FORMAT,
    formatVersion: 2,
    secretsKey,
    createdAt: new Date().toISOString(),
    database: {
      kind: deps.database.kind,
      migrations: migrations.n,
      lastMigration: migrations.last,
    },
    tables,
    sequences,
    files,
    counts: {
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      files: files.length,
      fileBytes: files.reduce((n, f) => n + f.bytes, 0),
    },
  };
}

async function appliedMigrations(tx: Tx): Promise<{ n: number; last: string | null }> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__drizzle_migrations'`,
  );
  if (Number(firstRow(rows, 'the count of migration tables').n) === 0)
    throw new Error('the database holds no portal (no migrations applied): nothing to back up');
  const applied = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  const n = Number(firstRow(applied.rows, 'the count of applied migrations').n);
  return { n, last: journalTags()[n - 1] ?? null };
}
