import { useMutation } from '@tanstack/react-query';
import { USER_PATHS, type ForgotPassword } from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const forgotPassword = (body: ForgotPassword) =>
  api<{ message: string }>(USER_PATHS.forgotPassword, { method: 'POST', body });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, ...FORM_MUTATION });
}
