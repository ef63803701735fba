import { useMutation } from '@tanstack/react-query';
import {
  USER_PATHS,
  type AccountResponse,
  type ChangeEmail,
} from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

export const changeEmail = (body: ChangeEmail) =>
  api<AccountResponse>(USER_PATHS.changeEmail, { method: 'POST', body });

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, ...FORM_MUTATION });
}
