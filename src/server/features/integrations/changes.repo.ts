import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type ChangeRow = {
  seq: string;
  txid: string;
  pattern_id: number;
  brand_id: number;
  SFCC_Pattern_ID: string;
  op: 'created' | 'updated' | 'deleted' | 'restored';
  at: string;
};

/**
 * Changes after (txid, seq), oldest first. Only transactions older than every one still running
 * (pg_snapshot_xmin) are answered: a transaction that started earlier but commits later therefore
 * always sorts after the cursor a client already holds, so nothing is skipped and nothing repeats.
 */
export async function changesAfter(
  db: DbOrTx,
  after: { txid: string; seq: string },
  limit: number,
  brandId: number | null,
): Promise<ChangeRow[]> {
  const res = await db.execute<ChangeRow>(sql`
    select seq::text as seq, txid::text as txid, pattern_id, brand_id, "SFCC_Pattern_ID", op, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from pattern_changes
    where (txid, seq) > (${after.txid}::xid8, ${after.seq}::bigint)
      and txid < pg_snapshot_xmin(pg_current_snapshot())
      ${brandId === null ? sql`` : sql`and brand_id = ${brandId}`}
    order by pattern_changes.txid, pattern_changes.seq
    limit ${limit}`);
  return res.rows;
}

export type PublishedChangeRow = {
  seq: string;
  txid: string;
  pattern_id: number;
  brand_id: number;
  SFCC_Pattern_ID: string;
  op: 'published' | 'unpublished' | 'deleted';
  version: number;
  at: string;
};

/** The published feed after (txid, seq), read as the changes feed reads (changes.repo.ts). */
export async function publishedChangesAfter(
  db: DbOrTx,
  after: { txid: string; seq: string },
  limit: number,
  brandId: number | null,
): Promise<PublishedChangeRow[]> {
  const res = await db.execute<PublishedChangeRow>(sql`
    select seq::text as seq, txid::text as txid, pattern_id, brand_id, "SFCC_Pattern_ID", op, version, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from published_changes
    where (txid, seq) > (${after.txid}::xid8, ${after.seq}::bigint)
      and txid < pg_snapshot_xmin(pg_current_snapshot())
      ${brandId === null ? sql`` : sql`and brand_id = ${brandId}`}
    order by published_changes.txid, published_changes.seq
    limit ${limit}`);
  return res.rows;
}
