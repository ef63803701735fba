import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ForgotPasswordSchema, type ForgotPassword } from '../../../../shared/contracts/users';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useForgotPassword } from '../api/forgot-password';
import { FormAlert } from './form-alert';

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * screen says the same too. Failures (too many requests, network) show above the form, not as a
 * toast (spec section 8).
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ForgotPasswordSchema>, unknown, ForgotPassword>({
    resolver: zodResolver(ForgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setSent(null);
    try {
      setSent((await forgot.mutateAsync(values)).message);
    } catch (err) {
      // Spec section 8: the reply is kept on the screen, no toast.
      reportFormError(err, setError, {
        fields: ['email'],
        say: setFailure,
        sayWhenFieldsShown: false,
      });
    }
  });

  const pending = forgot.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {sent && <FormAlert kind="success">{sent}</FormAlert>}
      {failure && <FormAlert kind="error">{failure}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" disabled={pending} className="w-full py-2.5">
        {pending && <Spinner />}
        {pending ? 'Sending…' : sent ? 'Send the link again' : 'Send reset link'}
      </Button>
    </form>
  );
}
