import { useQuery } from '@tanstack/react-query';
import { SIZE_PATHS, type SizeListResponse } from '../../../../shared/contracts/sizes';
import { api } from '../../../lib/api-client';

/**
 * Sizes live under their pattern's key (['pattern', id]): invalidating the pattern refreshes its
 * sizes, and a size change refreshes the pattern's count and "missing" list with one call.
 */
export const patternKey = (patternId: number) => ['pattern', patternId] as const;
export const sizesKey = (patternId: number) => ['pattern', patternId, 'sizes'] as const;
export const sizeKey = (sizeId: number) => ['size', sizeId] as const;

export const listSizes = (patternId: number) => api<SizeListResponse>(SIZE_PATHS.list(patternId));

export function useSizes(patternId: number) {
  return useQuery({ queryKey: sizesKey(patternId), queryFn: () => listSizes(patternId) });
}
