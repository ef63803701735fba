import type { AppDeps } from '../../context';
import { USER_MSG, type ResetPassword } from '../../../shared/contracts/users';
import { badRequest, retryIn, tooMany } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { clearLoginFailures, endSessions } from '../auth';
import { RESET_LIMITS } from './account-limits';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { resetMail } from './mail-texts';
import * as codes from './codes.repo';
import * as users from './users.repo';

export function resetLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/app/reset-password?${new URLSearchParams({ email, token }).toString()}`;
}

/**
 * Answers the same message whether or not the address has an account; the link's mail is queued
 * with the reset (one transaction) and sent by the mail worker after the answer, so the send's
 * time never shows in it. Limits count every request, known address or not, so they reveal nothing either.
 */
export async function forgotPassword(
  deps: AppDeps,
  email: string,
  ip: string,
): Promise<{ message: string }> {
  const [byEmail, byAddress] = await Promise.all([
    deps.counter.hit(`forgot:email:${email.toLowerCase()}`, RESET_LIMITS.windowSeconds),
    deps.counter.hit(`forgot:ip:${ip}`, RESET_LIMITS.windowSeconds),
  ]);
  if (byAddress.count > RESET_LIMITS.perAddress) {
    throw tooMany(
      `Too many reset requests from your network. Try again ${retryIn(byAddress.resetInSeconds)}.`,
      byAddress.resetInSeconds,
    );
  }
  if (byEmail.count > RESET_LIMITS.perEmail) {
    throw tooMany(
      `Too many reset requests for this email. Try again ${retryIn(byEmail.resetInSeconds)}.`,
      byEmail.resetInSeconds,
    );
  }
  const account = await users.findAccountByEmail(deps.database.db, email);
  if (account && !account.disabled) {
    const token = newToken();
    await deps.database.db.transaction(async (tx) => {
      await codes.insertReset(
        tx,
        account.id,
        hashToken(token),
        new Date(Date.now() + RESET_LIMITS.validMinutes * 60_000),
      );
      await enqueueMail(
        tx,
        resetMail(account.email, resetLink(deps.env.publicUrl, account.email, token)),
      );
    });
    deps.kicks.kick(MAIL_JOB);
  }
  return { message: USER_MSG.forgotSent };
}

const linkError = (message: string) => badRequest(message, { token: message });

/** Sets the new password, uses the link (and any other open one), and ends every session of the user. */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPassword,
): Promise<{ message: string }> {
  const db = deps.database.db;
  const reset = await codes.findReset(db, hashToken(input.token));
  const account = reset && (await users.findAccount(db, reset.userId));
  if (!reset || !account || account.email.toLowerCase() !== input.email.toLowerCase())
    throw linkError(USER_MSG.resetInvalid);
  if (reset.usedAt) throw linkError(USER_MSG.resetUsed);
  if (reset.expired) throw linkError(USER_MSG.resetExpired);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await codes.useResets(tx, reset.id, account.id))) throw linkError(USER_MSG.resetUsed);
    await users.updateAccount(tx, account.id, { passwordHash });
    await endSessions(tx, account.id);
  });
  await clearLoginFailures(deps, account.email);
  return { message: USER_MSG.resetDone };
}
