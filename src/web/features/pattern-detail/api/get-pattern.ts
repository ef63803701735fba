import { useQuery } from '@tanstack/react-query';
import {
  PATTERN_DETAIL_PATHS,
  type PatternDetailResponse,
} from '../../../../shared/contracts/pattern-detail';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Every query about one pattern starts with this key, so one invalidation refreshes them all (sizes too). */

export const getPattern = (id: number) =>
  api<PatternDetailResponse>(PATTERN_DETAIL_PATHS.detail(id)).then((r) => r.data);

export function usePattern(id: number) {
  // Always refetched on opening: a pattern deleted or changed from the list must not show from the cache.
  return useQuery({
    queryKey: queryKeys.pattern(id),
    queryFn: () => getPattern(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
