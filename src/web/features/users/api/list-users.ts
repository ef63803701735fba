import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  USER_PATHS,
  type UserListRequest,
  type UserListResponse,
} from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const listUsers = (body: UserListRequest) =>
  api<UserListResponse>(USER_PATHS.list, { method: 'POST', body });

/** One page of accounts; the previous page stays on screen while the next loads. */
export function useUserList(query: UserListRequest) {
  return useQuery({
    queryKey: queryKeys.userList(query),
    queryFn: () => listUsers(query),
    placeholderData: keepPreviousData,
  });
}
