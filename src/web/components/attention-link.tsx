import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Attention } from '../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../shared/contracts/lifecycle-paths';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** My Patterns filtered to Changes requested, most recently sent back first. */
export const CHANGES_REQUESTED_URL =
  '/app/show-records?status=changes_requested&sort=updatedAt&dir=desc';

/** What waits for the partner's brand: the header's counter and the dashboard's block share it. */
export function useAttention() {
  return useQuery({
    queryKey: queryKeys.attention,
    queryFn: ({ signal }) =>
      api<{ data: Attention }>(LIFECYCLE_PATHS.attention, { signal }).then((r) => r.data),
    refetchInterval: 60_000,
    staleTime: 10_000,
  });
}

/** Partners: how many patterns were sent back with changes requested, linking to them (issue 34). */
export function AttentionLink() {
  const n = useAttention().data?.changesRequested;
  return (
    <Link
      to={CHANGES_REQUESTED_URL}
      className="flex items-center gap-1.5 rounded-md px-2 py-2 text-sm font-semibold whitespace-nowrap text-ink hover:bg-black/10"
      data-testid="changes-requested"
    >
      <span className="hidden sm:inline">Changes requested</span>
      <span className="sm:hidden">Changes</span>
      {/* No badge at zero: a dark "0" read as something waiting (issue 48). */}
      {n !== undefined && n > 0 && (
        <span
          className="min-w-[1.5rem] rounded-full bg-ink px-1.5 text-center text-xs font-bold text-brand"
          data-testid="changes-requested-count"
        >
          {n}
        </span>
      )}
      {n !== undefined && (
        <span className="sr-only">
          {n === 0
            ? ' — no patterns wait'
            : n === 1
              ? ' pattern waits for you'
              : ' patterns wait for you'}
        </span>
      )}
    </Link>
  );
}
