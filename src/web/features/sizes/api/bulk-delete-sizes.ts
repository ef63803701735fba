import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteSizesResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const bulkDeleteSizes = (patternId: number, ids: number[]) =>
  api<DeleteSizesResponse>(SIZE_PATHS.list(patternId), { method: 'DELETE', body: { ids } });

export function useBulkDeleteSizes(patternId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => bulkDeleteSizes(patternId, ids),
    meta: { errorMessage: MSG.deleteFailed },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.pattern(patternId) }),
  });
}
