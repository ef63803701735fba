import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIFECYCLE_PATHS, type PublishResponse } from '../../../../shared/contracts/lifecycle';
import { api } from '../../../lib/api-client';
import { patternKey } from './get-pattern';

export const publishPattern = (id: number) => api<PublishResponse>(LIFECYCLE_PATHS.publish(id), { method: 'POST' });

export function usePublishPattern(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => publishPattern(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: patternKey(id) });
      void qc.invalidateQueries({ queryKey: ['patterns'] });
      void qc.invalidateQueries({ queryKey: ['review-count'] });
    },
  });
}
