import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { MeResponse, SessionUser } from '../../shared/contracts/auth';
import { AUTH_PATHS } from '../../shared/contracts/auth-paths';
import { api, onSecondFactorRequired, onSessionEnded } from './api-client';
import { clearSession, readSession, writeSession, type StoredUser } from './session';
import { queryClient } from './query-client';
import { toast } from './toast';
import { MSG } from '../../shared/messages';

interface AuthState {
  user: StoredUser | null;
  isAdmin: boolean;
  signIn(user: StoredUser): void;
  /** Refreshes the stored user from the server (after an account change). */
  updateUser(user: SessionUser): void;
  /** Reads the current user again from the server (after a change made elsewhere, e.g. their brand renamed). */
  refreshUser(): Promise<void>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => readSession());

  const updateUser = useCallback((fresh: SessionUser) => {
    setUser((prev) => {
      if (!prev) return prev;
      const next = { ...prev, ...fresh };
      // The usual answer on load is the user as stored: kept as it is, so no screen renders again
      // (a first load of My Patterns rendered its rows twice when it came before them: issue 50).
      if (JSON.stringify(next) === JSON.stringify(prev)) return prev;
      writeSession(next);
      return next;
    });
  }, []);

  const refreshUser = useCallback(async () => {
    if (!readSession()) return;
    await api<MeResponse>(AUTH_PATHS.me)
      .then((r) => updateUser(r.user))
      .catch(() => undefined);
  }, [updateUser]);

  // The current user is fetched on app load (spec section 4); a 401 clears the session.
  useEffect(() => {
    void refreshUser();
  }, [refreshUser]);

  useEffect(() => onSecondFactorRequired(() => void refreshUser()), [refreshUser]);

  useEffect(
    () =>
      onSessionEnded(() => {
        setUser(null);
        queryClient.clear();
        // Without it the user lands on the sign-in screen with no idea why (expired, signed out elsewhere, disabled).
        toast.info(MSG.signedOut, 'session-ended');
      }),
    [],
  );

  const value = useMemo<AuthState>(
    () => ({
      user,
      isAdmin: user?.role === 'admin',
      signIn(u) {
        writeSession(u);
        setUser(u);
      },
      updateUser,
      refreshUser,
      async signOut() {
        if (readSession()) await api(AUTH_PATHS.signout, { method: 'POST' }).catch(() => undefined);
        clearSession();
        queryClient.clear();
        setUser(null);
      },
    }),
    [user, updateUser, refreshUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
