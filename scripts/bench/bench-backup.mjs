// Backup and restore of many patterns (docs/operations.md "Backups"): seeds BENCH_BACKUP_PATTERNS
// patterns (default 20,000) with 3 sizes each and 200 files of 256 KB into an embedded database,
// then times `npm run backup` and `npm run restore` (the CLIs, as operators run them) into a new
// DATA_DIR, and prints the archive's size. Linear in rows and bytes: docs/operations.md extrapolates.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { seed } from './seed-patterns.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const rows = Number(process.env.BENCH_BACKUP_PATTERNS ?? 20_000);
const FILES = 200;
const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { openPglite, migrate } = await mod('src/server/db/client.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { diskStore } = await mod('src/server/storage/disk-store.ts');
const { sql } = await import('drizzle-orm');
const { Readable } = await import('node:stream');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-backup-'));
const source = path.join(work, 'source');
const target = path.join(work, 'target');
const archive = path.join(work, 'backup.zip');
try {
  console.log(`bench-backup: ${rows.toLocaleString('en-US')} patterns, ${FILES} files of 256 KB`);
  const database = await openPglite(path.join(source, 'db'));
  await migrate(database);
  await seedBrands(database.db);
  await seed(database.db, rows);
  await database.db.execute(
    sql`insert into sizes (pattern_id, "VariationID", pattern_view, "Size")
        select "ID", "SFCC_Pattern_ID" || '-' || s, 'A', s from patterns, unnest(array['S', 'M', 'L']) s`,
  );
  await database.close();
  const files = diskStore(path.join(source, 'files'));
  for (let i = 0; i < FILES; i++)
    await files.put(`patterns/bench/${i}.pdf`, Readable.from([crypto.randomBytes(256 * 1024)]), '');

  const run = (args, dataDir) => {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BACKUP_PASSPHRASE: 'bench-backup-passphrase',
      },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr || r.stdout}`);
    process.stdout.write(`  ${r.stdout.trim()}\n`);
    return (performance.now() - t0) / 1000;
  };
  const backupS = run(['src/server/cli/backup.ts', '--out', archive], source);
  const restoreS = run(['src/server/cli/restore.ts', archive], target);
  const mb = fs.statSync(archive).size / 1e6;
  console.log(
    `  backup ${backupS.toFixed(1)} s, restore ${restoreS.toFixed(1)} s (each including the CLI's start, ~2 s), archive ${mb.toFixed(1)} MB`,
  );
  const per = (s) => ((s / rows) * 100_000).toFixed(0);
  console.log(
    `  at this rate 100,000 patterns (database part): backup ~${per(backupS)} s, restore ~${per(restoreS)} s`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
