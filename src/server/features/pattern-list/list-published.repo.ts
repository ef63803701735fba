import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patternFiles, patterns } from '../../db/schema/patterns';
import { patternPublishedVersions as ppv } from '../../db/schema/published';
import { searchFold } from '../../lib/search-fold';

/* The list's `version=published` (list-published.service.ts): live published versions as listed. */

const notTrashed = sql`${ppv.patternId} not in (select "ID" from patterns where deleted_at is not null)`;

export interface PublishedListWhere {
  brandId?: number;
  type?: string;
  fabric?: string;
  printable?: string;
  search?: string;
}

/** Sort keys of the list as expressions on the published data (`updatedAt`: when it was published). */
const SORT_SQL: Record<string, ReturnType<typeof sql>> = {
  SFCC_Pattern_ID: sql`${ppv.SFCC_Pattern_ID}`,
  Pattern_Name: sql`lower(${ppv.data}->'fields'->>'Pattern_Name')`,
  brand: sql`(${ppv.data}->'fields'->>'brandName')`,
  Type: sql`(${ppv.data}->'fields'->>'Type')`,
  Gender: sql`(${ppv.data}->'fields'->>'Gender')`,
  Price: sql`(${ppv.data}->'fields'->>'Price')::numeric`,
  status: sql`${ppv.patternId}`,
  updatedAt: sql`${ppv.publishedAt}`,
};

/** A page of live published versions, with their total: the list's `version=published`. */
export async function publishedPage(
  db: DbOrTx,
  w: PublishedListWhere,
  order: { sort: string; dir: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  // Keys are ours, never the caller's: written into the statement, as ->> needs a typed key.
  const f = (k: string) => sql`(${ppv.data}->'fields'->>${sql.raw(`'${k}'`)})`;
  const where = and(
    isNull(ppv.unpublishedAt),
    notTrashed,
    w.brandId === undefined ? undefined : eq(ppv.brandId, w.brandId),
    w.type === undefined ? undefined : sql`${f('Type')} = ${w.type}`,
    w.fabric === undefined ? undefined : sql`${f('Fabric_type')} = ${w.fabric}`,
    w.printable === undefined ? undefined : sql`${f('Is_Printable')} = ${w.printable}`,
    w.search === undefined
      ? undefined
      : // Accents and case ignored, as the list's search (lib/search-fold.ts).
        sql`strpos(${searchFold(sql`${ppv.SFCC_Pattern_ID} || ' ' || ${f('Pattern_Name')}`)}, ${searchFold(sql`${w.search}`)}) > 0`,
  );
  const by = SORT_SQL[order.sort] ?? SORT_SQL.updatedAt!;
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .select({
      patternId: ppv.patternId,
      data: ppv.data,
      publishedAt: ppv.publishedAt,
      editStatus: patterns.editStatus,
      IS_SFCC_TESTING: patterns.IS_SFCC_TESTING,
    })
    .from(ppv)
    .innerJoin(patterns, eq(patterns.ID, ppv.patternId))
    .where(where)
    .orderBy(sql`${by} ${dir} nulls last, ${ppv.patternId} ${dir}`)
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ppv)
    .where(where);
  return { rows, total: count!.n };
}

/**
 * Of published files, the ids whose row still holds the published bytes: the thumbnail route
 * serves a file by its row, so a published hero replaced since has no thumbnail to show.
 */
export async function filesStillServed(
  db: DbOrTx,
  refs: { id: number; key?: string }[],
): Promise<Set<number>> {
  if (!refs.length) return new Set();
  const rows = await db
    .select({ id: patternFiles.id, key: patternFiles.storageKey })
    .from(patternFiles)
    .where(
      inArray(
        patternFiles.id,
        refs.map((r) => r.id),
      ),
    );
  const keys = new Map(rows.map((r) => [r.id, r.key]));
  return new Set(
    refs.filter((r) => keys.has(r.id) && (!r.key || keys.get(r.id) === r.key)).map((r) => r.id),
  );
}
