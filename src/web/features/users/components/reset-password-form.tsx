import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ResetPasswordSchema, type ResetPassword } from '../../../../shared/contracts/users';
import { reportFormError } from '../../../lib/form-errors';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { PasswordInput } from '../../../components/password-input';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useResetPassword } from '../api/reset-password';
import { FormAlert } from './form-alert';
import { BadLink } from './bad-reset-link';

/**
 * The new password, twice, for the e-mail and token of the link. Success ends every session of the
 * account (this browser's too) and goes to login with a toast; a used, expired or wrong link says
 * so and offers a new one.
 */
export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const { user, signOut } = useAuth();
  const [linkError, setLinkError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ResetPasswordSchema>, unknown, ResetPassword>({
    resolver: zodResolver(ResetPasswordSchema),
    defaultValues: { email, token, password: '', repeatPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message } = await reset.mutateAsync(values);
      if (user) await signOut();
      toast.success(message);
      navigate('/app/login', { replace: true });
    } catch (err) {
      // Spec section 8: the reply is kept on the screen, no toast; a bad link replaces the form.
      reportFormError(err, setError, {
        fields: ['password', 'repeatPassword'],
        other: { token: setLinkError },
        say: setFailure,
        sayWhenFieldsShown: false,
      });
    }
  });

  if (linkError) return <BadLink message={linkError} email={email} />;
  const pending = reset.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {failure && <FormAlert kind="error">{failure}</FormAlert>}
      <p className="text-sm text-gray-700">
        Account: <span className="font-semibold break-all">{email}</span>
      </p>
      <PasswordInput
        label="Confirm Password"
        required
        autoComplete="new-password"
        autoFocus
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Repeat Confirm Password"
        required
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
      <p className="text-xs text-gray-600">
        8 to 30 characters with a lowercase and an uppercase letter, a digit and one of - + _ ! @ #
        $ % ^ &amp; * . , ?
      </p>
      <Button type="submit" disabled={pending} className="w-full py-2.5">
        {pending && <Spinner />}
        {pending ? 'Resetting…' : 'Reset Password'}
      </Button>
    </form>
  );
}
