import { useMutation } from '@tanstack/react-query';
import {
  USER_PATHS,
  type AccountResponse,
  type UpdateAccount,
} from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { profileFormData } from './signup';

export const updateAccount = ({ data, pic }: { data: UpdateAccount; pic?: File | null }) =>
  api<AccountResponse>(USER_PATHS.updateAccount, {
    method: 'POST',
    body: profileFormData(data, pic),
  });

export function useUpdateAccount() {
  return useMutation({ mutationFn: updateAccount, ...FORM_MUTATION });
}
