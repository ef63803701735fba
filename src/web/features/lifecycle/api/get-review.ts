import { useQuery } from '@tanstack/react-query';
import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under the pattern's key: every change of the pattern (fields, files, sizes) refreshes it too. */
export function useReview(id: number) {
  return useQuery({
    queryKey: queryKeys.review(id),
    queryFn: () => api<{ data: ReviewState }>(LIFECYCLE_PATHS.review(id)).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
