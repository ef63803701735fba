import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';

const TWO_FACTOR_SETUP = '/app/two-factor-setup';

/**
 * Signed-out visitors go to login, remembering where they were going. An admin who must set up a
 * second factor first (REQUIRE_ADMIN_2FA) sees only its set-up.
 */
export function RequireUser() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user)
    return (
      <Navigate to="/app/login" replace state={{ from: location.pathname + location.search }} />
    );
  if (user.mustSetUpTwoFactor && location.pathname !== TWO_FACTOR_SETUP)
    return <Navigate to={TWO_FACTOR_SETUP} replace />;
  return <Outlet />;
}

/** Admin-only screens: signed-out visitors to login, signed-in non-admins to the dashboard. */
export function RequireAdmin() {
  const { user, isAdmin } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/app/login" replace state={{ from: location.pathname }} />;
  if (user.mustSetUpTwoFactor) return <Navigate to={TWO_FACTOR_SETUP} replace />;
  if (!isAdmin) return <Navigate to="/app/dashboard" replace />;
  return <Outlet />;
}
