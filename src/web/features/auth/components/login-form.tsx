import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoginRequestSchema } from '../../../../shared/contracts/auth';
import { useAuth } from '../../../lib/auth';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { PasswordInput } from '../../../components/password-input';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useLogin } from '../api/login';

type LoginInput = z.input<typeof LoginRequestSchema>;
type LoginValues = z.output<typeof LoginRequestSchema>;
const FIELDS = ['email', 'password'] as const;

/**
 * Email and password, checked by the server's own schema so the spec's messages show verbatim
 * under the fields. Server refusals (wrong credentials, too many attempts, disabled account) show
 * as a toast and stay above the form until the next try. On success the session is stored; the
 * login route then sends the user on. An account with two-factor answers a challenge instead of a
 * session: `onSecondFactor` takes it (the login route shows the code step), and `notice` is what
 * the code step said when it sent the user back here.
 */
export function LoginForm({
  onSecondFactor,
  notice,
}: {
  onSecondFactor(challenge: string): void;
  notice?: string | null;
}) {
  const { signIn } = useAuth();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(notice ?? null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login.mutateAsync(values);
      if ('secondFactor' in result) onSecondFactor(result.challenge);
      else signIn(result);
    } catch (err) {
      const report = reportFormError(err, setError, { fields: FIELDS });
      // Field messages already say what is wrong; the alert is for refusals of the whole attempt.
      if (report && report.shown.length === 0) setFormError(report.message);
    }
  });

  const pending = login.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-describedby={formError ? 'login-error' : undefined}
    >
      {formError && (
        <div
          id="login-error"
          role="alert"
          className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
            <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-.9 4h1.8v5.5H9.1zm0 7h1.8v1.8H9.1z" />
          </svg>
          <span>{formError}</span>
        </div>
      )}
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="flex flex-col gap-1">
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link
          to="/app/forgot-password"
          className="self-end text-sm font-medium text-blue-800 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
        className="w-full py-2.5"
      >
        {pending && <Spinner />}
        {pending ? 'Signing in…' : 'Login'}
      </Button>
    </form>
  );
}
