import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import { openPostgres } from '../../db/client';
import { withDatabase } from '../../test/global-setup';
import {
  INTEGRATION_PATHS,
  type ChangesResponse,
  type PatternChange,
} from '../../../shared/contracts/integrations';

describe(`changes feed (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let dittoUser: TestUser;
  let ditto: number;
  let butterick: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    dittoUser = await createUser(t, { brand: 'ditto' });
    ditto = await brandIdBySlug(t, 'ditto');
    butterick = await brandIdBySlug(t, 'butterick');
  });
  afterAll(() => t.close());

  const feed = async (user: TestUser, since?: string, limit = 1000): Promise<ChangesResponse> => {
    const r = await t.app.inject({
      url: INTEGRATION_PATHS.changes,
      query: { ...(since ? { since } : {}), limit: String(limit) },
      headers: user.auth,
    });
    expect(r.statusCode).toBe(200);
    return r.json();
  };
  const insert = async (code: string, brandId = ditto) =>
    (
      await t.deps.database.db
        .insert(patterns)
        .values({ SFCC_Pattern_ID: code, Pattern_Name: code, brandId })
        .returning({ id: patterns.ID })
    )[0]!.id;

  it('answers creations, changes and deletions (tombstones) oldest first, brand-scoped, with a next cursor', async () => {
    const start = (await feed(admin)).next;
    const a = await insert('FEED-A');
    const b = await insert('FEED-B', butterick);
    await t.deps.database.db.update(patterns).set({ Pattern_Name: 'A2' }).where(eq(patterns.ID, a));
    await t.deps.database.db.delete(patterns).where(eq(patterns.ID, a));
    // The feed reads below pg_snapshot_xmin, which a transaction of anything else on the same
    // PostgreSQL cluster holds back for a moment: read again, as a client does.
    const all = await vi.waitFor(
      async () => {
        const r = await feed(admin, start);
        expect(r.data).toHaveLength(4);
        return r;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(all.data.map((c) => [c.patternId, c.change])).toEqual([
      [a, 'created'],
      [b, 'created'],
      [a, 'updated'],
      [a, 'deleted'],
    ]);
    expect(all.data[3]).toMatchObject({ SFCC_Pattern_ID: 'FEED-A', brandId: ditto });
    expect(all.next).toBe(all.data[3]!.cursor);
    expect((await feed(admin, all.next)).data).toEqual([]);
    expect((await feed(admin, all.next)).next).toBe(all.next);
    const mine = await feed(dittoUser, start);
    expect(mine.data.every((c) => c.brandId === ditto)).toBe(true);
    expect(mine.data).toHaveLength(3);
  });

  it('refuses a cursor it did not give out and a bad limit, at the field', async () => {
    for (const query of [
      { since: 'abc' },
      { since: '1' },
      { limit: '0' },
      { limit: '5000' },
    ] as Record<string, string>[]) {
      const r = await t.app.inject({ url: INTEGRATION_PATHS.changes, query, headers: admin.auth });
      expect(r.statusCode).toBe(400);
      expect(Object.keys(r.json().fields ?? {})).toHaveLength(1);
    }
    expect((await t.app.inject({ url: INTEGRATION_PATHS.changes })).statusCode).toBe(401);
  });

  it(
    'over 5,000 changes while writes continue: no gap, no repeat',
    { timeout: 240_000 },
    async () => {
      const start = (await feed(admin)).next;
      const total = Number(process.env.FEED_TOTAL ?? 5000);
      const writers = dbKind === 'postgres' ? 4 : 1;
      // On PostgreSQL, writers on their own connections interleave transactions (some long) with the reader.
      const dbName = (
        await t.deps.database.db.execute<{ name: string }>(sql`select current_database() as name`)
      ).rows[0]!.name;
      const url = dbKind === 'postgres' ? withDatabase(process.env.TEST_DATABASE_URL!, dbName) : '';
      const extra =
        dbKind === 'postgres'
          ? await Promise.all(Array.from({ length: writers }, () => openPostgres(url, 1)))
          : [];
      const written: number[] = [];
      let done = false;
      const writer = async (w: number) => {
        const db = extra[w]?.db ?? t.deps.database.db;
        for (let i = w; i < total; i += writers) {
          const code = `BULK-${w}-${i}`;
          if (i % 50 === 0) {
            // A transaction that holds its change uncommitted for a while, so later ones commit before it.
            await db.transaction(async (tx) => {
              const [row] = await tx
                .insert(patterns)
                .values({ SFCC_Pattern_ID: code, Pattern_Name: code, brandId: ditto })
                .returning({ id: patterns.ID });
              if (!row) throw new Error('expected row');
              await tx.execute(sql`select pg_sleep(0.02)`);
              written.push(row.id);
            });
          } else
            written.push(
              (
                await db
                  .insert(patterns)
                  .values({ SFCC_Pattern_ID: code, Pattern_Name: code, brandId: ditto })
                  .returning({ id: patterns.ID })
              )[0]!.id,
            );
        }
      };
      const seen: PatternChange[] = [];
      const reader = async () => {
        let cursor = start;
        let emptySince = 0;
        for (;;) {
          const finished = done;
          const page = await feed(admin, cursor, 137);
          seen.push(...page.data);
          cursor = page.next;
          if (finished && page.data.length === 0) {
            // A transaction elsewhere on the cluster can hold the feed's horizon back after the
            // writers ended: read on until every write was seen, or nothing came for 30 s (a gap).
            if (seen.length >= written.length) return;
            emptySince ||= Date.now();
            if (Date.now() - emptySince > 30_000) return;
          } else if (page.data.length) emptySince = 0;
          if (!page.data.length) await new Promise((r) => setTimeout(r, 5));
        }
      };
      const reading = reader();
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      done = true;
      await reading;
      await Promise.all(extra.map((d) => d.close()));
      const ids = seen.map((c) => c.patternId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(written));
      expect(seen.map((c) => c.cursor)).toEqual([...new Set(seen.map((c) => c.cursor))]);
    },
  );
});
