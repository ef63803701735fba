import { useQuery } from '@tanstack/react-query';
import { REVIEW_PATHS, type ReviewState } from '../../../../shared/contracts/review';
import { api } from '../../../lib/api-client';

/** Under the pattern's key: every change of the pattern (fields, files, sizes) refreshes it too. */
export const reviewKey = (id: number) => ['pattern', id, 'review'] as const;

export function useReview(id: number) {
  return useQuery({
    queryKey: reviewKey(id),
    queryFn: () => api<{ data: ReviewState }>(REVIEW_PATHS.review(id)).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}
