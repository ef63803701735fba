import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (password hashes, webhook secrets in its WAL), uploaded
 * files and queued mails: readable by the portal's user only. A umask of 0077 makes everything
 * this process creates from now on (PGlite's files included, whatever mode it asks for) 0600 /
 * 0700; what an earlier version or another umask left is tightened once at start.
 */
export function keepDataDirPrivate(dataDir: string): { tightened: number } {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return { tightened: tightenModes(dataDir) };
}

/** Folders 0700, files 0600 under `root` (root included); symbolic links are left alone. Returns how many changed. */
export function tightenModes(root: string): number {
  let changed = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p, { throwIfNoEntry: false });
    if (!st || st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o777) !== wanted) {
      fs.chmodSync(p, wanted);
      changed += 1;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return changed;
}
