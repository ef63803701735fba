import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendToReviewResponse } from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const sendToReview = (id: number) =>
  api<SendToReviewResponse>(LIFECYCLE_PATHS.sendToReview(id), { method: 'POST' });

export function useSendToReview(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendToReview(id),
    meta: { errorMessage: MSG.reviewFailed },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
      void qc.invalidateQueries({ queryKey: queryKeys.reviewCount });
      void qc.invalidateQueries({ queryKey: queryKeys.attention });
    },
  });
}
