import fs from 'node:fs';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store';

export function diskStore(root: string): FileStore {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep))
      throw new Error(`invalid storage key ${key}`);
    return full;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const full = resolve(key);
      await fsp.mkdir(path.dirname(full), { recursive: true });
      // Its own temporary name: two uploads of the same content may write one key at once.
      const tmp = `${full}.${crypto.randomBytes(6).toString('hex')}.part`;
      const out = fs.createWriteStream(tmp);
      try {
        await pipeline(body, out);
        await fsp.rename(tmp, full);
      } catch (err) {
        // Removed once the file is closed: a loaded run left a failed upload's `.part` behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const full = resolve(key);
      await fsp.access(full);
      return fs.createReadStream(full);
    },
    async move(from, to) {
      const target = resolve(to);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(resolve(from), target);
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async exists(key) {
      return fsp.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async *list(prefix) {
      // As on S3, a prefix is the start of a key, not only a folder: 'a/b' also lists 'a/bc/d'.
      const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      const dir = folder ? resolve(folder) : path.resolve(root);
      const walk = async function* (d: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
        let entries: fs.Dirent[];
        try {
          entries = await fsp.readdir(d, { withFileTypes: true });
        } catch {
          return;
        }
        for (const e of entries) {
          const p = path.join(d, e.name);
          const key = path.relative(root, p).split(path.sep).join('/');
          if (!key.startsWith(prefix)) continue;
          if (e.isDirectory()) yield* walk(p);
          else {
            // An upload's temporary file can be renamed or removed between the read and the stat.
            const st = await fsp.stat(p).catch((err: NodeJS.ErrnoException) => {
              if (err.code === 'ENOENT') return null;
              throw err;
            });
            if (st) yield { key, modifiedAt: st.mtime };
          }
        }
      };
      yield* walk(dir);
    },
  };
}
