import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patterns } from '../../db/schema/patterns';

/**
 * The Pattern IDs of the selection the user may see (`brandId` null: every brand), live or in the
 * Trash: the results name each pattern by it. An ID missing here is "not found" for this user.
 */
export async function patternCodes(
  db: DbOrTx,
  ids: number[],
  brandId: number | null,
): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: patterns.ID, code: patterns.SFCC_Pattern_ID })
    .from(patterns)
    .where(
      and(inArray(patterns.ID, ids), brandId === null ? undefined : eq(patterns.brandId, brandId)),
    );
  return new Map(rows.map((r) => [r.id, r.code]));
}
