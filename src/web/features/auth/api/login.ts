import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '../../../../shared/contracts/auth';
import { AUTH_PATHS } from '../../../../shared/contracts/auth-paths';
import type { LoginResult } from '../../../../shared/contracts/two-factor';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const login = (body: LoginRequest) =>
  api<LoginResult>(AUTH_PATHS.login, { method: 'POST', body });

export function useLogin() {
  return useMutation({ mutationFn: login, ...FORM_MUTATION });
}
