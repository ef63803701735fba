import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { ChangesTable } from './changes-table';
import { DateTime } from '../../../components/date-time';

/** For the reviewer of a pattern in review: what differs from the version last reviewed. */
export function ChangedSincePanel({
  changed,
}: {
  changed: NonNullable<ReviewState['changedSinceReview']>;
}) {
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
    </section>
  );
}
