import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ListStorefrontKind } from '../../../shared/contracts/pattern-list';

/**
 * Each listed pattern's storefront badge (admins), in one small statement on the page's IDs
 * (storefront_status's primary key leads with pattern_id), apart from the list's tuned read. The
 * table is read here with SQL: the storefront feature builds on patterns, not the other way. The
 * rule is storefront.service.ts `summarize`: a failed import first, then live on production,
 * then waiting, then on staging, then offline.
 */
export async function storefrontKinds(
  db: DbOrTx,
  ids: number[],
): Promise<Map<number, ListStorefrontKind>> {
  if (!ids.length) return new Map();
  const res = await db.execute<{ id: number; kind: ListStorefrontKind | null }>(sql`
    SELECT pattern_id AS id, CASE
      WHEN bool_or(state = 'error') THEN 'failed'
      WHEN bool_or(target = 'production' AND state = 'ok' AND mode = 'upsert' AND live_since IS NOT NULL) THEN 'live'
      WHEN bool_or(state = 'pending') THEN 'pending'
      WHEN bool_or(target = 'staging' AND state = 'ok' AND mode = 'upsert' AND live_since IS NOT NULL) THEN 'staging'
      WHEN bool_or(state = 'ok' AND mode = 'offline') THEN 'offline'
    END AS kind
    FROM storefront_status
    WHERE pattern_id = ANY(${`{${ids.join(',')}}`}::int[])
    GROUP BY pattern_id`);
  return new Map(res.rows.flatMap((r) => (r.kind ? [[Number(r.id), r.kind] as const] : [])));
}
