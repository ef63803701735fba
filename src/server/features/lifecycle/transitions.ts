import type { Role, PatternStatus } from '../../../shared/options';
import {
  LIFECYCLE_MSG,
  type EditStatus,
  LIFECYCLE_ACTIONS,
  LIFECYCLE_ACTION_LABELS,
  type LifecycleAction,
} from '../../../shared/contracts/lifecycle';
import { conflict } from '../../lib/app-error';

/**
 * The pattern lifecycle of docs/product-decisions.md, in one place.
 *
 *   draft ─send→ in review ─publish→ published ─unpublish→ draft
 *                in review ─request changes→ changes requested ─send→ in review
 *   in review, then edited ─send→ in review (publish refused until then)
 *   published, then edited ─send→ published + edit in review (publish refused until then)
 *                 published + edit in review ─publish→ published (the edit accepted)
 *                 published + edit in review ─request changes→ published + edit: changes requested ─send→ published + edit in review
 *   published (with or without a waiting edit) ─unpublish→ draft
 *
 * A published pattern stays published, and in the storefront, while its edit waits: its edit goes
 * through review in `editStatus` ('in_review' | 'changes_requested'), the review track that
 * SFCC_Status is for an unpublished pattern. `edited` is true when the pattern changed after it
 * was sent to review (in review, or edit in review) or published (no edit waiting): it must then
 * be sent to review again before it is (re)published, so publishing takes it as it was reviewed.
 */
export interface LifecycleState {
  SFCC_Status: PatternStatus;
  editStatus: EditStatus | null;
  edited: boolean;
}

/** Where the pattern stands in review: its status, or for a published pattern where its edit stands. */
export const reviewTrack = (
  s: Pick<LifecycleState, 'SFCC_Status' | 'editStatus'>,
): PatternStatus => (s.SFCC_Status === 'published' && s.editStatus ? s.editStatus : s.SFCC_Status);

interface Rule {
  adminOnly: boolean;
  /** null: allowed; otherwise why not (the start of the 409 message). */
  refuse(s: LifecycleState): string | null;
}

const RULES: Record<LifecycleAction, Rule> = {
  sendToReview: {
    adminOnly: false,
    refuse: (s) => {
      const track = reviewTrack(s);
      if (track === 'in_review' && !s.edited)
        return s.SFCC_Status === 'published'
          ? LIFECYCLE_MSG.editAlreadyInReview
          : LIFECYCLE_MSG.alreadyInReview;
      if (track === 'published' && !s.edited) return LIFECYCLE_MSG.alreadyPublished;
      return null;
    },
  },
  publish: {
    adminOnly: true,
    refuse: (s) => {
      const track = reviewTrack(s);
      if (track === 'published' && s.edited) return LIFECYCLE_MSG.editedAfterPublishing;
      if (track !== 'in_review') return LIFECYCLE_MSG.publishOnlyInReview;
      return s.edited ? LIFECYCLE_MSG.editedAfterReview : null;
    },
  },
  requestChanges: {
    adminOnly: true,
    refuse: (s) =>
      reviewTrack(s) === 'in_review'
        ? null
        : "Only a pattern in review (or a published pattern's edit in review) can be sent back with requested changes",
  },
  unpublish: {
    adminOnly: true,
    refuse: (s) =>
      s.SFCC_Status === 'published' ? null : 'Only a published pattern can be unpublished',
  },
};

/** The actions this role may take on a pattern in this state (the screen offers exactly these). */
export function allowedActions(s: LifecycleState, role: Role): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter(
    (a) => (!RULES[a].adminOnly || role === 'admin') && RULES[a].refuse(s) === null,
  );
}

export function refusal(action: LifecycleAction, s: LifecycleState): string | null {
  return RULES[action].refuse(s);
}

/** Throws the 409 of an illegal transition, saying what is possible now. Role checks (403) are the routes'. */
export function assertTransition(action: LifecycleAction, s: LifecycleState, role: Role): void {
  const why = RULES[action].refuse(s);
  if (why === null) return;
  const now = allowedActions(s, role).map((a) => LIFECYCLE_ACTION_LABELS[a]);
  throw conflict(
    `${why}. ${now.length ? `Possible now: ${now.join(', ')}.` : 'Nothing can be done with it now but editing it.'}`,
  );
}

/**
 * The status columns a step leaves behind (the one place that says where each step goes). A
 * published pattern stays published: its edit's review moves in `editStatus`.
 */
export function nextStatus(
  action: LifecycleAction,
  s: Pick<LifecycleState, 'SFCC_Status'>,
): { SFCC_Status: PatternStatus; editStatus: EditStatus | null } {
  const published = s.SFCC_Status === 'published';
  switch (action) {
    case 'sendToReview':
      return published
        ? { SFCC_Status: 'published', editStatus: 'in_review' }
        : { SFCC_Status: 'in_review', editStatus: null };
    case 'requestChanges':
      return published
        ? { SFCC_Status: 'published', editStatus: 'changes_requested' }
        : { SFCC_Status: 'changes_requested', editStatus: null };
    case 'publish':
      return { SFCC_Status: 'published', editStatus: null };
    case 'unpublish':
      return { SFCC_Status: 'draft', editStatus: null };
  }
}
