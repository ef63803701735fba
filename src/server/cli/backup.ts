// Operator tool: writes one backup archive (docs/operations.md "Backups").
//   BACKUP_PASSPHRASE=… npm run backup -- --out /backups/portal-$(date +%F).zip
// The passphrase (kept outside the archive) authenticates it and wraps the secrets key inside it.
// On PostgreSQL it reads the database itself (one REPEATABLE READ snapshot), with the portal running
// or not. On the embedded database a running portal writes it (through DATA_DIR/backup.sock);
// with the portal stopped, this process opens the database itself.
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { EnvError, loadEnv } from '../config/env';
import { openFileStore } from '../deps';
import { openPglite, openPostgres } from '../db/client';
import { keepDataDirPrivate } from '../lib/private-data-dir';
import { askRunningPortal } from '../backup/backup-socket';
import { writeBackup } from '../backup/backup';
import { passphraseProblem } from '../backup/archive-key';
import { secretsKey } from '../features/integrations';

function fail(message: string): never {
  console.error(`backup: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) fail('--out FILE is required (the archive to write, e.g. portal.zip)');
let env;
try {
  env = loadEnv();
} catch (err) {
  fail(err instanceof EnvError ? err.message : String(err));
}
const passphrase = env.BACKUP_PASSPHRASE ?? '';
const problem = passphraseProblem(passphrase);
if (problem) fail(problem);
keepDataDirPrivate(env.dataDir);
const out = path.resolve(values.out);
const started = performance.now();
const report = (
  c: { tables: number; rows: number; files: number; fileBytes: number },
  by: string,
) =>
  console.log(
    `backup: ${out} written by ${by}: ${c.rows} rows in ${c.tables} tables, ${c.files} files (${(c.fileBytes / 1e6).toFixed(1)} MB), ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

try {
  if (!env.DATABASE_URL) {
    const answer = await askRunningPortal(env.dataDir, out, passphrase);
    if (answer?.error) fail(answer.error);
    if (answer?.counts) {
      report(answer.counts, 'the running portal');
      process.exit(0);
    }
  }
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, 2)
    : await openPglite(path.join(env.dataDir, 'db'), undefined, { cacheMb: env.PGLITE_CACHE_MB });
  try {
    const manifest = await writeBackup({ database, files: await openFileStore(env) }, out, {
      passphrase,
      secretsKey: secretsKey(env),
    });
    report(manifest.counts, 'this process');
  } finally {
    await database.close();
  }
} catch (err) {
  pino({ level: 'error' }).error({ err }, 'backup failed');
  fail((err as Error).message.split('\n')[0] ?? '');
}
