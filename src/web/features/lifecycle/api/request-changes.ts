import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RequestChangesRequest,
  TransitionResponse,
} from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export function useRequestChanges(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestChangesRequest) =>
      api<TransitionResponse>(LIFECYCLE_PATHS.requestChanges(id), { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
      void qc.invalidateQueries({ queryKey: queryKeys.reviewCount });
      void qc.invalidateQueries({ queryKey: queryKeys.attention });
    },
    ...FORM_MUTATION,
  });
}
