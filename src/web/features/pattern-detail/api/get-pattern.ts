import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatternDetailResponse } from '../../../../shared/contracts/pattern-detail';
import { PATTERN_DETAIL_PATHS } from '../../../../shared/contracts/pattern-detail-paths';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken } from '../../../lib/session';

/** Every query about one pattern starts with this key, so one invalidation refreshes them all (sizes too). */

export const getPattern = (id: number) =>
  api<PatternDetailResponse>(PATTERN_DETAIL_PATHS.detail(id)).then((r) => r.data);

const patternQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.pattern(id), queryFn: () => getPattern(id) });

/** While a PDF's first page is being drawn (after the create form's answer), asked again this often. */
const THUMBNAILS_PENDING_POLL_MS = 1000;

/**
 * The screen reads what its route's loader fetched (loadPattern); invalidations refresh it. While
 * a PDF's thumbnails are pending it asks again every second, and once they are drawn the pattern's
 * other queries (its sizes' rows show the small thumbnails) refresh too.
 */
export function usePattern(id: number) {
  const q = useQuery({
    ...patternQuery(id),
    refetchInterval: (query) =>
      query.state.data?.thumbnailsPending ? THUMBNAILS_PENDING_POLL_MS : false,
  });
  const pending = Boolean(q.data?.thumbnailsPending);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending)
      void queryClient.invalidateQueries({ queryKey: queryKeys.pattern(id) });
    wasPending.current = pending;
  }, [pending, id]);
  return q;
}

/**
 * The route's loader: the pattern is fetched afresh on every opening (one deleted or changed from
 * the list must not show from the cache), and a refusal (404, 400, 5xx) goes to the route's error
 * boundary, which shows the not-found or error screen. Signed out it fetches nothing: the guard
 * sends to the sign-in screen.
 */
export async function loadPattern(id: number): Promise<null> {
  if (sessionToken()) await queryClient.fetchQuery({ ...patternQuery(id), staleTime: 0 });
  return null;
}
