import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ChangePasswordSchema, type ChangePassword } from '../../../../shared/contracts/users';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { PasswordInput } from '../../../components/password-input';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useChangePassword } from '../api/change-password';
import { CodeField } from './code-field';

const FIELDS = ['password', 'repeatPassword', 'code'] as const;

/** A new password, confirmed by the e-mailed code; other devices are signed out, this one stays. */
export function ChangePasswordForm() {
  const { user, updateUser } = useAuth();
  const change = useChangePassword();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof ChangePasswordSchema>, unknown, ChangePassword>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { password: '', repeatPassword: '', code: '' },
  });
  useUnsavedChanges(isDirty);
  if (!user) return null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync(values);
      updateUser(res.data);
      reset();
      setSent(false);
      toast.success(res.message ?? 'Saved');
    } catch (err) {
      reportFormError(err, setError, { fields: FIELDS });
    }
  });

  const pending = change.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="password-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="password-title" className="text-lg font-semibold text-ink">
        Change password
      </h2>
      <PasswordInput
        label="New Password"
        required
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Repeat New Password"
        required
        autoComplete="new-password"
        error={errors.repeatPassword?.message}
        {...register('repeatPassword')}
      />
      <CodeField
        label="Password code"
        error={errors.code?.message}
        registration={register('code')}
        email={user.email}
        sent={sent}
        onSent={() => setSent(true)}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
