import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { brandScope } from '../../lib/scope';
import {
  ATTENTION_SHOWN,
  type Attention,
  type ReviewState,
} from '../../../shared/contracts/lifecycle';
import * as repo from './attention.repo';

const TARGET_NAMES = { staging: 'Staging', production: 'Production' } as const;

/** What waits for the user's brand (admins: every brand): the header's counter and the dashboard's block. */
export async function attention(db: DbOrTx, user: AuthUser): Promise<{ data: Attention }> {
  const scope = brandScope(user);
  if (scope === -1)
    return { data: { changesRequested: 0, unpublished: 0, storefrontFailed: 0, patterns: [] } };
  const changesRequested = await repo.countChangesRequested(db, scope);
  const unpublished = await repo.countUnpublished(db, scope);
  const storefrontFailed = await repo.countStorefrontFailed(db, scope);
  const rows = await repo.latestWaiting(db, scope, ATTENTION_SHOWN);
  const failures = await repo.latestStorefrontFailed(db, scope, ATTENTION_SHOWN);
  const patterns: Attention['patterns'] = rows.map((r) => ({
    ID: r.ID,
    SFCC_Pattern_ID: r.SFCC_Pattern_ID,
    Pattern_Name: r.Pattern_Name,
    reason: r.unpublished ? 'unpublished' : 'changes_requested',
    at: r.updatedAt.toISOString(),
    detail: null,
  }));
  // One entry per failed pattern, its newest failure (the rows come newest first).
  const failed = new Set<number>();
  for (const f of failures) {
    if (failed.has(f.ID)) continue;
    failed.add(f.ID);
    patterns.push({
      ID: f.ID,
      SFCC_Pattern_ID: f.SFCC_Pattern_ID,
      Pattern_Name: f.Pattern_Name,
      reason: 'storefront_failed',
      at: f.at.toISOString(),
      detail: `${TARGET_NAMES[f.target]}: ${f.message ?? 'unknown error'}`,
    });
  }
  // ISO strings of one format sort as the moments do; the newest first, then the higher ID.
  patterns.sort((a, b) => (a.at === b.at ? b.ID - a.ID : a.at < b.at ? 1 : -1));
  return {
    data: {
      changesRequested,
      unpublished,
      storefrontFailed,
      patterns: patterns.slice(0, ATTENTION_SHOWN),
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
