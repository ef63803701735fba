import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, migratedDataDir } from './test/helper';
import { runsIn } from './test/skip';
import { bundlePortal, startPortal, type PortalProcess } from './test/portal-process';
import { waitForMail } from './features/users/test-helpers';

// A real server process (the bundle `npm start` runs) on its embedded database: runs once.
const here = dbKind === 'pglite';

describe.skipIf(!here)(
  `background work of a real portal process${runsIn('api-pglite', here)}`,
  () => {
    let bundle: Awaited<ReturnType<typeof bundlePortal>>;
    let portal: PortalProcess | undefined;
    let dataDir: string;
    beforeAll(async () => {
      bundle = await bundlePortal();
      dataDir = await migratedDataDir('ppp-background-');
    });
    afterAll(async () => {
      await portal?.stop('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it(
      'sends a queued mail at once, and on SIGTERM stops everything it started and exits by itself',
      { timeout: 180_000 },
      async () => {
        portal = await startPortal(bundle.entry, {
          DATA_DIR: dataDir,
          ADMIN_EMAIL: 'owner@example.com',
          ADMIN_PASSWORD: 'Owner-Passw0rd!',
          PASSWORD_HASH_COST: '14',
          LOG_LEVEL: 'info',
          // Polled once a minute: the reset link can only come this fast by the kick after the commit.
          JOB_POLL_MS: '60000',
        });
        const res = await fetch(`${portal.url}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com' }),
        });
        expect(res.status).toBe(200);
        await waitForMail(dataDir, 'owner@example.com', /Reset your/);

        const exited = new Promise<number | null>((resolve) =>
          portal!.child.once('exit', (code) => resolve(code)),
        );
        portal.child.kill('SIGTERM');
        // Exit code 0: the shutdown finished (the 15 s guard exits with 1).
        expect(await exited).toBe(0);
        const lines = portal
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { msg?: string; left?: string[] });
        expect(lines.find((l) => l.msg === 'handles still open after shutdown')).toBeUndefined();
        expect(
          lines.find((l) => l.msg === 'shutdown complete: nothing left running'),
        ).toBeDefined();
        // The backup socket it served is gone with it.
        expect(fs.existsSync(path.join(dataDir, 'backup.sock'))).toBe(false);
      },
    );
  },
);
