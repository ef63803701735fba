import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ChangeEmailSchema, type ChangeEmail } from '../../../../shared/contracts/users';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useChangeEmail } from '../api/change-email';
import { CodeField } from './code-field';

/** A new e-mail address, confirmed by the code sent to that new address (the old one is told afterwards). */
export function ChangeEmailForm() {
  const { user, updateUser } = useAuth();
  const change = useChangeEmail();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    trigger,
    getValues,
    watch,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof ChangeEmailSchema>, unknown, ChangeEmail>({
    resolver: zodResolver(ChangeEmailSchema),
    defaultValues: { email: '', code: '' },
  });
  useUnsavedChanges(isDirty);
  if (!user) return null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync(values);
      updateUser(res.data);
      reset({ email: '', code: '' });
      setSent(false);
      toast.success(res.message ?? 'Saved');
    } catch (err) {
      reportFormError(err, setError, { fields: ['email', 'code'] });
    }
  });

  const pending = change.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="email-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="email-title" className="text-lg font-semibold text-ink">
        Change email
      </h2>
      <TextField
        label="New Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <CodeField
        label="Email code"
        error={errors.code?.message}
        registration={register('code')}
        email={watch('email') || user.email}
        sent={sent}
        onSent={() => setSent(true)}
        sendTo={async () => ((await trigger('email')) ? getValues('email').trim() : undefined)}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? 'Changing…' : 'Change email'}
        </Button>
      </div>
    </form>
  );
}
