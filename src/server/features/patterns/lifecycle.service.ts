import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { conflict, incomplete } from '../../lib/app-error';
import { LIFECYCLE_MSG, type PublishResponse, type SendToReviewResponse } from '../../../shared/contracts/lifecycle';
import type { MissingItem } from '../../../shared/contracts/pattern-detail';
import { editedAfter, loadPattern, patternMissing } from './detail.service';
import * as repo from './lifecycle.repo';
import { emitPatternEvent } from '../integrations/events';

function assertComplete(missing: MissingItem[]) {
  if (!missing.length) return;
  const fields = Object.fromEntries(missing.map((m) => [m.field, m.message]));
  throw incomplete(`${LIFECYCLE_MSG.incomplete}: ${missing.map((m) => m.message).join('; ')}`, fields);
}

/**
 * draft → in review, for the owner brand or an admin, once the pattern is complete. A pattern
 * already in review or published goes (back) to review only when it was edited since, so the
 * edits get reviewed; otherwise there is nothing to review again.
 */
export async function sendToReview(db: DbOrTx, user: AuthUser, id: number): Promise<SendToReviewResponse> {
  return db.transaction(async (tx) => {
    const p = await loadPattern(tx, user, id, { forUpdate: true });
    if (p.SFCC_Status === 'in_review' && !editedAfter(p)) throw conflict(LIFECYCLE_MSG.alreadyInReview);
    if (p.SFCC_Status === 'published' && !editedAfter(p)) throw conflict(LIFECYCLE_MSG.alreadyPublished);
    assertComplete((await patternMissing(tx, p)).missing);
    const row = await repo.markInReview(tx, id, new Date());
    await emitPatternEvent(tx, 'pattern.sent_to_review', id);
    return { data: row, message: LIFECYCLE_MSG.reviewed };
  });
}

/** in review → published; the route lets only admins here (403 for users). */
export async function publish(db: DbOrTx, user: AuthUser, id: number): Promise<PublishResponse> {
  return db.transaction(async (tx) => {
    const p = await loadPattern(tx, user, id, { forUpdate: true });
    if (p.SFCC_Status !== 'in_review') throw conflict(LIFECYCLE_MSG.publishOnlyInReview);
    // Edits after review may have removed a size or a PDF: production gets only complete patterns.
    assertComplete((await patternMissing(tx, p)).missing);
    const row = await repo.markPublished(tx, id, new Date());
    await emitPatternEvent(tx, 'pattern.published', id);
    return { data: row, message: LIFECYCLE_MSG.published };
  });
}
