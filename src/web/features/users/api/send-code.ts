import { useMutation } from '@tanstack/react-query';
import { USER_PATHS } from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';

/** E-mails a one-time code to the signed-in user's current address. */
export const sendCode = () => api<{ message?: string }>(USER_PATHS.sendCode);

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
