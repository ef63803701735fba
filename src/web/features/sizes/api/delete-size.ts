import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteSizesResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deleteSize = (sizeId: number) =>
  api<DeleteSizesResponse>(SIZE_PATHS.one(sizeId), { method: 'DELETE' });

export function useDeleteSize(patternId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sizeId: number) => deleteSize(sizeId),
    meta: { errorMessage: MSG.deleteFailed },
    onSuccess: (_res, sizeId) => {
      qc.removeQueries({ queryKey: queryKeys.size(sizeId) });
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(patternId) });
    },
  });
}
