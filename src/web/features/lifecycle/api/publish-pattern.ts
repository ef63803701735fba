import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransitionResponse } from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const publishPattern = (id: number) =>
  api<TransitionResponse>(LIFECYCLE_PATHS.publish(id), { method: 'POST' });

export function usePublishPattern(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => publishPattern(id),
    meta: { errorMessage: MSG.publishFailed },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
      void qc.invalidateQueries({ queryKey: queryKeys.reviewCount });
      void qc.invalidateQueries({ queryKey: queryKeys.attention });
    },
  });
}
