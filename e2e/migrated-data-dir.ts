import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

let built: Promise<string> | undefined;

/**
 * The embedded database as a portal leaves it after its first start's initdb and migrations, no
 * account in it: made once per run (the first file to ask makes it, in the directory
 * e2e/global-setup.ts names and removes) and copied for each file's own portal whose subject is not
 * a first start. That portal still starts as `npm start` runs the server (dist/server/main.js) and
 * creates its admin from ADMIN_EMAIL; it only finds nothing to migrate, where a first start costs
 * initdb and every migration (about 4 s of CPU more). The shared portal (global-setup.ts) and
 * e2e/startup.test.ts start on an empty DATA_DIR, as a user does.
 */
function template(): Promise<string> {
  built ??= (async () => {
    const dir = inject('pgliteTemplateDir');
    if (fs.existsSync(dir)) return dir;
    // Two files asking at once each make one; the first renamed into place is used, so a template
    // seen is always a whole, closed database.
    const tmp = `${dir}-${crypto.randomBytes(4).toString('hex')}`;
    const { migrate, openPglite } = await import('../src/server/db/client');
    const db = await openPglite(tmp);
    await migrate(db);
    await db.close();
    try {
      fs.renameSync(tmp, dir);
    } catch (err) {
      if (!fs.existsSync(dir)) throw err;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    return dir;
  })().catch((err: unknown) => {
    built = undefined;
    throw err;
  });
  return built;
}

/** A new DATA_DIR (under the system's temporary directory) holding a migrated, empty database. */
export async function migratedDataDir(prefix: string): Promise<string> {
  const from = await template();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.cpSync(from, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}
