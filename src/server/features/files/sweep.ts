import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context';
import { baseKeyOf, withThumbnailKeys } from '../preflight';
import * as repo from './files.repo';
import {
  LONGEST_UPLOAD_MS,
  PATTERN_FILES_PREFIX,
  UPLOADS_PREFIX,
  contentKey,
  deleteRowlessObject,
  dropExpiredLeases,
  dropLeases,
  keysWithRows,
  leaseObject,
  legacyKeys,
  markMissing,
  releaseObjects,
  unreferencedKeys,
  type ObjectDeps,
} from './objects';

/**
 * The upload sweep (hourly, background.ts): drops expired leases and holds; deletes stored objects
 * nothing references (their rows, their objects and thumbnails); removes `.part` temporaries
 * anywhere in the store, and objects under the patterns prefix without a stored_objects row (an
 * interrupted upload's), both older than `olderThanMs`; then moves a batch of legacy objects to
 * content keys (rehashLegacyObjects).
 */
export async function sweepOrphans(
  deps: AppDeps,
  opts: { olderThanMs?: number; now?: number; log?: FastifyBaseLogger; rehash?: number } = {},
) {
  const db = deps.database.db;
  const cutoff = (opts.now ?? Date.now()) - (opts.olderThanMs ?? LONGEST_UPLOAD_MS);
  await dropExpiredLeases(db);
  let temporaries = 0;
  let orphans = 0;
  // Rows nothing references (a failed request's object once its lease expired, a deletion that
  // failed half-way): released in batches until none is left.
  for (;;) {
    const keys = await unreferencedKeys(db, 200);
    if (!keys.length) break;
    const gone = await releaseObjects(deps, keys);
    orphans += gone.length;
    if (gone.length < keys.length) break; // held (a backup) or failing: the next sweep retries
  }
  let batch: string[] = [];
  const flush = async () => {
    // A thumbnail goes with its file's key.
    const bases = [...new Set(batch.map(baseKeyOf))];
    const known = await keysWithRows(db, bases);
    for (const key of bases.filter((k) => !known.has(k))) {
      try {
        if (key.startsWith(`${UPLOADS_PREFIX}/`)) {
          await deps.files.delete(key);
          orphans++;
        } else if (await deleteRowlessObject(deps, key)) orphans++;
      } catch (err) {
        opts.log?.warn({ err, key }, 'could not delete an orphan object; the next sweep retries');
      }
    }
    batch = [];
  };
  for await (const obj of deps.files.list('')) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (obj.key.endsWith('.part')) {
      await deps.files.delete(obj.key).catch(() => undefined);
      temporaries++;
    } else if (obj.key.startsWith(`${PATTERN_FILES_PREFIX}/`)) {
      batch.push(obj.key);
      if (batch.length >= 500) await flush();
    }
  }
  if (batch.length) await flush();
  const rehashed = await rehashLegacyObjects(deps, { limit: opts.rehash ?? 200, log: opts.log });
  return { temporaries, orphans, rehashed: rehashed.moved };
}

/**
 * Moves objects stored under legacy keys (before migration 0021) to their content keys, `limit`
 * at a time (resumable: what is left is what still has no SHA-256): hashes the object as it
 * streams, stores it (and its thumbnails) under its content key unless these bytes are stored
 * already, points every row and published version at the new key, then releases the old one.
 * Duplicates among legacy objects become one object. An object that cannot be read is marked
 * `missing` and skipped. Transitions lock their pattern, and so does the rename (lockPatternsNaming):
 * a publish never records a key this has released.
 */
export async function rehashLegacyObjects(
  deps: ObjectDeps,
  opts: { limit?: number; log?: FastifyBaseLogger } = {},
): Promise<{ moved: number; missing: number; left: boolean }> {
  const db = deps.database.db;
  const keys = await legacyKeys(db, opts.limit ?? 200);
  let moved = 0;
  let missing = 0;
  for (const old of keys) {
    let sha256: string;
    let byteSize = 0;
    try {
      const hash = crypto.createHash('sha256');
      for await (const chunk of await deps.files.get(old)) {
        hash.update(chunk as Buffer);
        byteSize += (chunk as Buffer).length;
      }
      sha256 = hash.digest('hex');
    } catch (err) {
      opts.log?.warn({ err, key: old }, 'a legacy object could not be read; left as it is');
      await markMissing(db, old);
      missing++;
      continue;
    }
    const key = contentKey(sha256);
    const lease = await leaseObject(db, key, { sha256, byteSize });
    try {
      // Thumbnails the content key lacks (a duplicate moved first may have had none), then the object.
      for (const t of withThumbnailKeys([old]).slice(1)) {
        const to = key + t.slice(old.length);
        if ((await deps.files.exists(t)) && !(await deps.files.exists(to)))
          await deps.files.put(to, await deps.files.get(t), 'image/webp');
      }
      if (!(await deps.files.exists(key)))
        await deps.files.put(key, await deps.files.get(old), 'application/octet-stream');
      await db.transaction(async (tx) => {
        // A publish holding one of these patterns (it read the old key into its version) commits
        // first; the rename then rewrites its version, so the release below finds no reference.
        await repo.lockPatternsNaming(tx, old);
        await repo.renameStorageKey(tx, old, key);
        await dropLeases(tx, [lease]);
      });
    } catch (err) {
      await dropLeases(db, [lease]).catch(() => undefined);
      throw err;
    }
    await releaseObjects(deps, [old]);
    moved++;
  }
  return { moved, missing, left: keys.length === (opts.limit ?? 200) };
}
