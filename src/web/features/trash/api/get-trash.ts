import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TrashListResponse } from '../../../../shared/contracts/trash';
import { TRASH_ROUTES } from '../../../../shared/contracts/trash-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One page of the Trash (admins: every brand's), most recently deleted first. */
export function useTrash(page: number) {
  return useQuery({
    queryKey: queryKeys.trashPage(page),
    queryFn: ({ signal }) =>
      api<TrashListResponse>(`${TRASH_ROUTES.list}?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
