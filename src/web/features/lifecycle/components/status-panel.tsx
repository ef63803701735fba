import { useId, useState } from 'react';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { MSG } from '../../../../shared/messages';
import { STATUS_LABELS } from '../../../../shared/options';
import { Button } from '../../../components/button';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useSendToReview } from '../api/send-to-review';
import { usePublishPattern } from '../api/publish-pattern';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MissingList } from './missing-list';
import { PreflightWarnings } from './preflight-warnings';
import { DateTime } from '../../../components/date-time';
import { EditStatusBadge } from '../../../components/edit-status-badge';
import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { ReviewActions } from './review-actions';
import { SendToReviewDialog } from './send-to-review-dialog';

const badge: Record<PatternDetail['SFCC_Status'], string> = {
  draft: 'bg-gray-200 text-gray-900',
  in_review: 'bg-blue-100 text-blue-900',
  changes_requested: 'bg-amber-100 text-amber-900',
  published: 'bg-green-100 text-green-900',
};

interface StatusPanelProps {
  pattern: PatternDetail;
  /** The review state: the steps the server allows now (until it answers, the panel decides from
   * the pattern alone), why publishing is blocked, what a note may be about. */
  review?: ReviewState;
}

/**
 * Where the pattern stands (docs/product-decisions.md lifecycle) and every step it can take from there: status
 * with its dates, what is missing, the "edited after" notice, 'Send to review' for the brand and
 * admins, 'Publish to production', 'Request changes' and 'Unpublish' for admins, each with its dialog.
 */
export function StatusPanel({ pattern, review: state }: StatusPanelProps) {
  const { isAdmin } = useAuth();
  const allowed = state?.allowedActions;
  const publishBlockedReason = state?.publishBlockedReason;
  const adminActions = isAdmin && state && (
    <ReviewActions patternId={pattern.ID} patternCode={pattern.SFCC_Pattern_ID} review={state} />
  );
  const review = useSendToReview(pattern.ID);
  const publish = usePublishPattern(pattern.ID);
  const [dialog, setDialog] = useState<'review' | 'publish' | null>(null);
  const s = pattern.SFCC_Status;
  // The server's list of possible steps (src/server/features/lifecycle/transitions.ts) once it has arrived.
  const canReview = allowed
    ? allowed.includes('sendToReview')
    : s === 'draft' || pattern.editedAfter !== null;
  const canPublish = allowed
    ? allowed.includes('publish')
    : isAdmin && s === 'in_review' && pattern.editedAfter === null;
  const blockedId = useId();

  const onReview = () =>
    review.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message || MSG.reviewed);
        setDialog(null);
      },
    });
  const onPublish = () =>
    publish.mutate(undefined, {
      onSuccess: (res) => {
        toast.success(res.message || MSG.published);
        setDialog(null);
      },
    });

  return (
    <section
      aria-labelledby="status-heading"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-heading" className="text-lg font-bold">
          Status
        </h2>
        <span className="flex flex-wrap gap-1">
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${badge[s]}`}
            data-testid="pattern-status"
          >
            {STATUS_LABELS[s]}
          </span>
          <EditStatusBadge editStatus={pattern.editStatus} large />
        </span>
      </div>
      {pattern.editStatus && (
        <p className="mt-2 text-sm text-gray-700">
          {pattern.editStatus === 'in_review'
            ? 'Its edit waits for review; the storefront keeps the pattern as it was published until the edit is published.'
            : 'Its edit was sent back with requested changes; the storefront keeps the pattern as it was published.'}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">Created</dt>
        <dd>
          <DateTime iso={pattern.createdAt} />
        </dd>
        <dt className="text-gray-600">Last edited</dt>
        <dd>
          <DateTime iso={pattern.updatedAt} relative />
        </dd>
        {pattern.reviewedAt && (
          <>
            <dt className="text-gray-600">Sent to review</dt>
            <dd>
              <DateTime iso={pattern.reviewedAt} />
            </dd>
          </>
        )}
        {pattern.publishedAt && (
          <>
            <dt className="text-gray-600">Published</dt>
            <dd>
              <DateTime iso={pattern.publishedAt} />
            </dd>
          </>
        )}
      </dl>
      {pattern.editedAfter && (
        <p
          role="status"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <strong>
            {pattern.editedAfter === 'review' ? 'Edited after review' : 'Edited after publishing'}
          </strong>
          : this pattern changed after it was{' '}
          {pattern.editedAfter === 'review' ? 'sent to review' : 'published'}. Send it to review
          again so the changes are checked.
        </p>
      )}
      <div className="mt-3 flex flex-col gap-3">
        <MissingList missing={pattern.missing} />
        <PreflightWarnings warnings={pattern.warnings} />
      </div>
      {(canReview || canPublish || publishBlockedReason || adminActions) && (
        <div className="mt-4 flex flex-col flex-wrap gap-2 sm:flex-row">
          {canReview && <Button onClick={() => setDialog('review')}>Send to review</Button>}
          {canPublish && (
            <Button variant="secondary" onClick={() => setDialog('publish')}>
              Publish to production
            </Button>
          )}
          {!canPublish && publishBlockedReason && (
            <Button variant="secondary" disabled aria-describedby={blockedId}>
              Publish to production
            </Button>
          )}
          {adminActions}
        </div>
      )}
      {!canPublish && publishBlockedReason && (
        <p id={blockedId} className="mt-2 text-sm text-gray-700">
          {publishBlockedReason}.
        </p>
      )}
      <SendToReviewDialog
        open={dialog === 'review'}
        pattern={pattern}
        notes={state?.request?.notes}
        busy={review.isPending}
        onConfirm={onReview}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'publish'}
        title="Publish to production"
        confirmLabel="Publish to production"
        onConfirm={onPublish}
        onClose={() => setDialog(null)}
        busy={publish.isPending}
        disabled={pattern.missing.length > 0}
      >
        {pattern.missing.length > 0 ? (
          <MissingList
            missing={pattern.missing}
            intro="This pattern changed and is no longer complete:"
          />
        ) : (
          <p>
            Customers will see <strong>{pattern.SFCC_Pattern_ID}</strong> ({pattern.Pattern_Name})
            once it is published to production.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
