import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { FileStore } from '../storage/file-store';
import type { Env } from '../config/env';
import { secretsKey } from '../features/integrations';
import { passphraseProblem } from './archive-key';
import { writeBackup } from './backup';

/**
 * The embedded database belongs to the server process, so `npm run backup` asks that process to
 * write the archive: a Unix socket in DATA_DIR (created under umask 0077, so only the portal's user,
 * who can read DATA_DIR anyway, may connect). One JSON line each way: `{ "out": path, "passphrase" }` →
 * `{ "ok": true, counts }` or `{ "error": message }`.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

interface Reply {
  ok?: true;
  counts?: { tables: number; rows: number; files: number; fileBytes: number };
  error?: string;
}

export async function serveBackups(
  deps: { database: Database; files: FileStore; env: Pick<Env, 'SECRETS_KEY' | 'dataDir'> },
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  fs.rmSync(socket, { force: true }); // left by a process that was killed
  let busy = false;
  const server = net.createServer((conn) => {
    let input = '';
    conn.setEncoding('utf8');
    conn.on('error', () => undefined);
    conn.on('data', (d: string) => {
      input += d;
      if (!input.includes('\n')) return;
      conn.removeAllListeners('data');
      void (async () => {
        let reply: Reply;
        try {
          const { out, passphrase } = JSON.parse(input) as { out?: unknown; passphrase?: unknown };
          if (typeof out !== 'string' || !path.isAbsolute(out))
            throw new Error('out must be an absolute path');
          if (typeof passphrase !== 'string') throw new Error(passphraseProblem(undefined));
          if (busy) throw new Error('a backup is already being written');
          busy = true;
          try {
            const started = performance.now();
            const manifest = await writeBackup(deps, out, {
              passphrase,
              secretsKey: secretsKey(deps.env),
            });
            log.info(
              { out, ...manifest.counts, ms: Math.round(performance.now() - started) },
              'backup written',
            );
            reply = { ok: true, counts: manifest.counts };
          } finally {
            busy = false;
          }
        } catch (err) {
          log.error({ err }, 'backup failed');
          reply = { error: (err as Error).message };
        }
        conn.end(JSON.stringify(reply) + '\n');
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  fs.chmodSync(socket, 0o600); // as every file in DATA_DIR; connecting needs write permission only
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socket, { force: true });
    });
}

/** Asks a portal running on `dataDir` to write the backup; undefined when none listens. */
export function askRunningPortal(
  dataDir: string,
  out: string,
  passphrase: string,
): Promise<Reply | undefined> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(backupSocketPath(dataDir));
    let input = '';
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write(JSON.stringify({ out, passphrase }) + '\n');
    });
    conn.on('data', (d: string) => (input += d));
    conn.on('end', () => {
      try {
        resolve(JSON.parse(input) as Reply);
      } catch {
        reject(new Error('the running portal closed the backup connection without an answer'));
      }
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
  });
}

/** Whether a portal is running on `dataDir` (its socket answers). */
export function portalIsRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.connect(backupSocketPath(dataDir));
    conn.on('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.on('error', () => resolve(false));
  });
}
