import type { Database, Db } from '../../db/client';
import type { AuthUser } from '../../context';

/**
 * Signed-in users by session token hash, so a request costs no session query (issue 15).
 *
 * Correctness rests on the database telling every process what changed: triggers (migration
 * session_notify) NOTIFY `SESSION_CHANNEL` when sessions are deleted or changed ("s1,2,3"), when
 * users change ("u4": disabled, role, brand, password) and when too much changed to list ("*").
 * PGlite delivers that before the writing statement returns, so the next request sees it at once;
 * PostgreSQL delivers it to every process's listening connection right after the commit, so a
 * stale entry lives at most as long as a notification takes. While that connection is down the
 * cache is emptied and answers nothing. An entry also ends with its session's expiry.
 */
export const SESSION_CHANNEL = 'ppp_auth';

/** Bounds memory: past this many sessions the oldest entries are dropped (they are read again on use). */
const MAX_ENTRIES = 20_000;

interface Entry {
  user: AuthUser;
  expiresAt: number;
}

export class SessionCache {
  private entries = new Map<string, Entry>();
  private live = false;
  /** Bumped by every invalidation: a read that started before one must not fill the cache after it. */
  private generation = 0;

  get(hash: string): AuthUser | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return { ...e.user };
  }

  /** The generation to hand back to `set` once the database answered. */
  stamp(): number {
    return this.generation;
  }

  set(hash: string, user: AuthUser, expiresAt: Date, stamp: number): void {
    if (!this.live || stamp !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { user: { ...user }, expiresAt: expiresAt.getTime() });
  }

  /** A notification's payload: "s<ids>" sessions, "u<ids>" users, "*" everything. */
  apply(payload: string): void {
    this.generation++;
    const kind = payload[0];
    const ids = new Set(payload.slice(1).split(',').map(Number));
    if (kind !== 's' && kind !== 'u') {
      this.entries.clear();
      return;
    }
    for (const [hash, e] of this.entries)
      if (ids.has(kind === 's' ? e.user.sessionId : e.user.id)) this.entries.delete(hash);
  }

  setLive(live: boolean): void {
    this.generation++;
    this.entries.clear();
    this.live = live;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<
  Db,
  { cache: SessionCache; users: number; stop?: Promise<() => Promise<void>> }
>();

/** Every running cache of this process (a transaction does not say which database it is on). */
const running = new Set<SessionCache>();

/** Drops a user's sessions from every cache of this process, without waiting for a notification. */
export function forgetUserEverywhere(userId: number): void {
  for (const c of running) c.apply(`u${userId}`);
}

export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.get(db)?.cache;
}

/** Starts the cache of a database (once, however many apps share it); resolves with its stop. */
export async function startSessionCache(database: Database): Promise<() => Promise<void>> {
  let slot = caches.get(database.db);
  if (!slot) {
    const cache = new SessionCache();
    slot = { cache, users: 0 };
    slot.stop = database.listen(
      SESSION_CHANNEL,
      (payload) => cache.apply(payload),
      (live) => cache.setLive(live),
    );
    caches.set(database.db, slot);
    running.add(cache);
  }
  slot.users++;
  const s = slot;
  await s.stop;
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    if (--s.users > 0) return;
    caches.delete(database.db);
    running.delete(s.cache);
    s.cache.setLive(false);
    await (
      await s.stop!
    )();
  };
}
