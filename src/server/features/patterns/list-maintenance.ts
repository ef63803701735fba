import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/**
 * PGlite runs no autovacuum (single-user mode): without this, planner statistics of `patterns`
 * never appear and index-only scans (the list's deep pages) keep visiting the table. Like
 * autovacuum's default thresholds, it vacuums and analyzes the table once enough rows changed.
 * PostgreSQL's own autovacuum does this there. Scheduled by src/server/background.ts (PGlite only).
 */
export async function maintainPatternsTable(app: FastifyInstance): Promise<void> {
  if (await needsVacuum(app)) await app.db.execute(sql`vacuum (analyze) patterns`);
}

export async function needsVacuum(app: FastifyInstance): Promise<boolean> {
  // Counters of the only backend are flushed lazily (at most once a second, when idle): flush them now.
  await app.db.execute(sql`select pg_stat_force_next_flush()`);
  const res = await app.db.execute<{ live: number; dead: number; mod: number; ins: number }>(
    sql`select n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as mod, n_ins_since_vacuum::int as ins
        from pg_stat_user_tables where relname = 'patterns'`,
  );
  const s = res.rows[0];
  if (!s) return false;
  return s.mod > 50 + 0.1 * s.live || s.dead > 50 + 0.2 * s.live || s.ins > 1000 + 0.2 * s.live;
}
