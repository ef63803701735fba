import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIFECYCLE_PATHS, type SendToReviewResponse } from '../../../../shared/contracts/lifecycle';
import { api } from '../../../lib/api-client';
import { patternKey } from './get-pattern';

export const sendToReview = (id: number) => api<SendToReviewResponse>(LIFECYCLE_PATHS.sendToReview(id), { method: 'POST' });

export function useSendToReview(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => sendToReview(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: patternKey(id) });
      void qc.invalidateQueries({ queryKey: ['patterns'] });
      void qc.invalidateQueries({ queryKey: ['review-count'] });
    },
  });
}
