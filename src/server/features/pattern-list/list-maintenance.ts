import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** The list's tables whose statistics and visibility map its reads need (migrations 0001, 0012). */
const LIST_TABLES = ['patterns', 'pattern_words', 'search_vocab'] as const;
type ListTable = (typeof LIST_TABLES)[number];

/**
 * PGlite runs no autovacuum (single-user mode): without this, planner statistics of the list's
 * tables never appear and index-only scans (the list's deep pages, a search's count from
 * `pattern_words`) keep visiting the table. Like autovacuum's default thresholds, it vacuums and
 * analyzes a table once enough of its rows changed. PostgreSQL's own autovacuum does this there.
 * Scheduled by src/server/background.ts (PGlite only).
 */
export async function maintainListTables(app: FastifyInstance): Promise<void> {
  for (const table of LIST_TABLES)
    if (await needsVacuum(app, table))
      await app.db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
}

export async function needsVacuum(
  app: FastifyInstance,
  table: ListTable = 'patterns',
): Promise<boolean> {
  // Counters of the only backend are flushed lazily (at most once a second, when idle): flush them now.
  await app.db.execute(sql`select pg_stat_force_next_flush()`);
  const res = await app.db.execute<{ live: number; dead: number; mod: number; ins: number }>(
    sql`select n_live_tup::int as live, n_dead_tup::int as dead, n_mod_since_analyze::int as mod, n_ins_since_vacuum::int as ins
        from pg_stat_user_tables where relname = ${table}`,
  );
  const s = res.rows[0];
  if (!s) return false;
  return s.mod > 50 + 0.1 * s.live || s.dead > 50 + 0.2 * s.live || s.ins > 1000 + 0.2 * s.live;
}
