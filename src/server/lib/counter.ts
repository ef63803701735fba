import type { Redis } from 'ioredis';

/**
 * Fixed-window counters for rate limits: in memory on one machine, in Redis when REDIS_URL is set.
 * Limits reserve before they work: `hit` first (one atomic increment), refuse when the answer is
 * over the limit, and only then do the costly part. Reading with `peek` and counting afterwards
 * lets any number of simultaneous requests through (they all read the same count).
 */
export interface Counter {
  /** Adds one to `key` and answers the count in the current window and the seconds until it resets. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /** Gives back one reserved hit (an attempt that turned out not to count), never below zero; keeps the window. */
  release(key: string): Promise<void>;
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  reset(key: string): Promise<void>;
  /** Drops windows that ended (memory only; Redis expires its keys). Run by src/server/background.ts. */
  sweepExpired?(): void;
}

export function memoryCounter(): Counter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt > Date.now()) return entry;
    entries.delete(key);
    return undefined;
  };
  return {
    sweepExpired() {
      const now = Date.now();
      for (const [k, v] of entries) if (v.resetAt <= now) entries.delete(k);
    },
    async hit(key, windowSeconds) {
      let entry = current(key);
      if (!entry) {
        entry = { count: 0, resetAt: Date.now() + windowSeconds * 1000 };
        entries.set(key, entry);
      }
      entry.count++;
      return { count: entry.count, resetInSeconds: Math.ceil((entry.resetAt - Date.now()) / 1000) };
    },
    async release(key) {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count--;
    },
    async peek(key) {
      const entry = current(key);
      return entry
        ? { count: entry.count, resetInSeconds: Math.ceil((entry.resetAt - Date.now()) / 1000) }
        : { count: 0, resetInSeconds: 0 };
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}

/** Decrements an existing, positive key only: a DECR on a missing key would create one without expiry. */
const RELEASE_SCRIPT =
  "if tonumber(redis.call('get', KEYS[1]) or '0') > 0 then return redis.call('decr', KEYS[1]) end return 0";

export function redisCounter(redis: Redis, prefix = 'ppp:'): Counter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      // One transaction creates the key with its expiry, then counts: a process dying between an
      // INCR and a later PEXPIRE would leave a key that never expires (a lock-out for good).
      const replies = await redis
        .multi()
        .set(k, 0, 'PX', windowSeconds * 1000, 'NX')
        .incr(k)
        .pttl(k)
        .exec();
      if (!replies) throw new Error('rate-limit counter: Redis transaction aborted');
      const failed = replies.find(([err]) => err);
      if (failed) throw failed[0];
      const [, incr, pttl] = replies;
      if (!incr || !pttl) throw new Error('rate-limit counter: Redis transaction answered short');
      const count = incr[1] as number;
      let ms = pttl[1] as number;
      if (ms < 0) {
        // A key without expiry (left by an earlier version) gets one now rather than never.
        ms = windowSeconds * 1000;
        await redis.pexpire(k, ms);
      }
      return { count, resetInSeconds: Math.ceil(ms / 1000) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
    },
    async peek(key) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(count ?? 0), resetInSeconds: Math.max(0, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
