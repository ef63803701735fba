// Operator tool: restores a backup archive into an empty DATA_DIR or database (docs/operations.md).
//   BACKUP_PASSPHRASE=… npm run restore -- /backups/portal.zip [--force]
// The archive is checked first (its HMAC under the passphrase, every name, every entry's SHA-256),
// and its secrets key put back (DATA_DIR/secrets.key, or checked against SECRETS_KEY); a non-empty target is refused unless --force,
// which replaces what is there. Stop the portal first; start it after (it applies newer migrations).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../config/env';
import { openFileStore } from '../deps';
import { openPglite, openPostgres } from '../db/client';
import { keepDataDirPrivate, tightenModes } from '../lib/private-data-dir';
import { portalIsRunning } from '../backup/backup-socket';
import { RestoreError, restoreBackup } from '../backup/restore';
import { passphraseProblem } from '../backup/archive-key';

function fail(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [file] = positionals;
if (positionals.length !== 1 || file === undefined)
  fail('give the archive to restore: npm run restore -- FILE [--force]');
let env;
try {
  env = loadEnv();
} catch (err) {
  fail(err instanceof EnvError ? err.message : String(err));
}
const problem = passphraseProblem(env.BACKUP_PASSPHRASE);
if (problem) fail(problem);
keepDataDirPrivate(env.dataDir);
const archive = path.resolve(file);
const started = performance.now();
if (!env.DATABASE_URL && (await portalIsRunning(env.dataDir)))
  fail('the portal is running on this DATA_DIR: stop it first');
try {
  const database = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, 2)
    : await openPglite(path.join(env.dataDir, 'db'), undefined, { cacheMb: env.PGLITE_CACHE_MB });
  try {
    const r = await restoreBackup(
      archive,
      { database, files: await openFileStore(env), secrets: env },
      { force: values.force, passphrase: env.BACKUP_PASSPHRASE ?? '' },
    );
    console.log(
      `restore: ${r.rows} rows and ${r.files} files from ${archive} (made ${r.manifest.createdAt}, schema ${r.manifest.database.lastMigration}), ${((performance.now() - started) / 1000).toFixed(1)} s. Start the portal now.`,
    );
  } finally {
    await database.close();
  }
  tightenModes(env.dataDir);
} catch (err) {
  fail(err instanceof RestoreError ? err.message : ((err as Error).message.split('\n')[0] ?? ''));
}
