import { Navigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { TwoFactorSection } from '../../../features/two-factor/components/two-factor-section';
import { PasskeysSection } from '../../../features/two-factor/components/passkeys-section';

/**
 * /app/two-factor-setup: where an admin without a second factor is held under REQUIRE_ADMIN_2FA
 * (the server answers them nothing else). Done once the app is on or a passkey is added.
 */
export function Component() {
  const { user } = useAuth();
  if (user && !user.mustSetUpTwoFactor) return <Navigate to="/app/dashboard" replace />;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <title>Set up two-factor authentication · Partner Portal</title>
      <h1 className="text-2xl font-bold text-ink">Set up two-factor authentication</h1>
      <p className="mt-2 mb-6 text-sm text-gray-700">
        This portal requires administrators to sign in with a second factor. Turn on an
        authenticator app or add a passkey to continue.
      </p>
      <div className="flex flex-col gap-6">
        <TwoFactorSection />
        <PasskeysSection />
      </div>
    </div>
  );
}
