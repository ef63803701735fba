import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';
import {
  ATTENTION_SHOWN,
  type Attention,
  type ReviewState,
} from '../../../shared/contracts/review';
import * as repo from './attention.repo';

/** What waits for the user's brand (admins: every brand): the header's counter and the dashboard's block. */
export async function attention(db: DbOrTx, user: AuthUser): Promise<{ data: Attention }> {
  const scope = brandScope(user);
  if (scope === -1) return { data: { changesRequested: 0, unpublished: 0, patterns: [] } };
  const changesRequested = await repo.countChangesRequested(db, scope);
  const unpublished = await repo.countUnpublished(db, scope);
  const rows = await repo.latestWaiting(db, scope, ATTENTION_SHOWN);
  return {
    data: {
      changesRequested,
      unpublished,
      patterns: rows.map((r) => ({
        ID: r.ID,
        SFCC_Pattern_ID: r.SFCC_Pattern_ID,
        Pattern_Name: r.Pattern_Name,
        reason: r.unpublished ? 'unpublished' : 'changes_requested',
        at: r.updatedAt.toISOString(),
      })),
    },
  };
}

/** A draft's last unpublish (who, when, why) until it is sent to review again; null otherwise. */
export async function unpublishedState(
  db: DbOrTx,
  p: { ID: number; SFCC_Status: string; IS_SFCC_TESTING: boolean },
): Promise<ReviewState['unpublished']> {
  if (p.SFCC_Status !== 'draft' || !p.IS_SFCC_TESTING) return null;
  const last = await repo.lastUnpublish(db, p.ID);
  return last ? { by: last.by, at: last.at.toISOString(), reason: last.reason ?? '' } : null;
}
