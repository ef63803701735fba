import { useMutation } from '@tanstack/react-query';
import {
  AUTH_PATHS,
  type LoginRequest,
  type LoginResponse,
} from '../../../../shared/contracts/auth';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const login = (body: LoginRequest) =>
  api<LoginResponse>(AUTH_PATHS.login, { method: 'POST', body });

export function useLogin() {
  return useMutation({ mutationFn: login, ...FORM_MUTATION });
}
