import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './config/env';
import { migrationsFolder } from './db/client';
import { createDeps } from './deps';
import { buildApp } from './app';
import { createTestApp } from './test/helper';
import { withDatabase } from './test/global-setup';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { runsIn } from './test/skip';

/**
 * The scaled-out configuration, on real servers: PostgreSQL (a scratch database made from
 * TEST_DATABASE_URL), Redis (TEST_REDIS_URL or 127.0.0.1:6379) and S3 (s3rver in this process).
 */

const silent = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const pgUrl = process.env.TEST_DATABASE_URL;
const kind = process.env.TEST_DB_KIND ?? 'pglite';

async function redisClient(): Promise<Redis | undefined> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // an unanswered connect is reported by connect() below
  try {
    await redis.connect();
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

const redis = await redisClient();
const noRedis = redis ? '' : ` (SKIPPED: Redis at ${redisUrl} did not answer)`;
let s3: TestS3Server;
const tag = crypto.randomBytes(4).toString('hex');
const dataDirs: string[] = [];

const scaledOutEnv = (extra: Record<string, string> = {}) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-deps-'));
  dataDirs.push(dataDir);
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...extra,
  };
};

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`ppp:deps-test:${tag}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await s3?.close();
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!redis)(`createDeps with REDIS_URL and S3_*${noRedis}`, () => {
  it('keeps files in the S3 bucket and rate-limit counts in Redis', async () => {
    const t = await createTestApp(scaledOutEnv());
    try {
      expect(t.deps.files.kind).toBe('s3');
      const key = `deps-test/${tag}/hello.txt`;
      await t.deps.files.put(key, Readable.from([Buffer.from('hello')]), 'text/plain');
      expect(s3.pendingUploads(key)).toEqual([]);
      const listed: string[] = [];
      for await (const o of t.deps.files.list(`deps-test/${tag}/`)) listed.push(o.key);
      expect(listed).toEqual([key]);
      await t.deps.files.delete(key);

      expect((await t.deps.counter.hit(`deps-test:${tag}:a`, 60)).count).toBe(1);
      // Seen from outside the process: another instance would count on from here.
      expect(await redis!.get(`ppp:deps-test:${tag}:a`)).toBe('1');
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(kind !== 'pglite')(
  `createDeps without them${runsIn('api-pglite', kind === 'pglite')}`,
  () => {
    it('keeps files on disk and counts in memory', async () => {
      const t = await createTestApp();
      try {
        expect(t.deps.files.kind).toBe('disk');
        await t.deps.counter.hit(`deps-test:${tag}:memory`, 60);
        if (redis) expect(await redis.exists(`ppp:deps-test:${tag}:memory`)).toBe(0);
      } finally {
        await t.close();
      }
    });
  },
);

const pgSkip = !pgUrl
  ? ' (SKIPPED: TEST_DATABASE_URL is not set)'
  : kind !== 'postgres'
    ? ' (runs in api-postgres)'
    : noRedis;
describe.skipIf(!pgUrl || kind !== 'postgres' || !redis)(
  `createDeps with DATABASE_URL${pgSkip}`,
  () => {
    const name = `ppp_deps_${tag}`;
    let admin: pg.Client;
    beforeAll(async () => {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('three instances started at once migrate an empty database once and share files and counts', async () => {
      const env = parseEnv(scaledOutEnv({ DATABASE_URL: withDatabase(pgUrl!, name) }));
      const instances = await Promise.all([1, 2, 3].map(() => createDeps(env, silent)));
      try {
        const [a, b, c] = instances;
        if (!a || !b || !c) throw new Error('expected a, b, c');
        expect(instances.map((d) => d.database.kind)).toEqual(['postgres', 'postgres', 'postgres']);
        const journal = JSON.parse(
          fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        const db = new pg.Client({ connectionString: withDatabase(pgUrl!, name) });
        await db.connect();
        try {
          const applied = await db.query(
            'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
          );
          expect(applied.rows[0].n).toBe(journal.entries.length);
          const tables = await db.query(
            "SELECT to_regclass('public.users') AS users, to_regclass('public.patterns') AS patterns",
          );
          expect(tables.rows[0]).toEqual({ users: 'users', patterns: 'patterns' });
        } finally {
          await db.end();
        }

        const key = `deps-test/${tag}/shared.txt`;
        await a.files.put(key, Readable.from([Buffer.from('from a')]), 'text/plain');
        const chunks: Buffer[] = [];
        for await (const chunk of await b.files.get(key)) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).toString()).toBe('from a');
        await c.files.delete(key);

        await a.counter.hit(`deps-test:${tag}:shared`, 60);
        await b.counter.hit(`deps-test:${tag}:shared`, 60);
        expect((await c.counter.peek(`deps-test:${tag}:shared`)).count).toBe(2);

        const app = await buildApp(a);
        try {
          const res = await app.inject({ method: 'GET', url: '/api/health' });
          expect(res.json()).toMatchObject({ databaseKind: 'postgres' });
        } finally {
          await app.close();
        }
      } finally {
        for (const d of instances) await d.closeAll();
      }
    });
  },
);
