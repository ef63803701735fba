import type { QueryClient } from '@tanstack/react-query';
import { TRASH_ROUTES, type RestoreResponse } from '../../../../shared/contracts/trash';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast, toastError } from '../../../lib/toast';

/**
 * The delete toast's Undo on the detail screen: the pattern comes back from the Trash. A plain
 * call, not a mutation hook: the Undo is pressed on the list, after the detail screen (and any
 * hook of it) has gone.
 */
export async function restorePattern(qc: QueryClient, ids: number[]): Promise<void> {
  try {
    const res = await api<RestoreResponse>(TRASH_ROUTES.restore, {
      method: 'POST',
      body: { ids },
    });
    toast.success(res.message);
    await Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.patterns }),
      qc.invalidateQueries({ queryKey: queryKeys.trash }),
    ]);
  } catch (err) {
    toastError(err);
  }
}
