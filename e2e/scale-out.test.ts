import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilHealthy } from '../scripts/portal-process.mjs';
import { startS3Server, type TestS3Server } from '../src/server/test/s3-server';

/**
 * Two portal processes (the built `dist/server/main.js` that `npm start` runs) sharing one
 * PostgreSQL database, one S3 bucket and one Redis, each with its own empty DATA_DIR: what one
 * instance stores, the other serves. Needs TEST_DATABASE_URL and a Redis on 127.0.0.1:6379.
 */

const pgUrl = process.env.TEST_DATABASE_URL;
// A Redis database of its own, emptied afterwards: the per-address sign-in count of 127.0.0.1 lives there.
const redisUrl = `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/5`;
const redis = new Redis(redisUrl, {
  lazyConnect: true,
  connectTimeout: 1000,
  maxRetriesPerRequest: 1,
  retryStrategy: () => null,
});
redis.on('error', () => undefined); // an unanswered connect is reported by connect() below
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
const skipReason = !pgUrl
  ? ' (SKIPPED: TEST_DATABASE_URL is not set)'
  : !redisUp
    ? ` (SKIPPED: Redis at ${redisUrl} did not answer)`
    : '';
if (skipReason) redis.disconnect();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082',
  'hex',
);
const ADMIN = { email: 'scale-admin@example.com', password: 'Scale-admin-pass1' };
const tag = crypto.randomBytes(4).toString('hex');
const dbName = `ppp_scale_${tag}`;

interface Instance {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

async function startInstance(s3: TestS3Server): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-scale-'));
  const port = await freePort();
  const u = new URL(pgUrl!);
  u.pathname = `/${dbName}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: u.toString(),
    REDIS_URL: redisUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // scrypt N = 2^14, as the other journeys' portal: this file signs in 14 times and counts failed
    // sign-ins; the production cost is e2e/startup.test.ts's.
    PASSWORD_HASH_COST: '14',
  };
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // A budget of the instance's own CPU, not of wall time: a loaded machine only makes it wait longer.
  await waitUntilHealthy(url, { child, timeoutMs: 60_000, pollMs: 200 }).catch((err: Error) => {
    throw new Error(`instance did not start: ${err.message}\n${output}`);
  });
  expect(output).toContain('files: s3');
  return { url, dataDir, process: child };
}

async function call(
  i: Instance,
  method: string,
  p: string,
  opts: { token?: string; json?: unknown; form?: FormData } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${i.url}${p}`, {
    method,
    headers,
    body: opts.form ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
  });
}

async function login(i: Instance, email: string, password: string) {
  return call(i, 'POST', '/api/auth/login', { json: { email, password } });
}

describe.skipIf(!!skipReason)(
  `scaled out: two instances on PostgreSQL, S3 and Redis${skipReason}`,
  () => {
    let s3: TestS3Server;
    let admin: pg.Client;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      s3 = await startS3Server();
      // One after the other: the first start creates the first admin (see the note in docs/operations.md).
      a = await startInstance(s3);
      b = await startInstance(s3);
      // A safety net only: each start waits on its instance's CPU (waitUntilHealthy), not the clock.
    }, 900_000);

    afterAll(async () => {
      for (const i of [a, b]) {
        if (!i) continue;
        i.process.kill('SIGTERM');
        await new Promise((r) =>
          i.process.exitCode !== null ? r(null) : i.process.once('exit', r),
        );
        fs.rmSync(i.dataDir, { recursive: true, force: true });
      }
      await s3?.close();
      await redis.flushdb();
      redis.disconnect();
      await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin?.end();
    });

    it('a session opened on one instance works on the other, and signing out there ends it', async () => {
      const res = await login(a, ADMIN.email, ADMIN.password);
      expect(res.status).toBe(200);
      const { token } = await res.json();
      expect((await (await call(b, 'GET', '/api/auth/me', { token })).json()).user.email).toBe(
        ADMIN.email,
      );
      // Both processes now hold the session in their session cache (issue 15).
      expect((await call(a, 'GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await call(b, 'POST', '/api/auth/signout', { token })).status).toBeLessThan(300);
      // The other process drops it when PostgreSQL's notification arrives (a cached session would
      // otherwise last until it expires, days later).
      await expect
        .poll(async () => (await call(a, 'GET', '/api/auth/me', { token })).status, {
          timeout: 10_000,
          interval: 5,
        })
        .toBe(401);
    });

    it('a picture uploaded through one instance is served by the other, from the bucket', async () => {
      const { token } = await (await login(a, ADMIN.email, ADMIN.password)).json();
      const brands = (await (await call(a, 'GET', '/api/brands', { token })).json()).data as {
        id: number;
      }[];
      const form = new FormData();
      const email = `scale-${tag}@example.com`;
      form.append(
        'data',
        JSON.stringify({
          fullName: 'Scale Partner',
          email,
          brand: brands[0]!.id,
          role: 'user',
          password: 'Scale-pass1',
          repeatPassword: 'Scale-pass1',
        }),
      );
      form.append('profile_pic', new Blob([PNG], { type: 'image/png' }), 'me.png');
      const created = await call(a, 'POST', '/api/auth/signup', { token, form });
      expect(created.status).toBe(201);
      const { id } = await created.json();

      const pic = await call(b, 'GET', `/api/users/${id}/profile-pic`, { token });
      expect(pic.status).toBe(200);
      expect(Buffer.from(await pic.arrayBuffer())).toEqual(PNG);
      // Nothing went to either instance's own disk.
      for (const i of [a, b])
        expect(
          fs.existsSync(path.join(i.dataDir, 'files'))
            ? fs.readdirSync(path.join(i.dataDir, 'files'), { recursive: true })
            : [],
        ).toEqual([]);
    });

    it('failed sign-ins on both instances count together towards the lock', async () => {
      const email = `scale-${tag}@example.com`;
      for (let n = 0; n < 10; n++)
        expect((await login(n % 2 ? b : a, email, 'Wrong-pass1')).status).toBe(401);
      // The right password is refused on both now: each instance saw only 5 failures itself.
      for (const i of [a, b]) expect((await login(i, email, 'Scale-pass1')).status).toBe(429);
    });
  },
);
