import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { LoginResponse } from '../../../../shared/contracts/auth';
type MessageResponse = { message: string };
import {
  TWO_FACTOR_PATHS,
  type ConfirmTwoFactor,
  type DisableTwoFactor,
  type Passkey,
  type PasskeyList,
  type PasskeyOptions,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type VerifyCode,
} from '../../../../shared/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const verifySignInCode = (body: VerifyCode) =>
  api<LoginResponse>(TWO_FACTOR_PATHS.verify, { method: 'POST', body });

export function useVerifySignInCode() {
  return useMutation({ mutationFn: verifySignInCode, ...FORM_MUTATION });
}

/** "Sign in with a passkey": the browser asks for any passkey of this portal, the server checks it. */
export async function signInWithPasskey(): Promise<LoginResponse> {
  const { challenge, options } = await api<PasskeyOptions>(TWO_FACTOR_PATHS.passkeyOptions, {
    method: 'POST',
  });
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api<LoginResponse>(TWO_FACTOR_PATHS.passkeyLogin, {
    method: 'POST',
    body: { challenge, response },
  });
}

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: queryKeys.twoFactor,
    queryFn: () => api<TwoFactorStatus>(TWO_FACTOR_PATHS.status),
  });
}

export function useStartSetup() {
  return useMutation({
    mutationFn: () => api<TwoFactorSetup>(TWO_FACTOR_PATHS.setup, { method: 'POST' }),
    meta: { errorMessage: 'Could not start the set-up' },
  });
}

export function useConfirmSetup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmTwoFactor) =>
      api<RecoveryCodes>(TWO_FACTOR_PATHS.confirm, { method: 'POST', body }),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useDisableTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactor) =>
      api<MessageResponse>(TWO_FACTOR_PATHS.disable, { method: 'POST', body }),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function usePasskeys() {
  return useQuery({
    queryKey: queryKeys.passkeys,
    queryFn: () => api<PasskeyList>(TWO_FACTOR_PATHS.passkeys),
  });
}

/** Creates a passkey in the browser (its own dialog) and saves it under `name`. */
export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challenge, options } = await api<PasskeyOptions>(TWO_FACTOR_PATHS.passkeyAddOptions, {
        method: 'POST',
      });
      const response = await startRegistration({
        optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
      });
      return api<Passkey>(TWO_FACTOR_PATHS.passkeys, {
        method: 'POST',
        body: { challenge, name, response },
      });
    },
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}

export function useRenamePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api<MessageResponse>(TWO_FACTOR_PATHS.passkey(id), { method: 'PATCH', body: { name } }),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.passkeys }),
  });
}

export function useRemovePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<MessageResponse>(TWO_FACTOR_PATHS.passkey(id), { method: 'DELETE' }),
    meta: { errorMessage: 'Unable to delete data' },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  });
}
