import { Link, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../../features/users/components/reset-password-form';
import { BadLink } from '../../../features/users/components/bad-reset-link';

/** /app/reset-password?email=…&token=… — the link of the reset e-mail. */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>Reset password · Partner Portal</title>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Reset password</h1>
        <p className="mt-1 mb-6 text-sm text-gray-600">
          Choose a new password. Every device signed in to this account will be signed out.
        </p>
        {email && token ? (
          <ResetPasswordForm email={email} token={token} />
        ) : (
          <BadLink
            message="This reset link is incomplete. Open the link from the e-mail again, or ask for a new one."
            email={email || undefined}
          />
        )}
        <p className="mt-6 text-sm">
          <Link to="/app/login" className="font-medium text-blue-800 hover:underline">
            Back to login
          </Link>
        </p>
      </div>
    </div>
  );
}
