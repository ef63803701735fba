import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MailPreferences,
  type ReviewRecipients,
  NOTIFICATION_PATHS,
} from '../../../../shared/contracts/notifications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useMailPreferences() {
  return useQuery({
    queryKey: queryKeys.mailPreferences,
    queryFn: () =>
      api<{ data: MailPreferences }>(NOTIFICATION_PATHS.mailPreferences).then((r) => r.data),
  });
}

export function useSaveMailPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferences) =>
      api<{ data: MailPreferences; message?: string }>(NOTIFICATION_PATHS.mailPreferences, {
        method: 'PUT',
        body,
      }),
    meta: { errorMessage: 'Failed Update Record' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.mailPreferences }),
  });
}

export function useReviewRecipients(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviewRecipients,
    queryFn: () => api<ReviewRecipients>(NOTIFICATION_PATHS.reviewRecipients).then((r) => r.data),
    enabled,
  });
}

export function useSaveReviewRecipients() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) =>
      api<ReviewRecipients>(NOTIFICATION_PATHS.reviewRecipients, {
        method: 'PUT',
        body: { userIds },
      }),
    meta: { errorMessage: 'Failed Update Record' },
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.reviewRecipients }),
  });
}
