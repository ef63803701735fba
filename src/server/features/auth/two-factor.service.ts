import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, tooMany, retryIn } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import { hashToken } from '../../lib/tokens';
import { verifyPassword } from '../../lib/password';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { secretBox } from '../integrations';
import {
  TWO_FACTOR_MSG,
  TWO_FACTOR_RULES,
  type ConfirmTwoFactor,
  type DisableTwoFactor,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type VerifyCode,
} from '../../../shared/contracts/two-factor';
import type { LoginResponse } from '../../../shared/contracts/auth';
import * as authRepo from './auth.repo';
import * as repo from './second-factor.repo';
import * as throttle from './login-throttle';
import { completeSignIn, endSessions, type SessionOrigin } from './auth.service';
import { twoFactorResetMail } from './second-factor.mails';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238, by `otpauth`) and recovery codes
 * (docs/two-factor.md). The secret is sealed with the secret box (SECRETS_KEY); recovery codes are
 * kept as SHA-256 only; a code is accepted for its 30-second step or the one either side, once.
 */
const ISSUER = 'Partner Portal';
const PERIOD = 30;
const WINDOW = 1;
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const DISABLE_LIMIT = { tries: 5, windowSeconds: 15 * 60 } as const;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** The step a code belongs to (now, or one step either side), or null. */
function stepOf(totp: TOTP, code: string): number | null {
  const delta = totp.validate({ token: code, window: WINDOW });
  return delta === null ? null : totp.counter() + delta;
}

const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * A current app code (never one taken before) or an unused recovery code, which is then used up.
 * `enable`: the set-up's first code, checked against the secret not yet turned on.
 */
async function checkCode(
  deps: AppDeps,
  db: DbOrTx,
  userId: number,
  email: string,
  raw: string,
  enable = false,
): Promise<'app' | 'recovery' | false> {
  const code = normalize(raw);
  if (/^\d{6}$/.test(code)) {
    const row = await repo.findTwoFactor(db, userId);
    if (!row || Boolean(row.enabledAt) === enable) return false;
    const step = stepOf(totpOf(secretBox(deps.env).open(row.secret), email), code);
    if (step === null) return false;
    return (await repo.takeStep(db, userId, step, enable)) ? 'app' : false;
  }
  if (enable || code.length !== 10) return false;
  return (await repo.useRecoveryCode(db, userId, hashToken(code))) ? 'recovery' : false;
}

/**
 * The code step of a password sign-in. Each try counts against the sign-in limits like a password
 * (login-throttle.ts); five wrong codes end the attempt; a right one makes the session.
 */
export async function verifySignInCode(
  deps: AppDeps,
  input: VerifyCode,
): Promise<{ response: LoginResponse; newDeviceToken?: string }> {
  const db = deps.database.db;
  const challenge = await repo.findChallenge(db, input.challenge, 'totp');
  if (!challenge?.userId)
    throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.challengeEnded);
  const attempt = challenge.data.attempt as throttle.LoginAttempt;
  const counted = await throttle.reserveAgain(deps, attempt);
  const user = await authRepo.findUserById(db, challenge.userId);
  const used = user ? await checkCode(deps, db, user.id, user.email, input.code) : false;
  if (!user || !used) {
    if ((await repo.countWrong(db, challenge.id)) >= TWO_FACTOR_RULES.maxTries) {
      await repo.takeChallenge(db, challenge.id);
      throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.tooManyCodes);
    }
    throw badRequest(TWO_FACTOR_MSG.codeWrong, { code: TWO_FACTOR_MSG.codeWrong });
  }
  if (!(await repo.takeChallenge(db, challenge.id)))
    throw new AppError(401, ERROR_CODES.unauthenticated, TWO_FACTOR_MSG.challengeEnded);
  if (user.disabled) throw new AppError(403, ERROR_CODES.forbidden, MSG.accountDisabled);
  if (used === 'recovery') await repo.recordEvent(db, user.id, 'two-factor.recovery-code-used');
  return completeSignIn(deps, user, counted, challenge.data.origin as SessionOrigin);
}

export async function status(deps: AppDeps, user: AuthUser): Promise<TwoFactorStatus> {
  const db = deps.database.db;
  const row = await repo.findTwoFactor(db, user.id);
  return {
    enabled: Boolean(row?.enabledAt),
    recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(db, user.id) : 0,
    required: deps.env.REQUIRE_ADMIN_2FA && user.role === 'admin',
    passkeys: await repo.countPasskeys(db, user.id),
  };
}

/** A new secret to scan (replacing a set-up not confirmed); nothing changes until confirmed. */
export async function setup(deps: AppDeps, user: AuthUser): Promise<TwoFactorSetup> {
  const db = deps.database.db;
  if ((await repo.findTwoFactor(db, user.id))?.enabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await repo.savePendingSecret(db, user.id, secretBox(deps.env).seal(secret));
  const uri = totpOf(secret, user.email).toString();
  const svg = renderSVG(uri, { border: 2 });
  return {
    secret,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The first right code turns it on and answers the ten recovery codes, shown this once. */
export async function confirm(
  deps: AppDeps,
  user: AuthUser,
  input: ConfirmTwoFactor,
): Promise<RecoveryCodes> {
  const db = deps.database.db;
  const row = await repo.findTwoFactor(db, user.id);
  if (row?.enabledAt) throw conflict(TWO_FACTOR_MSG.alreadyOn);
  if (!row) throw conflict(TWO_FACTOR_MSG.noSetup);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await checkCode(deps, tx, user.id, user.email, input.code, true)))
      throw badRequest(TWO_FACTOR_MSG.codeSetupWrong, { code: TWO_FACTOR_MSG.codeSetupWrong });
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => hashToken(normalize(c))),
    );
    await repo.touchUser(tx, user.id);
    await repo.recordEvent(tx, user.id, 'two-factor.enabled');
  });
  return { message: TWO_FACTOR_MSG.enabled, recoveryCodes: codes };
}

/** Turning it off takes a current code (or a recovery code) or the password; tries are limited. */
export async function disable(
  deps: AppDeps,
  user: AuthUser,
  input: DisableTwoFactor,
): Promise<{ message: string }> {
  const db = deps.database.db;
  const row = await repo.findTwoFactor(db, user.id);
  if (!row?.enabledAt) throw conflict(TWO_FACTOR_MSG.notOn);
  const key = `two-factor:disable:${user.id}`;
  const hit = await deps.counter.hit(key, DISABLE_LIMIT.windowSeconds);
  if (hit.count > DISABLE_LIMIT.tries)
    throw tooMany(`Too many tries. Try again ${retryIn(hit.resetInSeconds)}.`, hit.resetInSeconds);
  if (input.code) {
    if (!(await checkCode(deps, db, user.id, user.email, input.code)))
      throw badRequest(TWO_FACTOR_MSG.codeWrong, { code: TWO_FACTOR_MSG.codeWrong });
  } else {
    const account = await authRepo.findUserByEmail(db, user.email);
    if (!account || !(await verifyPassword(input.password ?? '', account.passwordHash)))
      throw badRequest(TWO_FACTOR_MSG.passwordWrong, { password: TWO_FACTOR_MSG.passwordWrong });
  }
  await deps.counter.reset(key);
  await db.transaction(async (tx) => {
    await repo.removeTwoFactor(tx, user.id);
    await repo.touchUser(tx, user.id);
    await repo.recordEvent(tx, user.id, 'two-factor.disabled');
  });
  return { message: TWO_FACTOR_MSG.disabled };
}

/**
 * Removes every second factor of an account (app, recovery codes, passkeys) and ends its sessions
 * (but `keepSessionId`), recorded as done by `actorId` (null: the operator's `npm run create-user`).
 */
export async function resetSecondFactors(
  db: DbOrTx,
  userId: number,
  actorId: number | null,
  keepSessionId?: number,
): Promise<void> {
  await repo.removeTwoFactor(db, userId);
  await repo.deletePasskeysOf(db, userId);
  await endSessions(db, userId, keepSessionId);
  await repo.touchUser(db, userId);
  await repo.recordEvent(db, userId, 'two-factor.reset', actorId);
}

/**
 * An admin resets a user's second factors (app, recovery codes, passkeys): the user's sessions end
 * (the admin's own stays when they reset themselves), the event is recorded and the user mailed.
 */
export async function adminReset(
  deps: AppDeps,
  actor: AuthUser,
  userId: number,
): Promise<{ message: string }> {
  await deps.database.db.transaction(async (tx) => {
    const user = await authRepo.findUserById(tx, userId);
    if (!user) throw notFound('User');
    await resetSecondFactors(
      tx,
      userId,
      actor.id,
      actor.id === userId ? actor.sessionId : undefined,
    );
    await enqueueMail(tx, twoFactorResetMail(user.email, actor.fullName));
  });
  deps.kicks.kick(MAIL_JOB);
  return { message: TWO_FACTOR_MSG.reset };
}
