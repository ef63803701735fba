import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * For the interleaving tests on PostgreSQL: resolves once a session of this database waits on a
 * lock (the other side of the interleaving has reached it); throws, naming `who`, after 10 s.
 */
export async function waitingOnLock(db: DbOrTx, who: string): Promise<'waiting'> {
  for (let i = 0; i < 400; i++) {
    const res = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(res.rows[0]!.n) > 0) return 'waiting';
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${who} never waited on a lock`);
}
