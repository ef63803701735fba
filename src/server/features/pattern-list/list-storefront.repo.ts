import { sql, type AnyColumn } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ListStorefrontKind } from '../../../shared/contracts/pattern-list';

/**
 * A pattern's storefront badge (admins) from its storefront_status rows (at most one a target,
 * read through the table's primary key, which leads with pattern_id). The table is read here with
 * SQL: the storefront feature builds on patterns, not the other way. The rule is
 * storefront.service.ts `summarize`: a failed import first, then live on production, then waiting,
 * then on staging, then offline; null when none applies (or the pattern was never sent).
 */
const KIND = sql.raw(`CASE
      WHEN bool_or(state = 'error') THEN 'failed'
      WHEN bool_or(target = 'production' AND state = 'ok' AND mode = 'upsert' AND live_since IS NOT NULL) THEN 'live'
      WHEN bool_or(state = 'pending') THEN 'pending'
      WHEN bool_or(target = 'staging' AND state = 'ok' AND mode = 'upsert' AND live_since IS NOT NULL) THEN 'staging'
      WHEN bool_or(state = 'ok' AND mode = 'offline') THEN 'offline'
    END`);

/**
 * The badge of the row whose ID is `id`, as a column of the list's own statement (a subquery the
 * planner runs for the rows the page keeps, after its sort and limit): the badge costs no
 * statement of its own, so no round trip (docs/benchmarks.md, "The pattern list"), and it is read
 * in the same snapshot as the row.
 */
export const storefrontKindOf = (id: AnyColumn) =>
  sql<ListStorefrontKind | null>`(SELECT ${KIND} FROM storefront_status WHERE pattern_id = ${id})`;

/** Each listed pattern's badge in one small statement on the page's IDs (the published list). */
export async function storefrontKinds(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, ListStorefrontKind>> {
  if (!ids.length) return new Map();
  const res = await db.execute<{ id: number; kind: ListStorefrontKind | null }>(sql`
    SELECT pattern_id AS id, ${KIND} AS kind FROM storefront_status
    WHERE pattern_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY pattern_id`);
  return new Map(res.rows.flatMap((r) => (r.kind ? [[Number(r.id), r.kind] as const] : [])));
}
