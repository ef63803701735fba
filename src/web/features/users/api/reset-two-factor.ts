import { useMutation } from '@tanstack/react-query';
import { TWO_FACTOR_PATHS } from '../../../../shared/contracts/two-factor';
import { api } from '../../../lib/api-client';

/** An admin resets an account's two-factor sign-in and passkeys (docs/two-factor.md). */
export const resetTwoFactor = (id: number) =>
  api<{ message: string }>(TWO_FACTOR_PATHS.adminReset(id), { method: 'POST' });

export function useResetTwoFactor() {
  return useMutation({
    mutationFn: resetTwoFactor,
    meta: { errorMessage: 'Failed Update Record' },
  });
}
