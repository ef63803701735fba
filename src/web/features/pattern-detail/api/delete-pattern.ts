import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '../../../../shared/contracts/pattern-list';
import { PATTERN_LIST_PATHS } from '../../../../shared/contracts/pattern-list-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The list feature's DELETE endpoint, called from the detail screen. */
export const deletePattern = (id: number) =>
  api<DeleteResponse>(PATTERN_LIST_PATHS.item(id), { method: 'DELETE' });

export function useDeletePattern(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deletePattern(id),
    meta: { errorMessage: MSG.deleteFailed },
    onSuccess: () => {
      qc.removeQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
    },
  });
}
