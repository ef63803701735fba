import { useMutation } from '@tanstack/react-query';
import { USER_PATHS, type ResetPassword } from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const resetPassword = (body: ResetPassword) =>
  api<{ message: string }>(USER_PATHS.resetPassword, { method: 'POST', body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword, ...FORM_MUTATION });
}
