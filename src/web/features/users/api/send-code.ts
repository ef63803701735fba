import { useMutation } from '@tanstack/react-query';
import { USER_PATHS } from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';

/** E-mails a one-time code to the signed-in user's current address, or to `email` (the new address of an e-mail change). */
export const sendCode = (email?: string) =>
  api<{ message?: string }>(
    email
      ? `${USER_PATHS.sendCode}?${new URLSearchParams({ email }).toString()}`
      : USER_PATHS.sendCode,
  );

export function useSendCode() {
  return useMutation({ mutationFn: (email?: string) => sendCode(email) });
}
