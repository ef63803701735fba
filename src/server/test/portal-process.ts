import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { buildServerBundle } from '../../../scripts/server-bundle.mjs';
import { freePort, waitUntilHealthy } from '../../../scripts/portal-process.mjs';

/**
 * Real portal processes for tests about several processes or a killed one: the server bundle
 * `npm start` runs (starting it is about twice as fast as tsx on the sources), each process on a
 * free port with the environment the test gives.
 */

let built: Promise<{ entry: string }> | undefined;
/**
 * The server bundle, built once per test run (not once per file: about 0.4 s of esbuild's CPU
 * each) into the directory global-setup.ts names, under `.test-data` so packages resolve from
 * node_modules; that run's teardown removes it. The API halves of `npm test` share one (their
 * scripts/test.mjs names it). A worker that finds it built takes it; two that build it at once
 * each build into a directory of their own and the first to rename it into place wins, so an
 * entry seen is always a whole bundle.
 */
export function bundlePortal(): Promise<{ entry: string }> {
  built ??= (async () => {
    const dir = inject('portalBundle');
    const entry = path.join(dir, 'main.js');
    if (!fs.existsSync(entry)) {
      const tmp = `${dir}-${crypto.randomBytes(4).toString('hex')}`;
      await buildServerBundle(tmp);
      try {
        fs.renameSync(tmp, dir);
      } catch (err) {
        // Another worker's (or the other half's) bundle is in place: this one is not needed.
        if (!fs.existsSync(entry)) throw err;
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    }
    return { entry };
  })().catch((err: unknown) => {
    built = undefined; // a failed build is not kept: the next file tries again
    throw err;
  });
  return built;
}

/** The variables src/server/config/env.ts reads (DATABASE_URL, S3_…, SMTP_URL…) are the test's to give, not inherited. */
const PORTAL_VARIABLE =
  /^(NODE_ENV|PORT|HOST|DATA_DIR|DATABASE_URL|S3_\w+|SMTP_URL|MAIL_FROM|SUPPORT_EMAIL|REDIS_URL|ADMIN_\w+|PUBLIC_URL|INSTAGRAM_URL|LOG_LEVEL|TRUST_PROXY|SESSION_DAYS|IMPORT_\w+|WEBHOOK_\w+|JOB_\w+|PGLITE_\w+|PDF_\w+|SERVER_PROCESSES|STOREFRONT_\w+|PUBLISHER_TIME_ZONE)$/;
const inherited = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !PORTAL_VARIABLE.test(k)));

export interface PortalProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (start-up failures and test failures quote it). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** SIGKILL (no shutdown at all, as a crash or OOM kill) or SIGTERM (the graceful stop); waits for the exit. */
  stop(signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
}

export async function startPortal(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<PortalProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    // In the bundle's directory, so a developer's .env is not read; none of this shell's portal settings either.
    cwd: path.dirname(entry),
    env: {
      ...inherited(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) =>
    child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
  );
  const url = `http://127.0.0.1:${port}`;
  const proc: PortalProcess = {
    url,
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  try {
    await waitUntilHealthy(url, { child, timeoutMs, pollMs: 50 });
  } catch (err) {
    await proc.stop('SIGKILL');
    throw new Error(`${(err as Error).message}:\n${out}`);
  }
  return proc;
}
