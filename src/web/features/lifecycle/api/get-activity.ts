import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ActivityPage, ACTIVITY_PATHS } from '../../../../shared/contracts/activity';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useActivity(id: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.activityPage(id, page, pageSize),
    queryFn: () =>
      api<ActivityPage>(`${ACTIVITY_PATHS.activity(id)}?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
