import { useQuery } from '@tanstack/react-query';
import type { SizeListResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Sizes live under their pattern's key (queryKeys.pattern): invalidating the pattern refreshes its
 * sizes, and a size change refreshes the pattern's count and "missing" list with one call.
 */

export const listSizes = (patternId: number) => api<SizeListResponse>(SIZE_PATHS.list(patternId));

/** `enabled` false waits (the pattern screen asks once the pattern itself has loaded). */
export function useSizes(patternId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.sizes(patternId),
    queryFn: () => listSizes(patternId),
    enabled,
  });
}
