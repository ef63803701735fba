import { sql, type SQL } from 'drizzle-orm';
import { isTransaction, readsSeeAllWrites, type DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';
import type { SortDirection } from '../../../shared/contracts/pattern-list';
import {
  keyText,
  orderOf,
  SORT_COLUMNS,
  type ColumnSortKey,
  type SortPosition,
} from './list.query';

/**
 * Page numbers without a deep OFFSET (issue 15): for a scope and order, the sort key of every
 * `step`-th row is read once (one index-only pass) and kept in memory with the list version it
 * was read at (a sequence every write to `patterns` advances, migration pattern_list_version).
 * Page N then starts from the nearest anchor before it and skips fewer than `step` index entries,
 * so page 2,000 costs what page 2 does. A write makes the anchors of every scope stale; they are
 * read again on the next deep page.
 *
 * A write advances the version before it commits, so anchors read while it is still in progress
 * would miss its rows yet carry the version it left. Anchors read where no write can be in
 * progress hold until the version moves (`exact`): on PGlite always (one connection, db/client.ts
 * `readsSeeAllWrites`); on PostgreSQL when the read gets `SHARE` on `patterns` at once (`NOWAIT`),
 * which no transaction holding a write to it allows — and a write that comes meanwhile waits for
 * the one statement of the pass. When it does not get the lock, the anchors expire after
 * `maxAgeMs`, and past half that age a request still uses them and has them read again behind it
 * (one read at a time per list), so no request waits for that pass under steady traffic. Before
 * that, every anchor list expired after 10 s, and the requests of that moment waited for the
 * pass (page 2,000's p99 53–69 ms against 6 ms at p50). Only sorts whose key is never empty use
 * anchors (a NULL key needs two ranges); others keep OFFSET.
 */
export const ANCHORS = { step: 100, maxAgeMs: 10_000, maxScopes: 256 };

interface Anchors {
  version: string;
  readAt: number;
  step: number;
  /**
   * keys[k] is the row at 0-based position (k + 1) * step - 1. A promise, so that requests asking
   * while the anchors are read wait for that one read instead of each starting their own (with the
   * database on its own thread, the requests that arrive meanwhile are parsed and would all read).
   */
  keys: Promise<SortPosition[]>;
  /** Read where no write could be in progress: no age limit. Set when the read is done. */
  exact?: true;
  /** Set once a read to replace these has started (at most one at a time). */
  renewing?: true;
}

/**
 * Each database's anchors apart (a transaction's too): databases made from one template start their
 * list versions alike, so one process holding several (the tests) would otherwise take one's anchors
 * for another's.
 */
const caches = new WeakMap<DbOrTx, Map<string, Anchors>>();
function cacheOf(db: DbOrTx): Map<string, Anchors> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}
let reads = 0;

/** How many anchor lists are held for `db` (tests check the anchored path ran). */
export const anchorLists = (db: DbOrTx): number => caches.get(db)?.size ?? 0;
/** How many times anchors were read, in the request or behind it (tests). */
export const anchorReads = (): number => reads;

export function anchorsApply(sort: ColumnSortKey): boolean {
  return !SORT_COLUMNS[sort].nullable;
}

/** Anchors still usable: read with today's step, exact or within `maxAgeMs` (the version is the caller's to compare). */
const fresh = (a: Anchors | undefined): a is Anchors =>
  a !== undefined &&
  a.step === ANCHORS.step &&
  (a.exact === true || Date.now() - a.readAt <= ANCHORS.maxAgeMs);

/**
 * One list's anchors: its scope (`scopeKey`, the filters that make it, as text; `where`, the same
 * as SQL) and its order, on the database that reads them.
 */
export interface AnchoredList {
  db: DbOrTx;
  scopeKey: string;
  where: SQL | undefined;
  sort: ColumnSortKey;
  dir: SortDirection;
}

const keyOf = (list: AnchoredList) => `${list.scopeKey}|${list.sort}|${list.dir}`;

/** The anchor at or before position `offset - 1`, and how many rows after it to skip; undefined near the start. */
export async function anchorFor(
  list: AnchoredList,
  offset: number,
  version: string,
): Promise<{ from: SortPosition; skip: number } | undefined> {
  const step = ANCHORS.step;
  const k = Math.floor(offset / step) - 1;
  if (k < 0) return undefined;
  const key = keyOf(list);
  const cache = cacheOf(list.db);
  let a = cache.get(key);
  if (!fresh(a) || a.version !== version) a = hold(cache, key, read(list, version, step));
  else renewSoon(list, key, a);
  const keys = await a.keys;
  const from = keys[Math.min(k, keys.length - 1)];
  if (!from) return undefined;
  const at = (Math.min(k, keys.length - 1) + 1) * step; // rows up to and including the anchor
  return { from, skip: offset - at };
}

/**
 * The anchor for `offset` from anchors already held (none are read), with the list version they
 * were read at: the caller reads the page and the current version in one statement, and uses the
 * page only if the version is still that one (a write in between sends it the usual way).
 */
export async function heldAnchorFor(
  list: AnchoredList,
  offset: number,
): Promise<{ from: SortPosition; skip: number; version: string } | undefined> {
  const step = ANCHORS.step;
  const k = Math.floor(offset / step) - 1;
  const key = keyOf(list);
  const a = caches.get(list.db)?.get(key);
  if (k < 0 || !fresh(a)) return undefined;
  renewSoon(list, key, a);
  const keys = await a.keys.catch(() => []);
  // Past the last anchor the total may have changed: only an anchor that exists is used.
  const from = keys[k];
  if (!from) return undefined;
  return { from, skip: offset - (k + 1) * step, version: a.version };
}

/** Keeps `a` as the anchors of `key` (the least recently read list dropped past maxScopes). */
function hold(cache: Map<string, Anchors>, key: string, a: Anchors): Anchors {
  cache.delete(key);
  if (cache.size >= ANCHORS.maxScopes) cache.delete(cache.keys().next().value!);
  cache.set(key, a);
  a.keys.catch(() => cache.get(key) === a && cache.delete(key)); // the next request reads again
  return a;
}

/**
 * Past half their age, anchors are read again behind the request that uses them: the list version
 * first, then the keys (a write in between leaves them marked with the older version, so they are
 * read again on use, as when the caller reads the version). They replace the held ones only when
 * done. Not inside a transaction (it ends with its request).
 */
function renewSoon(list: AnchoredList, key: string, a: Anchors): void {
  const { db } = list;
  if (a.exact || a.renewing || Date.now() - a.readAt < ANCHORS.maxAgeMs / 2 || isTransaction(db))
    return;
  a.renewing = true;
  const renew = async () => {
    const res = await db.execute<{ v: string }>(
      sql`select last_value::text as v from pattern_list_version`,
    );
    const next = read(list, String(res.rows[0]?.v ?? ''), a.step);
    await next.keys;
    const cache = cacheOf(db);
    if (cache.get(key) === a) hold(cache, key, next);
  };
  // On failure the held anchors stay until they expire; the next request past half their age tries again.
  renew().catch(() => delete a.renewing);
}

/** Anchors of `version` (read by the caller before this); exact where no write was in progress. */
function read(list: AnchoredList, version: string, step: number): Anchors {
  const a: Anchors = {
    version,
    readAt: Date.now(),
    step,
    keys: readAnchors(list, step).then(({ keys, exact }) => {
      if (exact) a.exact = true;
      return keys;
    }),
  };
  return a;
}

async function readAnchors(
  list: AnchoredList,
  step: number,
): Promise<{ keys: SortPosition[]; exact: boolean }> {
  reads++;
  const { db } = list;
  if (readsSeeAllWrites(db)) return { keys: await readKeys(db, list, step), exact: true };
  // Inside a caller's transaction: no lock of its own, and the anchors expire.
  if (isTransaction(db)) return { keys: await readKeys(db, list, step), exact: false };
  try {
    return await db.transaction(async (tx) => {
      // Refused while a transaction that wrote to patterns is open (55P03); held, writers wait for
      // the pass. Refused for any other reason (a role without the right), the same fallback.
      await tx.execute(sql`lock table ${patterns} in share mode nowait`).catch((err: unknown) => {
        throw new LockRefused('patterns could not be locked for the anchors', { cause: err });
      });
      return { keys: await readKeys(tx, list, step), exact: true };
    });
  } catch (err) {
    if (!(err instanceof LockRefused)) throw err;
    return { keys: await readKeys(db, list, step), exact: false };
  }
}

/** The anchors' lock was not given: they are read without it and expire. */
class LockRefused extends Error {}

async function readKeys(
  db: DbOrTx,
  { where, sort, dir }: AnchoredList,
  step: number,
): Promise<SortPosition[]> {
  const res = await db.execute<{ key: string | null; id: number }>(sql`
    select key, id from (
      select ${keyText(sort)} as key, ${patterns.ID} as id, row_number() over (order by ${orderOf(sort, dir)}) as rn
      from ${patterns} ${where ? sql`where ${where}` : sql``}
    ) s where rn % ${step} = 0 order by rn`);
  return res.rows.map((r) => ({ key: r.key, id: Number(r.id) }));
}
