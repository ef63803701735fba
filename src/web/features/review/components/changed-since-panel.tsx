import type { ReviewState } from '../../../../shared/contracts/review';
import { DateTime } from '../../../components/date-time';

const shown = (v: string | null) => (v === null || v === '' ? '(empty)' : v);

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
          Nothing changed since it was {changed.outcome === 'published' ? 'published' : 'sent back'}{' '}
          on <DateTime iso={changed.reviewedAt} relative />.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            Since it was {changed.outcome === 'published' ? 'published' : 'sent back'} on{' '}
            <DateTime iso={changed.reviewedAt} relative />:
          </p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="changed-since">
              <thead>
                <tr className="border-b border-blue-200">
                  <th scope="col" className="py-1 pr-3">
                    What
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Before
                  </th>
                  <th scope="col" className="py-1">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {changed.changes.map((c) => (
                  <tr
                    key={`${c.targetType}-${c.targetKey}-${c.label}`}
                    className="border-b border-blue-100 align-top"
                  >
                    <th scope="row" className="py-1 pr-3 font-semibold">
                      {c.label}
                    </th>
                    <td className="break-words py-1 pr-3">{shown(c.before)}</td>
                    <td className="break-words py-1">{shown(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
