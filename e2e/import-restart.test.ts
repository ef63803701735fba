import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/portal-process.mjs';
import { samplePdf } from '../src/server/test/sample-files';
import { csvSheet, zipOf } from '../src/server/features/imports/imports.fixtures';

/**
 * A portal process killed with SIGKILL in the middle of an import, on PostgreSQL: no half pattern
 * is left, and a second process takes the import over and finishes it. The queue's lease and the
 * import's heartbeat are run out by SQL instead of waiting minutes. Needs TEST_DATABASE_URL.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const tag = crypto.randomBytes(4).toString('hex');
const dbName = `ppp_import_kill_${tag}`;
const ADMIN = { email: 'kill-admin@example.com', password: 'Kill-admin-pass1' };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-import-kill-'));
const PATTERNS = 40;

const dbUrl = () => {
  const u = new URL(pgUrl!);
  u.pathname = `/${dbName}`;
  return u.toString();
};

async function start(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl(),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // scrypt N = 2^14, as the shared portal's: the admin's hash and sign-in are not this test's subject.
    PASSWORD_HASH_COST: '14',
    IMPORT_WORKER: 'on',
  };
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ;) {
    if (child.exitCode !== null) throw new Error('instance exited during start');
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    if (Date.now() > deadline) throw new Error('instance did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!pgUrl)(
  `an import survives a killed process${pgUrl ? '' : ' (SKIPPED: TEST_DATABASE_URL is not set)'}`,
  () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    let db: pg.Client;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      db = new pg.Client({ connectionString: dbUrl() });
    });
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await db.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('SIGKILL mid-import leaves whole patterns only; another process resumes and finishes', async () => {
      const a = await start();
      children.push(a.child);
      await db.connect();
      const login = await (
        await fetch(`${a.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        })
      ).json();
      const auth = { authorization: `Bearer ${login.token}` };
      const rows = Array.from({ length: PATTERNS }, (_, i) => ({
        'Pattern ID': `K${tag}-${i}`,
        'Pattern Name': `Kill ${i}`,
        Brand: 'Ditto',
        'Pattern View': 'A',
        Size: 'M',
        'Pattern PDF': `k${i}.pdf`,
      }));
      const zip = await zipOf(
        rows.map((_, i) => ({
          name: `k${i}.pdf`,
          data: samplePdf(400_000, `K${i}`),
          compress: false,
        })),
      );
      const form = new FormData();
      form.append('sheet', new Blob([new Uint8Array(csvSheet(rows))]), 'kill.csv');
      form.append('zip', new Blob([new Uint8Array(zip)]), 'kill.zip');
      const { id } = await (
        await fetch(`${a.url}/api/imports`, { method: 'POST', headers: auth, body: form })
      ).json();
      const job = async (url: string) =>
        (await fetch(`${url}/api/imports/${id}`, { headers: auth })).json();
      await expect
        .poll(async () => (await job(a.url)).status, { timeout: 60_000, interval: 200 })
        .toBe('checked');
      expect(
        (await fetch(`${a.url}/api/imports/${id}/run`, { method: 'POST', headers: auth })).status,
      ).toBe(202);
      await expect
        .poll(async () => (await job(a.url)).done, { timeout: 60_000, interval: 50 })
        .toBeGreaterThanOrEqual(3);
      a.child.kill('SIGKILL');
      await new Promise((r) => a.child.once('exit', r));

      // What the killed process left: only whole patterns (each with its size and the size's PDF row).
      const whole = `SELECT count(*)::int AS n FROM patterns p WHERE p."SFCC_Pattern_ID" LIKE 'K${tag}-%'`;
      const half = `SELECT count(*)::int AS n FROM patterns p WHERE p."SFCC_Pattern_ID" LIKE 'K${tag}-%' AND NOT EXISTS (SELECT 1 FROM sizes s JOIN pattern_files f ON f.size_id = s."ID" WHERE s.pattern_id = p."ID")`;
      const before = (await db.query(whole)).rows[0].n;
      expect(before).toBeGreaterThanOrEqual(3);
      expect(before).toBeLessThan(PATTERNS);
      expect((await db.query(half)).rows[0].n).toBe(0);
      const marked = (
        await db.query(
          `SELECT count(*)::int AS n FROM import_patterns WHERE job_id = $1 AND outcome = 'created'`,
          [id],
        )
      ).rows[0].n;
      expect(marked).toBe(before);

      // Minutes pass: the queue's lease and the holder's heartbeat run out. Another process takes over.
      await db.query(
        `UPDATE jobs SET locked_until = now() - interval '1 second' WHERE status = 'running'`,
      );
      await db.query(
        `UPDATE import_jobs SET heartbeat_at = now() - interval '10 minutes' WHERE id = $1`,
        [id],
      );
      const b = await start();
      children.push(b.child);
      await expect
        .poll(async () => (await job(b.url)).status, { timeout: 120_000, interval: 500 })
        .toBe('done');
      expect(await job(b.url)).toMatchObject({ created: PATTERNS, failed: 0 });
      expect((await db.query(whole)).rows[0].n).toBe(PATTERNS);
      expect((await db.query(half)).rows[0].n).toBe(0);
      b.child.kill('SIGTERM');
    }, 300_000);
  },
);
