import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { LoginResponse } from '../../../../shared/contracts/auth';
import {
  ConfirmTwoFactorSchema,
  type ConfirmTwoFactor,
} from '../../../../shared/contracts/two-factor';
import { ApiError } from '../../../lib/api-client';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useVerifySignInCode } from '../api/two-factor';

/**
 * The second step of a password sign-in: the 6-digit code from the authenticator app, or a
 * recovery code. A refusal that ends the attempt (five wrong codes, too late) goes back to the
 * password with its message.
 */
export function SignInCodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn(user: LoginResponse): void;
  onRestart(message: string): void;
}) {
  const verify = useVerifySignInCode();
  const [recovery, setRecovery] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof ConfirmTwoFactorSchema>, unknown, ConfirmTwoFactor>({
    resolver: zodResolver(ConfirmTwoFactorSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      onSignedIn(await verify.mutateAsync({ challenge, code }));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        onRestart(err.message);
        return;
      }
      const report = reportFormError(err, setError, {
        fields: ['code'],
        say: setFormError,
        sayWhenFieldsShown: false,
      });
      if (report && report.shown.length === 0) setFormError(report.message);
    }
  });

  const pending = verify.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">Two-factor authentication</h2>
        <p className="mt-1 text-sm text-gray-600">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Partner Portal.'}
        </p>
      </div>
      {formError && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {formError}
        </div>
      )}
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        maxLength={40}
        error={errors.code?.message}
        {...register('code')}
      />
      <Button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="w-full py-2.5"
      >
        {pending && <Spinner />}
        {pending ? 'Checking…' : 'Verify'}
      </Button>
      <button
        type="button"
        className="self-start text-sm font-medium text-blue-800 underline-offset-2 hover:underline"
        onClick={() => {
          setRecovery((r) => !r);
          setFormError(null);
          setTimeout(() => setFocus('code'));
        }}
      >
        {recovery ? 'Use the code from my app' : 'Use a recovery code'}
      </button>
    </form>
  );
}
