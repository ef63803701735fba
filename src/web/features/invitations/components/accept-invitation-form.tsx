import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  AcceptInvitationSchema,
  type AcceptInvitation,
} from '../../../../shared/contracts/invitations';
import { useAuth } from '../../../lib/auth';
import { loadErrorMessage } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query-keys';
import { reportFormError } from '../../../lib/form-errors';
import { PasswordInput } from '../../../components/password-input';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { QueryLoading } from '../../../components/query-states';
import { checkInvitation, useAcceptInvitation } from '../api/invitations';

const FIELDS = ['password', 'repeatPassword', 'token'] as const;

/**
 * The invitation link's page: says whom it is for, takes the chosen password (the rules of every
 * password) and signs the person in. A used, expired or cancelled link says so and offers nothing.
 */
export function AcceptInvitationForm({ token }: { token: string }) {
  const { signIn } = useAuth();
  const check = useQuery({
    queryKey: queryKeys.invitationCheck(token),
    queryFn: () => checkInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof AcceptInvitationSchema>, unknown, AcceptInvitation>({
    resolver: zodResolver(AcceptInvitationSchema),
    defaultValues: { token, password: '', repeatPassword: '' },
  });

  if (check.isPending) return <QueryLoading>Checking the invitation…</QueryLoading>;
  if (check.isError)
    return (
      <p
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      >
        {loadErrorMessage(check.error)}
      </p>
    );

  const onSubmit = handleSubmit(async (values) => {
    try {
      signIn(await accept.mutateAsync(values));
    } catch (err) {
      reportFormError(err, setError, { fields: FIELDS });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Welcome, <strong>{check.data.fullName}</strong>. Your account&apos;s email is{' '}
        <strong className="wrap-anywhere">{check.data.email}</strong>.
      </p>
      {errors.token?.message && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {errors.token.message}
        </p>
      )}
      <PasswordInput
        label="Password"
        required
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Repeat Password"
        required
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
      <p className="-mt-2 text-xs text-gray-600">
        Password: 8 to 30 characters with a lowercase and an uppercase letter, a digit and one of -
        + _ ! @ # $ % ^ &amp; * . , ?
      </p>
      <Button type="submit" disabled={accept.isPending} className="w-full py-2.5">
        {accept.isPending && <Spinner />}
        {accept.isPending ? 'Signing in…' : 'Set password and sign in'}
      </Button>
    </form>
  );
}
