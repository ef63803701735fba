import type { Db, DbOrTx } from '../../db/client';
import type { SessionOrigin } from './sessions.repo';
import type { AppDeps, AuthUser } from '../../context';
import type { LoginRequest, LoginResponse, SessionUser } from '../../../shared/contracts/auth';
import type { LoginResult } from '../../../shared/contracts/two-factor';
import { MSG } from '../../../shared/messages';
import { AppError, unauthenticated } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './auth.repo';
import * as throttle from './login-throttle';
import { hasSecondFactor, startCodeChallenge } from './second-factor.repo';
import { forgetUserEverywhere, sessionCacheOf } from './session-cache';
import { sessionOpened } from './session-seen';

export { LOGIN_LIMITS } from './login-throttle';

export function toSessionUser(row: repo.UserRow): SessionUser {
  return {
    id: row.id,
    fullName: row.fullName,
    role: row.role,
    email: row.email,
    brand:
      row.brandId && row.brandName
        ? { id: row.brandId, name: row.brandName, slug: row.brandSlug ?? '' }
        : null,
    profilePicUrl: row.profilePicKey ? `/api/users/${row.id}/profile-pic` : null,
  };
}

/** The session's user: from the session cache (session-cache.ts) when it has it, else one query. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | undefined> {
  const hash = hashToken(token);
  const cache = sessionCacheOf(db);
  const cached = cache?.get(hash);
  if (cached) return cached;
  const stamp = cache?.stamp();
  const row = await repo.findActiveSession(db, hash);
  if (!row) return undefined;
  const { expiresAt, ...user } = row;
  if (cache && stamp !== undefined) cache.set(hash, user, expiresAt, stamp);
  return user;
}

export type { SessionOrigin } from './sessions.repo';

/**
 * The one place a session is opened (password, company sign-in, invitation); answers its token.
 * A second factor, when the account has one, belongs before this call.
 */
export async function createSession(
  deps: AppDeps,
  userId: number,
  origin?: SessionOrigin,
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + deps.env.SESSION_DAYS * 24 * 3600 * 1000);
  const id = await repo.insertSession(deps.database.db, userId, hashToken(token), expiresAt, {
    userAgent: origin?.userAgent?.slice(0, 500),
    ip: origin?.ip,
    method: origin?.method,
  });
  sessionOpened(id, origin?.ip);
  return token;
}

/**
 * Checks a password under the sign-in limits (login-throttle.ts). Answers the session and, for a
 * browser that did not know this account yet, a device token to keep in a cookie. An account with
 * two-factor gets no session here: a challenge for the code step (two-factor.service.ts).
 */
export async function login(
  deps: AppDeps,
  input: LoginRequest,
  ip: string,
  deviceToken?: string,
  userAgent?: string,
): Promise<{ response: LoginResult; newDeviceToken?: string }> {
  const email = input.email.toLowerCase();
  const attempt = await throttle.reserveAttempt(deps, email, ip, deviceToken);

  const user = await repo.findUserByEmail(deps.database.db, email);
  // Verify against a dummy hash when the e-mail is unknown, so timing does not reveal which was wrong.
  // A known browser's check goes ahead of a flood's queue: it is the account's owner, most likely.
  const ok = await verifyPassword(
    input.password,
    user?.passwordHash ?? (await dummyPasswordHash()),
    { urgent: attempt.deviceId !== undefined },
  );
  if (!user || !ok) throw new AppError(401, ERROR_CODES.unauthenticated, MSG.invalidCredentials);
  if (user.disabled) throw new AppError(403, ERROR_CODES.forbidden, MSG.accountDisabled);
  // The attempt stays counted until the second factor is right too.
  const origin: SessionOrigin = { ip, userAgent, method: 'password' };
  const challenge = await startCodeChallenge(deps.database.db, user.id, attempt, origin);
  if (challenge) return { response: { secondFactor: 'totp', challenge } };
  return completeSignIn(deps, user, attempt, origin);
}

/**
 * The one way a sign-in becomes a session, once every factor it needs was shown (a password alone,
 * a password and a code, a passkey, a company sign-in): the attempt's counts are given back, the
 * browser is remembered and the session made.
 */
export async function completeSignIn(
  deps: AppDeps,
  user: repo.UserRow,
  attempt: throttle.LoginAttempt | undefined,
  origin: SessionOrigin,
): Promise<{ response: LoginResponse; newDeviceToken?: string }> {
  const newDeviceToken = attempt ? await throttle.succeeded(deps, attempt, user.id) : undefined;
  const token = await createSession(deps, user.id, origin);
  const sessionUser = await withSecondFactorState(deps, toSessionUser(user), {
    viaPasskey: origin.method === 'passkey',
  });
  return { response: { ...sessionUser, token }, newDeviceToken };
}

/** Marks an admin who must set up a second factor first (REQUIRE_ADMIN_2FA). */
export async function withSecondFactorState(
  deps: AppDeps,
  user: SessionUser,
  session: { id: number } | { viaPasskey: boolean },
): Promise<SessionUser> {
  if (!deps.env.REQUIRE_ADMIN_2FA || user.role !== 'admin') return user;
  return {
    ...user,
    mustSetUpTwoFactor: !(await hasSecondFactor(deps.database.db, user.id, session)),
  };
}

export async function me(deps: AppDeps, user: AuthUser): Promise<SessionUser> {
  const row = await repo.findUserById(deps.database.db, user.id);
  if (!row) throw unauthenticated();
  return withSecondFactorState(deps, toSessionUser(row), { id: user.sessionId });
}

export async function signout(deps: AppDeps, user: AuthUser): Promise<void> {
  await repo.deleteSession(deps.database.db, user.sessionId);
  // The trigger's notification does this too; here it does not wait for PostgreSQL's delivery.
  sessionCacheOf(deps.database.db)?.apply(`s${user.sessionId}`);
}

/** Stops a user's sessions at once (disabled account, password reset), or all but the current one (password change). */
export async function endSessions(
  db: DbOrTx,
  userId: number,
  exceptSessionId?: number,
): Promise<void> {
  await repo.deleteSessionsOfUser(db, userId, exceptSessionId);
  // Before a transaction commits this only empties the entries early; the commit's notification
  // (session_notify triggers) removes any a concurrent request put back meanwhile.
  forgetUserEverywhere(userId);
}

/**
 * Signs a user out of every device but the one given (a password change, a two-factor reset, "Sign
 * out everywhere else"); without one, out of all. Answers how many sessions ended.
 */
export async function signOutOtherSessions(
  db: DbOrTx,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  const ended = await repo.deleteSessionsOfUser(db, userId, exceptSessionId);
  forgetUserEverywhere(userId);
  return ended;
}

/** The account as the browser keeps it, or undefined. */
export async function findSessionUserById(
  db: DbOrTx,
  id: number,
): Promise<SessionUser | undefined> {
  const row = await repo.findUserById(db, id);
  return row ? toSessionUser(row) : undefined;
}

/** Forgets failed sign-ins of an e-mail, so a user who just reset their password can sign in at once. */
export async function clearLoginFailures(deps: AppDeps, email: string): Promise<void> {
  await deps.counter.reset(`login:account:${email.toLowerCase()}`);
}

/** How many accounts exist (bootstrap creates the first admin only when none does). */
export async function countUsers(db: DbOrTx): Promise<number> {
  return repo.countUsers(db);
}

/** Writes an account as given, password already hashed (bootstrap, the CLI and tests); returns its id. */
export async function insertUser(
  db: DbOrTx,
  values: Parameters<typeof repo.insertUser>[1],
): ReturnType<typeof repo.insertUser> {
  return repo.insertUser(db, values);
}
