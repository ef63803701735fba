import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResponse } from '../../../../shared/contracts/trash';
import { TRASH_ROUTES } from '../../../../shared/contracts/trash-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The delete toast's Undo: the patterns just deleted come back from the Trash (all or none). */
export function useUndoDelete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api<RestoreResponse>(TRASH_ROUTES.restore, { method: 'POST', body: { ids } }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.patterns }),
        qc.invalidateQueries({ queryKey: queryKeys.trash }),
      ]),
  });
}
