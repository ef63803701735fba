import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCounter, redisCounter, type Counter } from './counter';

/**
 * One contract for the rate-limit counters: in memory (one process) and in Redis (shared by every
 * process of a scaled-out deployment). Redis is the real server at TEST_REDIS_URL or 127.0.0.1:6379.
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `ppp-test:${crypto.randomBytes(4).toString('hex')}:`;
const connections: Redis[] = [];

async function connect(): Promise<Redis | undefined> {
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
    connections.push(redis);
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}

// Counters do not depend on the database: the file runs in one project (vitest.config.ts DATABASE_FREE).
const redis = await connect();
const redisSkip = redis ? '' : ` (SKIPPED: Redis at ${redisUrl} did not answer)`;

afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  for (const c of connections) c.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const backends: [string, () => Counter, boolean][] = [
  ['memory', () => memoryCounter(), false],
  [`redis${redisSkip}`, () => redisCounter(redis!, prefix), !redis],
];

describe.each(backends)('Counter contract: %s', (_name, make, skip) => {
  const counter = skip ? (undefined as never) : make();
  let n = 0;
  const key = () => `k${++n}`;

  it.skipIf(skip)('counts hits in a window and tells when it resets', async () => {
    const k = key();
    for (let i = 1; i <= 3; i++) {
      const r = await counter.hit(k, 60);
      expect(r.count).toBe(i);
      expect(r.resetInSeconds).toBeGreaterThan(0);
      expect(r.resetInSeconds).toBeLessThanOrEqual(60);
    }
  });

  it.skipIf(skip)('peek does not count', async () => {
    const k = key();
    expect(await counter.peek(k)).toEqual({ count: 0, resetInSeconds: 0 });
    await counter.hit(k, 60);
    await counter.hit(k, 60);
    const peeked = await counter.peek(k);
    expect(peeked.count).toBe(2);
    expect(peeked.resetInSeconds).toBeGreaterThan(0);
    expect(peeked.resetInSeconds).toBeLessThanOrEqual(60);
    expect((await counter.peek(k)).count).toBe(2);
    expect((await counter.hit(k, 60)).count).toBe(3);
  });

  it.skipIf(skip)('reset clears one key and leaves the others', async () => {
    const [a, b] = [key(), key()];
    await counter.hit(a, 60);
    await counter.hit(a, 60);
    await counter.hit(b, 60);
    await counter.reset(a);
    expect(await counter.peek(a)).toEqual({ count: 0, resetInSeconds: 0 });
    expect((await counter.hit(a, 60)).count).toBe(1);
    expect((await counter.peek(b)).count).toBe(1);
  });

  it.skipIf(skip)('a key expires after its window', async () => {
    const k = key();
    expect(await counter.hit(k, 1)).toEqual({ count: 1, resetInSeconds: 1 });
    expect((await counter.hit(k, 1)).count).toBe(2);
    await sleep(1100);
    expect(await counter.peek(k)).toEqual({ count: 0, resetInSeconds: 0 });
    expect((await counter.hit(k, 1)).count).toBe(1);
  });

  it.skipIf(skip)(
    'release gives back one hit, keeps the window and never goes below zero',
    async () => {
      const k = key();
      await counter.release(k); // nothing to give back: no key appears
      expect(await counter.peek(k)).toEqual({ count: 0, resetInSeconds: 0 });
      await counter.hit(k, 60);
      await counter.hit(k, 60);
      await counter.release(k);
      const after = await counter.peek(k);
      expect(after.count).toBe(1);
      expect(after.resetInSeconds).toBeGreaterThan(0);
      await counter.release(k);
      await counter.release(k);
      expect((await counter.peek(k)).count).toBe(0);
      expect((await counter.hit(k, 60)).count).toBe(1);
    },
  );

  it.skipIf(skip)(
    'reserving before work lets at most the limit through, however many arrive at once',
    async () => {
      const k = key();
      const limit = 10;
      const admitted = (
        await Promise.all(Array.from({ length: 40 }, () => counter.hit(k, 60)))
      ).filter((r) => r.count <= limit);
      expect(admitted).toHaveLength(limit);
    },
  );

  it.skipIf(skip)('counts every one of many simultaneous hits once', async () => {
    const k = key();
    const counts = (await Promise.all(Array.from({ length: 50 }, () => counter.hit(k, 60)))).map(
      (r) => r.count,
    );
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

describe.skipIf(!redis)(`redisCounter across processes${redisSkip}`, () => {
  it('two connections (two app instances) share one count', async () => {
    const other = await connect();
    expect(other).toBeDefined();
    const [a, b] = [redisCounter(redis!, prefix), redisCounter(other!, prefix)];
    await a.hit('shared', 60);
    await b.hit('shared', 60);
    expect((await a.peek('shared')).count).toBe(2);
    await b.reset('shared');
    expect((await a.peek('shared')).count).toBe(0);
  });

  it('gives an expiry to a key that has none', async () => {
    await redis!.set(`${prefix}stuck`, 5);
    expect(await redisCounter(redis!, prefix).hit('stuck', 60)).toEqual({
      count: 6,
      resetInSeconds: 60,
    });
    expect(await redis!.pttl(`${prefix}stuck`)).toBeGreaterThan(0);
  });
});
