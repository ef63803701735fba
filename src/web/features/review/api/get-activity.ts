import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REVIEW_PATHS, type ActivityPage } from '../../../../shared/contracts/review';
import { api } from '../../../lib/api-client';

export function useActivity(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['pattern', id, 'activity', page, pageSize],
    queryFn: () =>
      api<ActivityPage>(`${REVIEW_PATHS.activity(id)}?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
