import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  PATTERN_DETAIL_PATHS,
  type PatternDetailResponse,
} from '../../../../shared/contracts/pattern-detail';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken } from '../../../lib/session';

/** Every query about one pattern starts with this key, so one invalidation refreshes them all (sizes too). */

export const getPattern = (id: number) =>
  api<PatternDetailResponse>(PATTERN_DETAIL_PATHS.detail(id)).then((r) => r.data);

const patternQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.pattern(id), queryFn: () => getPattern(id) });

/** The screen reads what its route's loader fetched (loadPattern); invalidations refresh it. */
export const usePattern = (id: number) => useQuery(patternQuery(id));

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
