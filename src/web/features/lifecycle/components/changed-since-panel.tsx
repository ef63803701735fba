import {
  notesNotAddressed,
  openNotes,
  type ReviewState,
} from '../../../../shared/contracts/lifecycle';
import { ChangesTable } from './changes-table';
import { OpenNotesList } from './open-notes-list';
import { DateTime } from '../../../components/date-time';

/**
 * For the reviewer of a pattern in review: what differs from the version last reviewed and, when
 * it was sent back, which of those notes are not addressed (issue 48).
 */
export function ChangedSincePanel({
  changed,
}: {
  changed: NonNullable<ReviewState['changedSinceReview']>;
}) {
  const unaddressed = openNotes(changed.notes);
  return (
    <section
      aria-labelledby="changed-since-heading"
      className="rounded-lg border border-blue-300 bg-blue-50 p-4 shadow-sm"
    >
      <h2 id="changed-since-heading" className="text-lg font-bold text-ink">
        Changed since last review
      </h2>
      {changed.reviewedAt === null ? (
        <p className="mt-1 text-sm">
          This pattern is reviewed for the first time: there is no earlier review to compare with.
        </p>
      ) : changed.changes.length === 0 ? (
        <p className="mt-1 text-sm">
          Nothing changed since it was {changed.outcome === 'published' ? 'published' : 'sent back'}
          <DateTime iso={changed.reviewedAt} joinedBy="on" />.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            Since it was {changed.outcome === 'published' ? 'published' : 'sent back'}
            <DateTime iso={changed.reviewedAt} joinedBy="on" />:
          </p>
          <ChangesTable changes={changed.changes} testId="changed-since" />
        </>
      )}
      {unaddressed.length > 0 ? (
        <div
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="changed-since-open-notes"
        >
          <p className="font-semibold">
            {notesNotAddressed(unaddressed.length, changed.notes.length, 'review note')}:
          </p>
          <OpenNotesList notes={unaddressed} testId="open-review-notes" />
        </div>
      ) : (
        changed.notes.length > 0 && (
          <p className="mt-3 text-sm" data-testid="changed-since-open-notes">
            {changed.notes.length === 1
              ? 'The review note was addressed.'
              : `All ${changed.notes.length} review notes were addressed.`}
          </p>
        )
      )}
    </section>
  );
}
