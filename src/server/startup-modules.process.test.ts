import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, migratedDataDir } from './test/helper';
import { runsIn } from './test/skip';
import { bundlePortal, startPortal, type PortalProcess } from './test/portal-process';

// What a started server has loaded stays resident for good: the Node modules loaded by a real
// server process (the bundle `npm start` runs), read when it exits. docs/decisions/012.
const here = dbKind === 'pglite';

/** Node's own modules a server loaded, written by a preload when the process exits. */
const PROBE = `import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) process.on('exit', () => fs.writeFileSync(process.env.PPP_MODULES_OUT, process.moduleLoadList.join('\\n')));
`;

describe.skipIf(!here)(`Node modules a started server holds${runsIn('api-pglite', here)}`, () => {
  let portal: PortalProcess | undefined;
  let dataDir: string;
  let scratch: string;
  beforeAll(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-modules-'));
    dataDir = await migratedDataDir('ppp-modules-data-');
  });
  afterAll(async () => {
    await portal?.stop('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    "has not loaded Node's bundled undici (an ESM import of node:http would: about 2 MB)",
    { timeout: 120_000 },
    async () => {
      const probe = path.join(scratch, 'probe.mjs');
      const out = path.join(scratch, 'modules.txt');
      fs.writeFileSync(probe, PROBE);
      const bundle = await bundlePortal();
      portal = await startPortal(bundle.entry, {
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'Owner-Passw0rd!',
        NODE_OPTIONS: `--import=${probe}`,
        PPP_MODULES_OUT: out,
      });
      const health = await fetch(`${portal.url}/api/health`);
      expect(health.status).toBe(200);
      await portal.stop('SIGTERM');
      const loaded = fs.readFileSync(out, 'utf8').split('\n');
      // The probe wrote the list: the server's own modules are in it.
      expect(loaded).toContain('NativeModule worker_threads');
      expect(loaded).toContain('NativeModule http');
      expect(loaded.filter((m) => m.includes('undici'))).toEqual([]);
    },
  );
});
