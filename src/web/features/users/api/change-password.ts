import { useMutation } from '@tanstack/react-query';
import {
  USER_PATHS,
  type AccountResponse,
  type ChangePassword,
} from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const changePassword = (body: ChangePassword) =>
  api<AccountResponse>(USER_PATHS.changePassword, { method: 'POST', body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, ...FORM_MUTATION });
}
