import { useQuery } from '@tanstack/react-query';
import { SIZE_PATHS, type SizeListResponse } from '../../../../shared/contracts/sizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Sizes live under their pattern's key (queryKeys.pattern): invalidating the pattern refreshes its
 * sizes, and a size change refreshes the pattern's count and "missing" list with one call.
 */

export const listSizes = (patternId: number) => api<SizeListResponse>(SIZE_PATHS.list(patternId));

export function useSizes(patternId: number) {
  return useQuery({ queryKey: queryKeys.sizes(patternId), queryFn: () => listSizes(patternId) });
}
