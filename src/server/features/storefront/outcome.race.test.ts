import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestApp } from '../../test/helper';
import { sfccSchemas } from '../../test/sfcc-schemas';
import { startStandin, type Standin } from '../../test/sfcc-standin';
import { eventually } from '../../test/submission';
import { seedPattern } from '../patterns/detail.fixtures';
import type { RunRow } from './delivery.repo';
import { recordOutcome } from './outcome';
import { queueFor } from './queue';

/**
 * Issue 44: a Trash restore and a Request changes answered 500 on PostgreSQL in a loaded full run.
 * A change holds its pattern FOR UPDATE while it queues the pattern for the storefront (its pending
 * row, then its status); an import's outcome cleared the pending row and updated the status, then
 * inserted the pattern's activity row, whose foreign key needs a KEY SHARE lock on the pattern.
 * Each waited for the other: PostgreSQL refused one of them (40P01). Here the two are made to
 * overlap exactly: the change holds its pattern, the outcome is recorded until it waits, then the
 * change queues. Both must end, and the change, the newer, must still be waiting to be sent.
 * On PGlite (one connection) the outcome waits for the change's transaction as a whole.
 */
describe(`storefront: an outcome recorded while a change of its pattern queues (${dbKind})`, () => {
  let staging: Standin;
  let t: TestApp;
  beforeAll(async () => {
    staging = await startStandin(sfccSchemas().dir);
    // No job worker: the outcome below is recorded by the test, at the moment it chooses.
    t = await createTestApp({ ...staging.env('STAGING') });
  });
  afterAll(async () => {
    await t?.close();
    await staging?.close();
  });
  const db = () => t.deps.database.db;

  /** Whether a statement of another connection waits on a lock (PostgreSQL); PGlite never shows one. */
  const someoneWaits = async () => {
    const r = await db().execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`);
    return Number(r.rows[0]!.n) > 0;
  };

  it('neither is refused as a deadlock; the change stays waiting for its delivery', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'published' });
    await db().transaction((tx) => queueFor(tx, p.id, 'upsert', ['staging']));
    const before = await db().execute<{ seq: string }>(
      sql`SELECT seq FROM storefront_pending WHERE pattern_id = ${p.id} AND target = 'staging'`,
    );
    const run: RunRow = {
      id: -1, // no run row: the outcome's run update touches nothing
      target: 'staging',
      archive_name: 'race',
      items: [[p.id, Number(before.rows[0]!.seq), 'upsert', [`${p.code}_a_s`.toLowerCase()]]],
      execution_id: null,
    };

    let locked!: () => void;
    const patternLocked = new Promise<void>((r) => (locked = r));
    let outcome: Promise<void> | undefined;
    const change = db().transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM patterns WHERE "ID" = ${p.id} FOR UPDATE`);
      locked();
      if (dbKind === 'postgres') await eventually(someoneWaits, 20_000);
      await queueFor(tx, p.id, 'upsert', ['staging']);
    });
    await patternLocked;
    outcome = recordOutcome(t.deps, run, { id: 'race-1', finished: true, ok: true, message: '' });
    const [c, o] = await Promise.allSettled([change, outcome]);
    expect(c.status === 'rejected' ? String(c.reason) : 'ok').toBe('ok');
    expect(o.status === 'rejected' ? String(o.reason) : 'ok').toBe('ok');

    const after = await db().execute<{ state: string; pending: number }>(sql`
      SELECT s.state, (SELECT count(*)::int FROM storefront_pending q
        WHERE q.pattern_id = s.pattern_id AND q.target = s.target) AS pending
      FROM storefront_status s WHERE s.pattern_id = ${p.id} AND s.target = 'staging'`);
    expect(after.rows).toEqual([{ state: 'pending', pending: 1 }]);
  });
});
