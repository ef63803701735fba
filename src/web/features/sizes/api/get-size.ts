import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SizeDetailResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken } from '../../../lib/session';

export const getSize = (sizeId: number) =>
  api<SizeDetailResponse>(SIZE_PATHS.one(sizeId)).then((r) => r.data);

const sizeQuery = (sizeId: number) =>
  queryOptions({ queryKey: queryKeys.size(sizeId), queryFn: () => getSize(sizeId) });

/** The screen reads what its route's loader fetched (loadSize); invalidations refresh it. */
export const useSize = (sizeId: number) => useQuery(sizeQuery(sizeId));

/**
 * The route's loader: the size is fetched afresh on every opening (it may have changed or gone
 * from the pattern's screen); a refusal goes to the route's error boundary. Answers the size's
 * pattern ID, so the route can refuse a size shown under another pattern's URL.
 */
export async function loadSize(sizeId: number): Promise<number | null> {
  if (!sessionToken()) return null;
  const size = await queryClient.fetchQuery({ ...sizeQuery(sizeId), staleTime: 0 });
  return size.pattern.ID;
}
