import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { incomplete } from '../../lib/app-error';
import {
  LIFECYCLE_MSG,
  type TransitionResponse,
  type SendToReviewResponse,
  type LifecycleAction,
} from '../../../shared/contracts/lifecycle';
import type { MissingItem } from '../../../shared/contracts/pattern-detail';
import { recordActivity } from '../activity';
import { notifyReview } from '../notifications';
import { editedAfter, loadPattern, patternMissing, type PatternRow } from '../patterns';
import { publishedKeys, recordPublication, takeSnapshot } from '../published';
import { recordPatternEvent } from '../../events/pattern-events';
import { assertTransition, nextStatus, type LifecycleState } from './transitions';
import * as review from './review.repo';
import { deleteObjects } from '../files';

function assertComplete(missing: MissingItem[]) {
  if (!missing.length) return;
  const fields = Object.fromEntries(missing.map((m) => [m.field, m.message]));
  throw incomplete(
    `${LIFECYCLE_MSG.incomplete}: ${missing.map((m) => m.message).join('; ')}`,
    fields,
  );
}

export const lifecycleState = (p: PatternRow): LifecycleState => ({
  SFCC_Status: p.SFCC_Status,
  editStatus: p.editStatus,
  edited: editedAfter(p) !== null,
});

/** Loads and locks the pattern, and refuses (409) a step the lifecycle does not allow now. */
export async function beginTransition(
  tx: DbOrTx,
  user: AuthUser,
  id: number,
  action: LifecycleAction,
) {
  const p = await loadPattern(tx, user, id, { forUpdate: true });
  assertTransition(action, lifecycleState(p), user.role);
  return p;
}

/**
 * → in review, for the owner brand or an admin, once the pattern is complete: from draft, from
 * changes requested, or again after an edit of a pattern in review. A published pattern's edit
 * goes to review while the pattern stays published (editStatus 'in_review'). The open request's
 * notes leave the screen (they stay in the activity). Admins are mailed either way.
 */
export async function sendToReview(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<SendToReviewResponse> {
  return deps.database.db.transaction(async (tx) => {
    const p = await beginTransition(tx, user, id, 'sendToReview');
    assertComplete((await patternMissing(tx, p)).missing);
    const next = nextStatus('sendToReview', p);
    await review.setStatus(tx, id, { IS_SFCC_TESTING: true, ...next, reviewedAt: new Date() });
    await review.closeOpenRequests(tx, id);
    const activityId = await recordActivity(tx, user, id, 'sent_to_review', {});
    await recordPatternEvent(tx, 'pattern.sent_to_review', id);
    await notifyReview(tx, { publicUrl: deps.env.publicUrl, actor: user, activityId }, p, {
      kind: 'sent_to_review',
      publishedEdit: next.editStatus !== null,
    });
    return {
      data: { ID: id, IS_SFCC_TESTING: true, ...next },
      message: next.editStatus ? LIFECYCLE_MSG.editReviewed : LIFECYCLE_MSG.reviewed,
    };
  });
}

/**
 * in review, or published with its edit in review (not edited since it was sent) → published, the
 * edit accepted; admins only (the route answers 403 to users).
 */
export async function publish(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<TransitionResponse> {
  let before: string[] = [];
  const out = await deps.database.db.transaction(async (tx) => {
    const p = await beginTransition(tx, user, id, 'publish');
    // Production gets only complete patterns.
    assertComplete((await patternMissing(tx, p)).missing);
    // One instant for both: a later "updated" than "published" reads as an edit since publishing
    // (migration 0013 took it so; under load two `new Date()`s a millisecond apart made it flaky).
    const at = new Date();
    const row = await review.setStatus(tx, id, {
      ...nextStatus('publish', p),
      publishedAt: at,
      updatedAt: at,
    });
    // The published version: what the storefront gets, kept apart from later edits.
    before = await publishedKeys(tx, id);
    await recordPublication(tx, user, p);
    await review.saveSnapshot(tx, id, await takeSnapshot(tx, p), 'published');
    const activityId = await recordActivity(tx, user, id, 'published', {});
    await notifyReview(tx, { publicUrl: deps.env.publicUrl, actor: user, activityId }, p, {
      kind: 'published',
    });
    await recordPatternEvent(tx, 'pattern.published', id);
    return { data: row, message: LIFECYCLE_MSG.published };
  });
  // The files the previous version named and no row or version names now (ADR 009).
  await deleteObjects(deps, before);
  return out;
}
