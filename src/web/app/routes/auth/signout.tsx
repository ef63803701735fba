import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { LoadingOverlay } from '../../../components/loading-overlay';

/** /app/signout ends the session on the server, clears the browser's copy and goes to login. */
export function Component() {
  const { user, signOut } = useAuth();
  useEffect(() => {
    if (user) void signOut();
  }, [user, signOut]);
  return user ? <LoadingOverlay label="Signing out…" /> : <Navigate to="/app/login" replace />;
}
