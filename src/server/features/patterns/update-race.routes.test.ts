import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { runsIn } from '../../test/skip';
import { PATTERN_DETAIL_MSG, PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { patternFiles, patterns } from '../../db/schema/patterns';
import { reviewNotes, reviewRequests } from '../../db/schema/review';
import { seedPattern } from './detail.fixtures';

/**
 * The save of a pattern's fields locks, writes and reads what its answer needs in one statement
 * (save.repo.ts `lockAndUpdate`), whose snapshot is taken before it waits for the row's lock. A
 * writer that held the lock and changed the pattern meanwhile must not leave the answer (or the
 * notes the save addresses) as that snapshot saw them. Two connections at once: PostgreSQL only.
 */
let t: TestApp;
let partner: TestUser;
let ditto: number;
beforeAll(async () => {
  t = await createTestApp({}, { workers: [] });
  partner = await createUser(t, { brand: 'ditto', fullName: 'Pia Partner' });
  ditto = await brandIdBySlug(t, 'ditto');
});
afterAll(() => t.close());

describe(`PUT ${PATTERN_DETAIL_PATHS.detail(':id')} while another writer holds the row (${dbKind})`, () => {
  it.runIf(dbKind === 'postgres')(
    `answers what that writer committed and addresses its note${runsIn('api-postgres', dbKind === 'postgres')}`,
    async () => {
      const db = t.deps.database.db;
      const p = await seedPattern(t, { sizes: 1 });
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const holding = new Promise<void>((r) => (locked = r));
      // The other writer: locks the row, moves it (as a file upload does), adds a file and a
      // review request with a note on the name, and commits once the save waits for the lock.
      const other = db.transaction(async (tx) => {
        await tx.update(patterns).set({ updatedAt: new Date() }).where(eq(patterns.ID, p.id));
        locked();
        await released;
        await tx.insert(patternFiles).values({
          patternId: p.id,
          kind: 'Size_Chart',
          storageKey: `patterns/test/race-${p.id}`,
          fileName: 'chart.png',
          contentType: 'image/png',
          byteSize: 70,
        });
        const [request] = await tx
          .insert(reviewRequests)
          .values({ patternId: p.id, reason: 'Name' })
          .returning({ id: reviewRequests.id });
        await tx.insert(reviewNotes).values({
          requestId: request!.id,
          targetType: 'field',
          targetKey: 'Pattern_Name',
          targetLabel: 'Pattern Name',
          text: 'add the season',
        });
      });
      await holding;
      const save = t.app.inject({
        method: 'PUT',
        url: PATTERN_DETAIL_PATHS.detail(p.id),
        headers: partner.auth, // no If-Match: the save applies over the other writer's change
        payload: {
          SFCC_Pattern_ID: p.code,
          Pattern_Name: 'Renamed',
          Brand: ditto,
          Price: 12.5,
        },
      });
      // The save waits for the row's lock.
      await expect
        .poll(
          async () =>
            (
              await db.execute<{ n: number }>(
                sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0]?.n,
          { timeout: 10_000 },
        )
        .toBe(1);
      release();
      await other;
      const saved = await save;
      expect(saved.statusCode, saved.body).toBe(200);
      const read = await t.app.inject({
        url: PATTERN_DETAIL_PATHS.detail(p.id),
        headers: partner.auth,
      });
      expect(saved.body).toBe(
        `${read.body.slice(0, -1)},"message":${JSON.stringify(PATTERN_DETAIL_MSG.updated)}}`,
      );
      expect(saved.json().data.files.map((f: { fileName: string }) => f.fileName)).toEqual([
        'chart.png',
      ]);
      const [note] = await db
        .select({ at: reviewNotes.addressedAt })
        .from(reviewNotes)
        .innerJoin(reviewRequests, eq(reviewRequests.id, reviewNotes.requestId))
        .where(eq(reviewRequests.patternId, p.id));
      expect(note?.at).not.toBeNull();
    },
  );
});
