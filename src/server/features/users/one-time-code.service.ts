import crypto from 'node:crypto';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { USER_MSG } from '../../../shared/contracts/users';
import { badRequest, retryIn, tooMany } from '../../lib/app-error';
import { hashToken, sixDigitCode } from '../../lib/tokens';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { CODE_LIMITS } from './account-limits';
import { codeMail } from './mail-texts';
import * as repo from './codes.repo';

/**
 * Bound to the user and to the address it was sent to, so a leaked hash of one user's code says
 * nothing about another's, and a code proves that very mailbox (an e-mail change proves the new one).
 */
const codeHash = (userId: number, sentTo: string, code: string) =>
  hashToken(`otp:${userId}:${sentTo.toLowerCase()}:${code}`);

/**
 * E-mails a fresh 6-digit code to `to` (default: the user's current address); any earlier code
 * stops working. The answer is the same whether or not `to` has an account. The code and its mail
 * are one transaction; the mail worker is woken after the commit, so the code arrives at once.
 */
export async function sendCode(
  deps: AppDeps,
  user: AuthUser,
  to: string = user.email,
): Promise<{ message: string }> {
  const hit = await deps.counter.hit(`otp:user:${user.id}`, CODE_LIMITS.windowSeconds);
  if (hit.count > CODE_LIMITS.requestsPerWindow) {
    throw tooMany(
      `Too many codes requested. Try again ${retryIn(hit.resetInSeconds)}.`,
      hit.resetInSeconds,
    );
  }
  const code = sixDigitCode();
  await deps.database.db.transaction(async (tx) => {
    await repo.replaceCode(
      tx,
      user.id,
      codeHash(user.id, to, code),
      new Date(Date.now() + CODE_LIMITS.validMinutes * 60_000),
    );
    await enqueueMail(tx, codeMail(to, code));
  });
  deps.kicks.kick(MAIL_JOB);
  return { message: MSG.otpSent };
}

const codeError = (message: string) => badRequest(message, { code: message });

/**
 * Checks and uses the user's latest code, sent to `sentTo`. Every try is reserved in SQL before
 * the code is compared, so many tries at once still get at most five comparisons. After the fifth wrong try the code is spent and a new one must be requested.
 */
export async function useCode(
  db: DbOrTx,
  userId: number,
  sentTo: string,
  code: string,
): Promise<void> {
  const row = await repo.findLatestCode(db, userId);
  if (!row || row.usedAt) throw codeError(USER_MSG.codeMissing);
  if (row.expired) throw codeError(USER_MSG.codeExpired);
  const attempts = await repo.reserveCodeAttempt(db, row.id, CODE_LIMITS.maxTries);
  if (attempts === undefined) throw codeError(USER_MSG.codeExhausted);
  const given = Buffer.from(codeHash(userId, sentTo, code));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.codeHash))) {
    const left = CODE_LIMITS.maxTries - attempts;
    throw codeError(left > 0 ? USER_MSG.codeWrong(left) : USER_MSG.codeExhausted);
  }
  if (!(await repo.useCode(db, row.id))) throw codeError(USER_MSG.codeMissing);
}
