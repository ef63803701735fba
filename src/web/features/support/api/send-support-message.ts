import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SUPPORT_PATHS,
  type ContactSupportRequest,
  type ContactSupportResponse,
} from '../../../../shared/contracts/support';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const sendSupportMessage = (body: ContactSupportRequest) =>
  api<ContactSupportResponse>(SUPPORT_PATHS.messages, { method: 'POST', body });

export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendSupportMessage,
    ...FORM_MUTATION,
    // An admin writing to support sees the new message in the inbox without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportMessages }),
  });
}
