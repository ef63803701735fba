import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import type { RestoreResponse } from '../../../../shared/contracts/trash';
import { TRASH_ROUTES } from '../../../../shared/contracts/trash-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/**
 * The delete toast's Undo on the detail screen: the pattern comes back from the Trash. A mutation
 * observed outside React, not a hook: the Undo is pressed on the list, after the detail screen (and
 * any hook of it) has gone. Its failure takes the query client's one toast like any mutation's.
 */
export function restorePattern(qc: QueryClient, ids: number[]): Promise<void> {
  const restore = new MutationObserver(qc, {
    mutationFn: () => api<RestoreResponse>(TRASH_ROUTES.restore, { method: 'POST', body: { ids } }),
    onSuccess: async (res: RestoreResponse) => {
      toast.success(res.message);
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.patterns }),
        qc.invalidateQueries({ queryKey: queryKeys.trash }),
      ]);
    },
  });
  // The failure is already on screen (the cache's toast): nothing is left to handle here.
  return restore.mutate().then(
    () => undefined,
    () => undefined,
  );
}
