import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/contracts/auth';
import {
  DATA_FIELD,
  PROFILE_PIC_FIELD,
  USER_PATHS,
  type Signup,
} from '../../../../shared/contracts/users';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';

/** The multipart body of signup and account update: `data` JSON plus an optional picture. */
export function profileFormData(data: unknown, pic?: File | null): FormData {
  const form = new FormData();
  form.append(DATA_FIELD, JSON.stringify(data));
  if (pic) form.append(PROFILE_PIC_FIELD, pic, pic.name);
  return form;
}

export const signup = ({ data, pic }: { data: Signup; pic?: File | null }) =>
  api<SessionUser>(USER_PATHS.signup, { method: 'POST', body: profileFormData(data, pic) });

export function useSignup() {
  return useMutation({ mutationFn: signup, ...FORM_MUTATION });
}
