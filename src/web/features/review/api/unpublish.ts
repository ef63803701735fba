import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_PATHS,
  type TransitionResponse,
  type UnpublishRequest,
} from '../../../../shared/contracts/review';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useUnpublish(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UnpublishRequest) =>
      api<TransitionResponse>(REVIEW_PATHS.unpublish(id), { method: 'POST', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
      void qc.invalidateQueries({ queryKey: queryKeys.attention });
    },
  });
}
