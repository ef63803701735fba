import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { waitingOnLock } from '../../test/locks';
import { patternPublishedVersions } from '../../db/schema/published';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import type { AuthUser } from '../../context';
import { rehashLegacyObjects, sha256OfKey } from '../files';
import { seedFile, seedPattern } from '../patterns/detail.fixtures';
import { beginTransition } from './lifecycle.service';
import { recordPublication } from '../published';

/*
 * The legacy rehash (files stored by content, issue 31) against a publish, two processes at once on
 * PostgreSQL (PGlite runs one transaction at a time). A publish reads its pattern's rows into the
 * version inside its transaction; a rehash moving one of those rows' objects meanwhile must not
 * release the key that version is about to commit (the storefront then failed on ENOENT).
 */
describe.skipIf(dbKind !== 'postgres')(
  `publish and legacy rehash interleaved${runsIn('api-postgres', dbKind === 'postgres')}`,
  () => {
    let t: TestApp;
    let owner: TestUser;
    let admin: AuthUser;
    beforeAll(async () => {
      t = await createTestApp();
      owner = await createUser(t, { brand: 'ditto' });
      const a = await createUser(t, { role: 'admin', brand: null });
      admin = {
        id: a.id,
        role: 'admin',
        brandId: null,
        email: a.email,
        fullName: 'Admin',
        sessionId: 0,
      };
    });
    afterAll(() => t.close());

    const db = () => t.deps.database.db;
    it('a rehash while a publish holds the legacy keys waits, then moves the version’s keys too', async () => {
      const p = await seedPattern(t, { sizes: 1 });
      const hero = await seedFile(t, p.id, 'Main_Hero_Image');
      expect(sha256OfKey(hero.key)).toBeUndefined(); // a legacy key, as before migration 0021
      const sent = await t.app.inject({
        method: 'POST',
        url: LIFECYCLE_PATHS.sendToReview(p.id),
        headers: owner.auth,
      });
      expect(sent.statusCode).toBe(200);

      let moving: Promise<unknown> | undefined;
      let first: string | undefined;
      await db().transaction(async (tx) => {
        // As `publish` does: the pattern locked, its rows read into the version, not yet committed.
        const row = await beginTransition(tx, admin, p.id, 'publish');
        await recordPublication(tx, admin, row);
        moving = rehashLegacyObjects(t.deps, { limit: 50 });
        first = await Promise.race([
          moving.then(() => 'moved' as const),
          waitingOnLock(db(), 'the rehash'),
        ]);
      });
      await moving;
      expect(first).toBe('waiting');

      const [v] = await db()
        .select({ data: patternPublishedVersions.data })
        .from(patternPublishedVersions)
        .where(eq(patternPublishedVersions.patternId, p.id));
      const keys = [...v!.data.files, ...v!.data.sizes.flatMap((s) => s.files)].map((f) => f.key!);
      expect(keys.length).toBeGreaterThan(1);
      for (const key of keys) {
        expect(sha256OfKey(key), key).toBeDefined();
        expect(await t.deps.files.exists(key), key).toBe(true);
      }
      expect(await t.deps.files.exists(hero.key)).toBe(false);
    });
  },
);
