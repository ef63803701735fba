import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LIFECYCLE_PATHS } from '../../shared/contracts/lifecycle-paths';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** My Patterns filtered to In review, oldest first: the admin's review queue. */
export const TO_REVIEW_URL = '/app/show-records?status=in_review&sort=updatedAt&dir=asc';

/** Admins: how many patterns wait for review, linking to them. Refreshed every minute and on focus. */
export function ToReviewLink() {
  const count = useQuery({
    queryKey: queryKeys.reviewCount,
    queryFn: () =>
      api<{ data: { inReview: number } }>(LIFECYCLE_PATHS.reviewCount).then((r) => r.data.inReview),
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
  const n = count.data;
  return (
    // The visible text starts the accessible name (axe: label-content-name-mismatch); the rest is for screen readers.
    // Labelled on phones too: a bare number beside the avatar said nothing (issue 34).
    <Link
      to={TO_REVIEW_URL}
      className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-ink hover:bg-black/10"
      data-testid="to-review"
    >
      <span>To review</span>
      {/* No badge at zero: a dark "0" read as something waiting (issue 48). */}
      {n !== undefined && n > 0 && (
        <span
          className="min-w-[1.5rem] rounded-full bg-ink px-1.5 text-center text-xs font-bold text-brand"
          data-testid="to-review-count"
        >
          {n}
        </span>
      )}
      {n !== undefined && (
        <span className="sr-only">
          {n === 0 ? ' — no patterns wait' : n === 1 ? ' pattern waits' : ' patterns wait'}
        </span>
      )}
    </Link>
  );
}
