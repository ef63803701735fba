import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_PATHS, type UserListItem } from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const setUserStatus = ({ id, disabled }: { id: number; disabled: boolean }) =>
  api<{ data: UserListItem }>(USER_PATHS.status(id), { method: 'PATCH', body: { disabled } });

export function useSetUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
