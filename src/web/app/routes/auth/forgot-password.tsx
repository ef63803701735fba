import { Link, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '../../../features/users/components/forgot-password-form';

/** /app/forgot-password: e-mail a single-use reset link (valid one hour). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>Forgot password · Partner Portal</title>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Forgot password</h1>
        <p className="mt-1 mb-6 text-sm text-gray-600">
          Enter the email of your account. We will send you a link to choose a new password; it
          works once, for one hour.
        </p>
        <ForgotPasswordForm initialEmail={params.get('email') ?? ''} />
        <div className="mt-6 flex flex-col gap-2 text-sm sm:flex-row sm:justify-between">
          <Link to="/app/login" className="font-medium text-blue-800 hover:underline">
            Remember password?
          </Link>
          <Link to="/app/signup" className="font-medium text-blue-800 hover:underline">
            Start a 14 day free trial
          </Link>
        </div>
      </div>
    </div>
  );
}
