import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../test/helper';
import { runsIn } from '../test/skip';
import { bundlePortal, startPortal } from '../test/portal-process';
import { tightenModes } from './private-data-dir';

/** Every entry under `root` whose mode lets anyone but the owner in, as "path mode". */
function openEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== wanted)
      found.push(`${path.relative(root, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(root);
  return found;
}

/**
 * Opens a mode as given. Not fs.chmodSync: a PGlite opened on a data directory earlier in the same
 * test process (db/client.ts ownerOnlyChmod) leaves that one owner-only for the process's life.
 */
const setMode = (p: string, mode: number) => fs.promises.chmod(p, mode);

// The real server process on its embedded database (PGlite's own files are the point): runs once.
const here = dbKind === 'pglite';

describe.skipIf(!here)(`DATA_DIR for the portal's user only${runsIn('api-pglite', here)}`, () => {
  let bundle: Awaited<ReturnType<typeof bundlePortal>>;
  beforeAll(async () => {
    bundle = await bundlePortal();
  });

  it('a server started under umask 0022 on a DATA_DIR with open modes leaves every folder 0700 and file 0600, PGlite files included', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-private-'));
    try {
      // What an earlier version left: open folders and files, as the security test found.
      fs.mkdirSync(path.join(dataDir, 'files', 'patterns'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'files', 'patterns', 'old.pdf'), 'x');
      fs.mkdirSync(path.join(dataDir, 'outbox'));
      fs.writeFileSync(path.join(dataDir, 'outbox', 'mail.eml'), 'x');
      for (const p of ['.', 'files', 'files/patterns', 'outbox'])
        await setMode(path.join(dataDir, p), 0o777);
      for (const p of ['files/patterns/old.pdf', 'outbox/mail.eml'])
        await setMode(path.join(dataDir, p), 0o666);
      expect(openEntries(dataDir)).toHaveLength(6);

      const previous = process.umask(0o022); // the child inherits the usual umask
      let portal;
      try {
        portal = await startPortal(bundle.entry, {
          DATA_DIR: dataDir,
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'Owner-Passw0rd!',
          PASSWORD_HASH_COST: '14',
        });
      } finally {
        process.umask(previous);
      }
      try {
        // A sign-in writes (session row): the database's WAL and pages are written while running.
        const login = await fetch(`${portal.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com', password: 'Owner-Passw0rd!' }),
        });
        expect(login.status).toBe(200);
        expect(fs.readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(5);
        expect(openEntries(dataDir)).toEqual([]);
      } finally {
        await portal.stop('SIGTERM');
      }
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000); // a safety net only: a first start on PGlite took 108-120+ s at load 14

  it('tightenModes counts what it changed and leaves symbolic links alone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-modes-'));
    try {
      fs.writeFileSync(path.join(dir, 'a'), 'x', { mode: 0o644 });
      await setMode(path.join(dir, 'a'), 0o644);
      fs.symlinkSync('/etc/hostname', path.join(dir, 'link'));
      await setMode(dir, 0o755);
      expect(tightenModes(dir)).toBe(2);
      expect(tightenModes(dir)).toBe(0);
      expect(fs.statSync('/etc/hostname').mode & 0o777).not.toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
