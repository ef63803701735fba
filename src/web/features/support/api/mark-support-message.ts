import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUPPORT_PATHS, type MarkHandledResponse } from '../../../../shared/contracts/support';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const markSupportMessage = ({ id, handled }: { id: number; handled: boolean }) =>
  api<MarkHandledResponse>(SUPPORT_PATHS.message(id), { method: 'PATCH', body: { handled } });

export function useMarkSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSupportMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportMessages }),
  });
}
