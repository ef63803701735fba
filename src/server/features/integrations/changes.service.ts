import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';
import type { ChangesResponse } from '../../../shared/contracts/integrations';
import * as repo from './changes.repo';

/**
 * The cursor is "txid.seq": opaque to clients, ordered the way the feed reads. `published` reads
 * the published feed (its own table and cursors): versions published, unpublished, deleted.
 */
export async function listChanges(
  db: DbOrTx,
  user: AuthUser,
  since: string | undefined,
  limit: number,
  version: 'working' | 'published' = 'working',
): Promise<ChangesResponse> {
  const [txid = '0', seq = '0'] = (since ?? '0.0').split('.'); // the schema's pattern gives both
  const data =
    version === 'published'
      ? (await repo.publishedChangesAfter(db, { txid, seq }, limit, brandScope(user))).map((r) => ({
          cursor: `${r.txid}.${r.seq}`,
          change: r.op,
          patternId: r.pattern_id,
          SFCC_Pattern_ID: r.SFCC_Pattern_ID,
          brandId: r.brand_id,
          at: r.at,
          version: r.version,
        }))
      : (await repo.changesAfter(db, { txid, seq }, limit, brandScope(user))).map((r) => ({
          cursor: `${r.txid}.${r.seq}`,
          change: r.op,
          patternId: r.pattern_id,
          SFCC_Pattern_ID: r.SFCC_Pattern_ID,
          brandId: r.brand_id,
          at: r.at,
        }));
  return { data, next: data.at(-1)?.cursor ?? `${txid}.${seq}` };
}
