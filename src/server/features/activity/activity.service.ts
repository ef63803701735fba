import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import type { ActivityEntry, ActivityPage } from '../../../shared/contracts/activity';
import * as repo from './activity.repo';
import { describe, fileIds, type ActivityAction, type ActivityDetails } from './activity.text';

/**
 * Records one change of a pattern. Call it with the transaction of the change itself: a rolled-back
 * change leaves no entry, and no committed change is without one. Answers the entry's id.
 */
export async function recordActivity<A extends ActivityAction>(
  tx: DbOrTx,
  actor: Pick<AuthUser, 'id' | 'fullName' | 'role' | 'brandId'>,
  patternId: number,
  action: A,
  details: ActivityDetails[A],
  /** The actor's brand name when the caller already holds it (a partner's own pattern's `brandName`): one read less. */
  knownBrandName?: string | null,
): Promise<number> {
  const actorBrand = await actorBrandOf(tx, actor, knownBrandName);
  return repo.insertActivity(tx, {
    patternId,
    actorId: actor.id,
    actorName: actor.fullName,
    actorBrand,
    action,
    details,
  });
}

type Actor = Pick<AuthUser, 'id' | 'fullName' | 'role' | 'brandId'>;

/** What an entry keeps of the actor's brand: 'admin', the brand's name as it is now, or null. */
async function actorBrandOf(
  tx: DbOrTx,
  actor: Actor,
  knownBrandName?: string | null,
): Promise<string | null> {
  if (actor.role === 'admin') return 'admin';
  if (!actor.brandId) return null;
  return knownBrandName !== undefined ? knownBrandName : repo.brandName(tx, actor.brandId);
}

/** One change of a pattern, for `recordActivities`. */
export interface ActivityEntryInput<A extends ActivityAction = ActivityAction> {
  patternId: number;
  action: A;
  details: ActivityDetails[A];
}

/**
 * Several changes by one actor (a chunk of an import) in one statement, in the order given, with
 * the same rule as `recordActivity`: in the transaction of the changes themselves.
 */
export async function recordActivities(
  tx: DbOrTx,
  actor: Actor,
  entries: ActivityEntryInput[],
  knownBrandName?: string | null,
): Promise<void> {
  if (!entries.length) return;
  const actorBrand = await actorBrandOf(tx, actor, knownBrandName);
  await repo.insertActivities(
    tx,
    entries.map((e) => ({
      patternId: e.patternId,
      actorId: actor.id,
      actorName: actor.fullName,
      actorBrand,
      action: e.action,
      details: e.details,
    })),
  );
}

/** An entry written by the portal itself (no user acted): the storefront delivery's outcomes. */
export function recordSystemActivity<A extends ActivityAction>(
  tx: DbOrTx,
  actorName: string,
  patternId: number,
  action: A,
  details: ActivityDetails[A],
): Promise<number> {
  return repo.insertActivity(tx, {
    patternId,
    actorId: null,
    actorName,
    actorBrand: null,
    action,
    details,
  });
}

/** One page of a pattern's history, newest first. The caller has checked the pattern is visible to the user. */
export async function listActivity(
  db: DbOrTx,
  patternId: number,
  page: number,
  pageSize: number,
): Promise<ActivityPage> {
  const { rows, total } = await repo.listActivity(db, patternId, (page - 1) * pageSize, pageSize);
  const live = new Map(
    (await repo.existingFiles(db, patternId, [...new Set(rows.flatMap(fileIds))])).map((f) => [
      f.id,
      f,
    ]),
  );
  const data: ActivityEntry[] = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    at: r.createdAt.toISOString(),
    actor: { id: r.actorId, name: r.actorName, brand: r.actorBrand },
    ...describe(r),
    files: fileIds(r).flatMap((id) => (live.has(id) ? [live.get(id)!] : [])),
  }));
  return { data, total, page, pageSize };
}
