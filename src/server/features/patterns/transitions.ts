import type { Role, PatternStatus } from '../../../shared/options';
import { LIFECYCLE_MSG } from '../../../shared/contracts/lifecycle';
import {
  LIFECYCLE_ACTIONS,
  LIFECYCLE_ACTION_LABELS,
  REVIEW_MSG,
  type LifecycleAction,
} from '../../../shared/contracts/review';
import { conflict } from '../../lib/app-error';

/**
 * The pattern lifecycle of PRODUCT.md, in one place. `edited` is true when the pattern changed
 * after it was sent to review (in review) or published (published): such a pattern must be sent
 * to review again before it is (re)published, so publishing takes it as it was reviewed.
 *
 *   draft ─send→ in review ─publish→ published ─unpublish→ draft
 *                in review ─request changes→ changes requested ─send→ in review
 *   in review / published, then edited ─send→ in review
 */
export interface LifecycleState {
  SFCC_Status: PatternStatus;
  edited: boolean;
}

interface Rule {
  to: PatternStatus;
  adminOnly: boolean;
  /** null: allowed; otherwise why not (the start of the 409 message). */
  refuse(s: LifecycleState): string | null;
}

const RULES: Record<LifecycleAction, Rule> = {
  sendToReview: {
    to: 'in_review',
    adminOnly: false,
    refuse: (s) =>
      s.SFCC_Status === 'in_review' && !s.edited
        ? LIFECYCLE_MSG.alreadyInReview
        : s.SFCC_Status === 'published' && !s.edited
          ? LIFECYCLE_MSG.alreadyPublished
          : null,
  },
  publish: {
    to: 'published',
    adminOnly: true,
    refuse: (s) =>
      s.SFCC_Status !== 'in_review' && !(s.SFCC_Status === 'published' && s.edited)
        ? LIFECYCLE_MSG.publishOnlyInReview
        : s.edited
          ? s.SFCC_Status === 'published'
            ? REVIEW_MSG.editedAfterPublishing
            : REVIEW_MSG.editedAfterReview
          : null,
  },
  requestChanges: {
    to: 'changes_requested',
    adminOnly: true,
    refuse: (s) =>
      s.SFCC_Status === 'in_review'
        ? null
        : 'Only a pattern in review can be sent back with requested changes',
  },
  unpublish: {
    to: 'draft',
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
