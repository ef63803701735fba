import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResponse } from '../../../../shared/contracts/trash';
import { TRASH_ROUTES } from '../../../../shared/contracts/trash-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const restorePatterns = (ids: number[]) =>
  api<RestoreResponse>(TRASH_ROUTES.restore, { method: 'POST', body: { ids } });

/** Restores patterns from the Trash; the Trash and every pattern list are read again. */
export function useRestorePatterns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: restorePatterns,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.trash }),
        qc.invalidateQueries({ queryKey: queryKeys.patterns }),
      ]),
  });
}
