import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { DateTime } from '../../../components/date-time';

/**
 * At the top of an unpublished pattern (issue 34): who took it out of production, when and why,
 * until it is sent to review again. The mail and the Activity tab say the same.
 */
export function UnpublishedBanner({
  unpublished,
}: {
  unpublished: NonNullable<ReviewState['unpublished']>;
}) {
  return (
    <section
      aria-labelledby="unpublished-heading"
      className="rounded-lg border border-gray-300 bg-gray-50 p-4 text-gray-900 shadow-sm"
      data-testid="unpublished-banner"
    >
      <h2 id="unpublished-heading" className="text-lg font-bold">
        Unpublished
      </h2>
      <p className="mt-1 text-sm">
        {unpublished.by} took it out of production on <DateTime iso={unpublished.at} />:
      </p>
      <p className="mt-1 font-medium whitespace-pre-line" data-testid="unpublished-reason">
        {unpublished.reason}
      </p>
      <p className="mt-3 text-sm">
        It is a draft again: make the changes needed, then send it to review.
      </p>
    </section>
  );
}
