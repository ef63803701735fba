import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, migratedDataDir } from '../test/helper';
import { runsIn } from '../test/skip';
import { bundlePortal, startPortal } from '../test/portal-process';
import { verifyArchive } from './restore';

// The tools as operators run them (the bundle's backup.js / restore.js) beside a running portal on
// the embedded database, which writes the archive itself (backup-socket.ts).
const here = dbKind === 'pglite';

describe.skipIf(!here)(
  `backup and restore tools beside a running portal${runsIn('api-pglite', here)}`,
  () => {
    let bundle: Awaited<ReturnType<typeof bundlePortal>>;
    let work: string;
    let dataDir: string;
    beforeAll(async () => {
      bundle = await bundlePortal();
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-backup-cli-'));
      // The running portal's start is not this test's subject: its embedded database already holds
      // the migrated template (no initdb, no migration). The restore below makes a new one.
      dataDir = await migratedDataDir('ppp-backup-cli-live-');
    });
    afterAll(() => {
      fs.rmSync(work, { recursive: true, force: true });
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const PASS = 'cli-backup-passphrase';
    const tool = (
      name: string,
      args: string[],
      dataDir: string,
      passphrase: string | null = PASS,
    ) =>
      spawnSync(process.execPath, [path.join(path.dirname(bundle.entry), name), ...args], {
        cwd: path.dirname(bundle.entry),
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}),
        },
        encoding: 'utf8',
      });

    it('backs up a running PGlite portal through it, refuses to restore over it, restores into a new DATA_DIR that then starts', async () => {
      const portal = await startPortal(bundle.entry, {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'Owner-Passw0rd!',
        PASSWORD_HASH_COST: '14',
      });
      const archive = path.join(work, 'live.zip');
      try {
        const backup = tool('backup.js', ['--out', archive], dataDir);
        expect(backup.stderr).toBe('');
        expect(backup.stdout).toMatch(/written by the running portal: \d+ rows in \d+ tables/);
        expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
        const { manifest } = await verifyArchive(archive, PASS);
        expect(manifest.tables.find((t) => t.name === 'public.users')?.rows).toBe(1);
        const over = tool('restore.js', [archive, '--force'], dataDir);
        expect(over.status).toBe(1);
        expect(over.stderr).toMatch(/the portal is running on this DATA_DIR: stop it first/);
        expect(tool('backup.js', [], dataDir).stderr).toMatch(/--out FILE is required/);
        // Without the passphrase neither tool runs: it authenticates the archive and wraps the key.
        const bare = tool('backup.js', ['--out', path.join(work, 'bare.zip')], dataDir, null);
        expect(bare.status).toBe(1);
        expect(bare.stderr).toMatch(/BACKUP_PASSPHRASE is required/);
        expect(fs.existsSync(path.join(work, 'bare.zip'))).toBe(false);
      } finally {
        await portal.stop('SIGTERM');
      }
      const fresh = path.join(work, 'fresh');
      const refused = tool('restore.js', [archive], fresh, null);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/BACKUP_PASSPHRASE is required/);
      const restore = tool('restore.js', [archive], fresh);
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/^restore: \d+ rows and 0 files/);
      // The portal's secrets key came back with the archive (issue 49 item 3).
      expect(fs.readFileSync(path.join(fresh, 'secrets.key'), 'utf8')).toBe(
        fs.readFileSync(path.join(dataDir, 'secrets.key'), 'utf8'),
      );
      const again = await startPortal(bundle.entry, { DATA_DIR: fresh, PASSWORD_HASH_COST: '14' });
      try {
        const login = await fetch(`${again.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com', password: 'Owner-Passw0rd!' }),
        });
        expect(login.status).toBe(200);
        expect(again.output()).not.toMatch(/with password/);
      } finally {
        await again.stop('SIGTERM');
      }
    }, 360_000);
  },
);
