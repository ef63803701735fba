import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, dbKind, type TestApp } from '../../test/helper';
import { createDeps } from '../../deps';
import { runsIn } from '../../test/skip';
import { createLogger } from '../../lib/logger';
import { holdingDeletes } from './objects';

/**
 * Issue 49 item 5: a backup's hold on deletions dies with the process that took it. Before, a
 * portal killed mid-backup left a 6-hour hold that restarts did not clear: every deletion (and
 * the Trash purge's files) waited for it.
 */
describe(`a backup's hold on deletions (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { workers: [] });
  });
  afterAll(() => t.close());

  const holds = async () =>
    (
      await t.deps.database.db.execute<{ id: string; ms: number }>(
        sql`SELECT id, (extract(epoch FROM until - now()) * 1000)::float8 AS ms FROM file_store_holds`,
      )
    ).rows.map((r) => ({ id: r.id, ms: Number(r.ms) }));

  it.skipIf(dbKind !== 'postgres')(
    `is a short lease renewed while the backup runs, so a killed one ends within minutes${runsIn('api-postgres', dbKind === 'postgres')}`,
    async () => {
      await holdingDeletes(t.deps.database.db, async () => {
        const [h] = await holds();
        if (!h) throw new Error('expected h');
        expect(h.ms).toBeGreaterThan(0);
        expect(h.ms).toBeLessThanOrEqual(2 * 60_000);
      });
      expect(await holds()).toEqual([]);
      // Renewed while it lasts: a 900 ms lease outlives itself while the run goes on.
      await holdingDeletes(
        t.deps.database.db,
        async () => {
          const started = Date.now();
          const first = (await holds())[0]!;
          for (;;) {
            const [h] = await holds();
            if (h && Date.now() - started > 1800) {
              expect(h.ms).toBeGreaterThan(0); // still held, twice the lease later
              expect(h.id).toBe(first.id);
              break;
            }
            await new Promise((r) => setTimeout(r, 50));
          }
        },
        { leaseMs: 900 },
      );
      expect(await holds()).toEqual([]);
    },
  );

  it.skipIf(dbKind !== 'pglite')(
    `on the embedded database, is dropped when the portal starts again${runsIn('api-pglite', dbKind === 'pglite')}`,
    async () => {
      // What a portal killed mid-backup leaves behind.
      await t.deps.database.db.execute(
        sql`INSERT INTO file_store_holds (id, until) VALUES ('killed-backup', now() + interval '6 hours')`,
      );
      expect((await holds()).map((h) => h.id)).toEqual(['killed-backup']);
      // The start (createDeps on the same database) drops it.
      const deps = await createDeps(t.deps.env, createLogger('silent'), t.deps.database);
      deps.mailer.close();
      expect(await holds()).toEqual([]);
    },
  );
});
