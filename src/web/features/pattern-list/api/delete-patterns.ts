import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteResponse } from '../../../../shared/contracts/pattern-list';
import { PATTERN_LIST_PATHS } from '../../../../shared/contracts/pattern-list-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** One ID uses the single-pattern call, several the bulk call; all or nothing either way. */
export const deletePatterns = (ids: number[]) =>
  ids.length === 1 && ids[0] !== undefined
    ? api<DeleteResponse>(PATTERN_LIST_PATHS.item(ids[0]), { method: 'DELETE' })
    : api<DeleteResponse>(PATTERN_LIST_PATHS.bulkDelete, { method: 'DELETE', body: { ids } });

export function useDeletePatterns() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePatterns,
    meta: { errorMessage: MSG.deleteFailed },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.patterns }),
  });
}
