import { useQuery } from '@tanstack/react-query';
import { SIZE_PATHS, type SizeDetailResponse } from '../../../../shared/contracts/sizes';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getSize = (sizeId: number) =>
  api<SizeDetailResponse>(SIZE_PATHS.one(sizeId)).then((r) => r.data);

export function useSize(sizeId: number) {
  // Always refetched on opening: the size may have changed or gone from the pattern's screen.
  return useQuery({
    queryKey: queryKeys.size(sizeId),
    queryFn: () => getSize(sizeId),
    enabled: Number.isInteger(sizeId) && sizeId > 0,
    staleTime: 0,
  });
}
