import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransitionResponse, UnpublishRequest } from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useUnpublish(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UnpublishRequest) =>
      api<TransitionResponse>(LIFECYCLE_PATHS.unpublish(id), { method: 'POST', body }),
    meta: { errorMessage: 'Failed to unpublish pattern' },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
      void qc.invalidateQueries({ queryKey: queryKeys.attention });
    },
  });
}
