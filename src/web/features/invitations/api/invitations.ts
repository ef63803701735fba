import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../shared/contracts/auth';
import {
  INVITATION_PATHS,
  type AcceptInvitation,
  type Invitation,
  type InvitationCheckResponse,
  type Invite,
} from '../../../../shared/contracts/invitations';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FORM_MUTATION } from '../../../lib/query-client';

type Sent = { data: Invitation; message: string };

export const invitationsQuery = queryOptions({
  queryKey: queryKeys.invitations,
  queryFn: () => api<{ data: Invitation[] }>(INVITATION_PATHS.list),
});

export function useInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Invite) => api<Sent>(INVITATION_PATHS.create, { method: 'POST', body }),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Sent>(INVITATION_PATHS.resend(id), { method: 'POST' }),
    meta: { errorMessage: 'Could not send the invitation again' },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}

export function useCancelInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(INVITATION_PATHS.cancel(id), { method: 'DELETE' }),
    meta: { errorMessage: 'Could not cancel the invitation' },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.invitations }),
  });
}

export const checkInvitation = (token: string) =>
  api<InvitationCheckResponse>(INVITATION_PATHS.check, { method: 'POST', body: { token } });

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitation) =>
      api<LoginResponse>(INVITATION_PATHS.accept, { method: 'POST', body }),
    ...FORM_MUTATION,
  });
}
