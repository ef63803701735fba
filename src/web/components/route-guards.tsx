import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';

/** Signed-out visitors go to login, remembering where they were going. */
export function RequireUser() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user)
    return (
      <Navigate to="/app/login" replace state={{ from: location.pathname + location.search }} />
    );
  return <Outlet />;
}

/** Admin-only screens: signed-out visitors to login, signed-in non-admins to the dashboard. */
export function RequireAdmin() {
  const { user, isAdmin } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/app/login" replace state={{ from: location.pathname }} />;
  if (!isAdmin) return <Navigate to="/app/dashboard" replace />;
  return <Outlet />;
}
