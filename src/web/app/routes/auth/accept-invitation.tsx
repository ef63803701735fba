import { Link, Navigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { AcceptInvitationForm } from '../../../features/invitations/components/accept-invitation-form';

/** /app/accept-invitation?token=… — the link of the invitation e-mail. */
export function Component() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (user) return <Navigate to="/app/dashboard" replace />;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <title>Accept invitation · Partner Portal</title>
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">Accept your invitation</h1>
        <p className="mt-1 mb-6 text-sm text-gray-600">
          Choose the password you will sign in with.
        </p>
        {token ? (
          <AcceptInvitationForm token={token} />
        ) : (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            This invitation link is incomplete. Open the link from the email again.
          </p>
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
