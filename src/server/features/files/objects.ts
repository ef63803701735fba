import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, not, notExists, sql } from 'drizzle-orm';
import { readsSeeAllWrites, type Database } from '../../db/client';
import type { FileStore } from '../../storage/file-store';
import { patternFiles } from '../../db/schema/patterns';
import {
  fileStoreHolds,
  objectLeases,
  publishedFileRefs,
  storedObjects,
} from '../../db/schema/files';
import { withThumbnailKeys } from '../preflight';

/*
 * Objects stored by content (ADR 009). A pattern file's object lives under a key derived from the
 * SHA-256 of its bytes, so identical bytes are stored once and named by any number of
 * pattern_files rows and published versions. Each key has a stored_objects row, the lock that
 * orders uploads and deletions across processes:
 *   - an upload leases the key (upsert of the row, which waits for a deleter holding it, then a
 *     lease row) before it decides whether the object must be written (it exists → no write);
 *   - the transaction that records the upload's row drops the lease (one atomic step: any
 *     snapshot sees the lease or the row);
 *   - the deleter locks the rows (FOR UPDATE), then, in a new statement (a new snapshot under READ
 *     COMMITTED), deletes those no row, no published version, no unexpired lease and no backup
 *     hold names, deletes their objects from the store, and only then commits.
 */

/** What stores and deletes objects: the file store and the database that counts references. */
export interface ObjectDeps {
  files: FileStore;
  database: Database;
}

/** Every pattern object lives under this prefix; the sweep looks only here. */
export const PATTERN_FILES_PREFIX = 'patterns';
/** Uploads stream here first (hashing as they go), then move to their content key. */
export const UPLOADS_PREFIX = `${PATTERN_FILES_PREFIX}/uploads`;
const CONTENT_PREFIX = `${PATTERN_FILES_PREFIX}/sha256/`;

/**
 * The longest an upload may last: an object older than this is no longer being written by any
 * instance, so the sweep may judge it; an upload's lease lasts this long. The server's request
 * time-out must not exceed it.
 */
export const LONGEST_UPLOAD_MS = 30 * 60 * 1000;

/** `patterns/sha256/ab/ab…` (64 hex digits): the key of these bytes. */
export const contentKey = (sha256: string) => `${CONTENT_PREFIX}${sha256.slice(0, 2)}/${sha256}`;
/** The SHA-256 a content key names, or undefined for a legacy key. */
export function sha256OfKey(key: string): string | undefined {
  if (!key.startsWith(CONTENT_PREFIX)) return undefined;
  const hex = key.slice(key.lastIndexOf('/') + 1);
  return /^[0-9a-f]{64}$/.test(hex) ? hex : undefined;
}
export const sha256Hex = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Takes a lease on `key` (creating its stored_objects row, or waiting for a deleter that holds
 * it) and answers the lease's id. `byteSize`/`sha256` describe the content.
 */
export async function leaseObject(
  db: Database['db'],
  key: string,
  content: { sha256: string | null; byteSize: number },
  ms = LONGEST_UPLOAD_MS,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(storedObjects)
      .values({ key, sha256: content.sha256, byteSize: content.byteSize })
      // The update takes the row's lock: a deleter holding it is waited for.
      .onConflictDoUpdate({ target: storedObjects.key, set: { missing: false } });
    await tx.insert(objectLeases).values({ id, key, expiresAt: new Date(Date.now() + ms) });
  });
  return id;
}

/**
 * leaseObject for several keys at once (the create form's files, issue 31): one transaction of two
 * statements — the stored_objects upsert of every distinct key, in key order (two requests sharing
 * keys lock them in one order), then a lease row per key. Answers each key's lease id.
 */
export async function leaseObjects(
  db: Database['db'],
  items: { key: string; sha256: string | null; byteSize: number }[],
  ms = LONGEST_UPLOAD_MS,
): Promise<Map<string, string>> {
  const byKey = new Map(items.map((i) => [i.key, i]));
  const keys = [...byKey.keys()].sort();
  const leases = new Map(keys.map((k) => [k, crypto.randomUUID()]));
  if (!keys.length) return leases;
  const expiresAt = new Date(Date.now() + ms);
  await db.transaction(async (tx) => {
    await tx
      .insert(storedObjects)
      .values(
        keys.map((key) => ({
          key,
          sha256: byKey.get(key)!.sha256,
          byteSize: byKey.get(key)!.byteSize,
        })),
      )
      // The update takes the rows' locks: a deleter holding one is waited for.
      .onConflictDoUpdate({ target: storedObjects.key, set: { missing: false } });
    await tx
      .insert(objectLeases)
      .values(keys.map((key) => ({ id: leases.get(key)!, key, expiresAt })));
  });
  return leases;
}

/** Drops leases (a failed upload's, or a recorded row's inside its transaction). */
export async function dropLeases(
  db: Database['db'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0],
  ids: string[],
) {
  if (ids.length) await db.delete(objectLeases).where(inArray(objectLeases.id, ids));
}

/** Deletes an object and its thumbnails from the store; a missing one is not an error. */
async function deleteFromStore(store: FileStore, keys: string[]) {
  const all = withThumbnailKeys(keys);
  for (let i = 0; i < all.length; i += 8)
    await Promise.all(all.slice(i, i + 8).map((k) => store.delete(k)));
}

const unreferenced = (db: Database['db']) =>
  and(
    notExists(
      db
        .select({ one: sql`1` })
        .from(patternFiles)
        .where(eq(patternFiles.storageKey, storedObjects.key)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(publishedFileRefs)
        .where(eq(publishedFileRefs.storageKey, storedObjects.key)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(objectLeases)
        .where(
          and(eq(objectLeases.key, storedObjects.key), gt(objectLeases.expiresAt, sql`now()`)),
        ),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(fileStoreHolds)
        .where(gt(fileStoreHolds.until, sql`now()`)),
    ),
  );

/**
 * The deleter: of these keys, deletes the objects (and thumbnails) that nothing references any
 * more — no pattern_files row, no published version, no unexpired upload lease — and their
 * stored_objects rows. Race-safe with uploads in other processes (see the top of this file).
 * Keys outside the patterns prefix (an import's sheet or ZIP) are simply deleted. Answers the keys
 * whose objects were deleted.
 */
export async function releaseObjects(
  deps: ObjectDeps,
  keys: string[],
  /** For the interleaving tests: runs once the rows are locked, before they are judged. */
  hooks: { locked?: () => Promise<void> } = {},
): Promise<string[]> {
  const db = deps.database.db;
  const unique = [...new Set(keys)];
  const plain = unique.filter((k) => !k.startsWith(`${PATTERN_FILES_PREFIX}/`));
  if (plain.length) await deleteFromStore(deps.files, plain);
  const ours = unique.filter((k) => k.startsWith(`${PATTERN_FILES_PREFIX}/`));
  const gone: string[] = [...plain];
  for (let i = 0; i < ours.length; i += 200) {
    const batch = ours.slice(i, i + 200);
    const deleted = await db.transaction(async (tx) => {
      // Lock first (waits for an upload leasing one of them), then judge in a new snapshot.
      const locked = await tx
        .select({ key: storedObjects.key })
        .from(storedObjects)
        .where(inArray(storedObjects.key, batch))
        .orderBy(storedObjects.key)
        .for('update');
      await hooks.locked?.();
      const rows = locked.length
        ? await tx
            .delete(storedObjects)
            .where(
              and(
                inArray(
                  storedObjects.key,
                  locked.map((r) => r.key),
                ),
                unreferenced(db),
              ),
            )
            .returning({ key: storedObjects.key })
        : [];
      const out = rows.map((r) => r.key);
      // A legacy key without its row (written before migration 0021 by a path that no longer
      // exists) is deleted when no row names it; a content key always has its row.
      const rowless = batch.filter((k) => !sha256OfKey(k) && !locked.some((r) => r.key === k));
      const held = rowless.length
        ? (
            await tx
              .select({ id: fileStoreHolds.id })
              .from(fileStoreHolds)
              .where(gt(fileStoreHolds.until, sql`now()`))
              .limit(1)
          ).length > 0
        : false;
      if (rowless.length && !held) {
        const named = new Set(
          (
            await tx
              .select({ key: patternFiles.storageKey })
              .from(patternFiles)
              .where(inArray(patternFiles.storageKey, rowless))
          ).map((r) => r.key),
        );
        const refs = new Set(
          (
            await tx
              .select({ key: publishedFileRefs.storageKey })
              .from(publishedFileRefs)
              .where(inArray(publishedFileRefs.storageKey, rowless))
          ).map((r) => r.key),
        );
        out.push(...rowless.filter((k) => !named.has(k) && !refs.has(k)));
      }
      // Deleted from the store before the commit: an upload waiting on these rows finds no row,
      // writes the object anew, and no deletion can follow it.
      await deleteFromStore(deps.files, out);
      return out;
    });
    gone.push(...deleted);
  }
  return gone;
}

/** Unreferenced, unleased stored_objects rows (the sweep releases them), `limit` at a time. */
export async function unreferencedKeys(db: Database['db'], limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(unreferenced(db))
    .limit(limit);
  return rows.map((r) => r.key);
}

/** Removes leases and holds that expired (their uploads or backups died). */
export async function dropExpiredLeases(db: Database['db']): Promise<number> {
  const leases = await db
    .delete(objectLeases)
    .where(lt(objectLeases.expiresAt, sql`now()`))
    .returning({ id: objectLeases.id });
  await db.delete(fileStoreHolds).where(lt(fileStoreHolds.until, sql`now()`));
  return leases.length;
}

/**
 * Deletes an object under the patterns prefix that has no stored_objects row (left by an upload
 * that died before its lease, or an interrupted move), race-safe: the key's row is claimed first,
 * so an upload of the same content waits, then finds no row and no object, and writes it.
 */
export async function deleteRowlessObject(deps: ObjectDeps, key: string): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(storedObjects)
      .values({ key, missing: true })
      .onConflictDoNothing()
      .returning({ key: storedObjects.key });
    if (!claimed.length) return false;
    await deleteFromStore(deps.files, [key]);
    await tx.delete(storedObjects).where(eq(storedObjects.key, key));
    return true;
  });
}

/** Which of these keys have a stored_objects row. */
export async function keysWithRows(db: Database['db'], keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(inArray(storedObjects.key, keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * Holds every deletion while `run` copies the store (the backup): what its database snapshot
 * names is still stored when it is copied. The hold dies with the process that took it: on
 * PostgreSQL it is a short lease (`leaseMs`, 2 minutes) renewed while `run` lasts, so a killed
 * backup holds deletions at most that long; on the embedded database (one process, whose
 * statements wait while the backup's snapshot is read, so a renewal could not be relied on) it
 * lasts up to 6 hours and the next start drops it (`dropHoldsOfDeadProcesses`).
 */
export async function holdingDeletes<T>(
  db: Database['db'],
  run: () => Promise<T>,
  opts: { leaseMs?: number } = {},
): Promise<T> {
  const oneProcess = readsSeeAllWrites(db);
  const leaseMs = opts.leaseMs ?? (oneProcess ? 6 * 60 * 60 * 1000 : 2 * 60 * 1000);
  const id = crypto.randomUUID();
  const until = () => sql`now() + ${leaseMs}::int * interval '1 millisecond'`;
  await db.insert(fileStoreHolds).values({ id, until: until() });
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = oneProcess
    ? undefined
    : setInterval(() => {
        renewing = db
          .update(fileStoreHolds)
          .set({ until: until() })
          .where(eq(fileStoreHolds.id, id))
          .catch(() => undefined); // the next renewal tries again; the lease covers three
      }, leaseMs / 3);
  try {
    return await run();
  } finally {
    clearInterval(timer);
    await renewing;
    await db.delete(fileStoreHolds).where(eq(fileStoreHolds.id, id));
  }
}

/**
 * At the embedded database's start: every hold in it belongs to a process that is gone (the
 * database has one process), so none may go on blocking deletions.
 */
export async function dropHoldsOfDeadProcesses(database: Database): Promise<void> {
  if (database.kind === 'pglite') await database.db.delete(fileStoreHolds);
}

/** Legacy keys (named before migration 0021) still to be moved to content keys. */
export async function legacyKeys(db: Database['db'], limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: storedObjects.key })
    .from(storedObjects)
    .where(and(isNull(storedObjects.sha256), not(storedObjects.missing)))
    .orderBy(storedObjects.key)
    .limit(limit);
  return rows.map((r) => r.key);
}

export async function markMissing(db: Database['db'], key: string) {
  await db.update(storedObjects).set({ missing: true }).where(eq(storedObjects.key, key));
}
