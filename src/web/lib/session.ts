import type { LoginResponse } from '../../shared/contracts/auth';

/** The session as the specification keeps it: the user under `user`, and `user_authenticated` = 'true'. */
export const SESSION_KEYS = { user: 'user', flag: 'user_authenticated' } as const;
const USER_KEY = SESSION_KEYS.user;
const FLAG_KEY = SESSION_KEYS.flag;

export type StoredUser = LoginResponse;

export function readSession(): StoredUser | null {
  if (localStorage.getItem(FLAG_KEY) !== 'true') return null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

export function writeSession(user: StoredUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(FLAG_KEY, 'true');
}

export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(FLAG_KEY);
}

/** The bearer token, sent only when user_authenticated is 'true'. */
export function sessionToken(): string | undefined {
  return readSession()?.token;
}

/** The header that signs a request in, when there is a session. */
export function authHeaders(): Record<string, string> {
  const token = sessionToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}
