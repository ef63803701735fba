import type { AppDeps, AuthUser } from '../../context';
import type { StoredUpload } from '../../storage/upload';
import {
  USER_MSG,
  type AccountResponse,
  type ChangeEmail,
  type ChangePassword,
  type UpdateAccount,
} from '../../../shared/contracts/users';
import { badRequest, notFound, retryIn, tooMany } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { clearLoginFailures, signOutOtherSessions } from '../auth';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { emailChangedMail } from './mail-texts';
import { useCode } from './one-time-code.service';
import { emailTakenError, mustFindSessionUser } from './users.service';
import * as repo from './users.repo';

/** My Account: full name and picture change directly. The replaced picture is deleted after the change is saved. */
export async function updateAccount(
  deps: AppDeps,
  user: AuthUser,
  input: UpdateAccount,
  pic?: StoredUpload,
): Promise<AccountResponse> {
  const db = deps.database.db;
  let oldKey: string | null = null;
  try {
    const account = await repo.findAccount(db, user.id);
    if (!account) throw notFound('User');
    oldKey = account.profilePicKey;
    const profilePicKey = pic ? pic.key : input.removeProfilePic ? null : account.profilePicKey;
    await repo.updateAccount(db, user.id, { fullName: input.fullName, profilePicKey });
    if (oldKey && oldKey !== profilePicKey) await deps.files.delete(oldKey).catch(() => undefined);
  } catch (err) {
    if (pic) await deps.files.delete(pic.key).catch(() => undefined);
    throw err;
  }
  return { data: await mustFindSessionUser(db, user.id), message: USER_MSG.accountUpdated };
}

/** Calls of change-email per user and hour, reserved before anything is checked. */
export const CHANGE_EMAIL_LIMIT = { perUser: 10, windowSeconds: 60 * 60 } as const;

/**
 * A new e-mail needs the code sent to that new address; the old address is told of the change.
 * Whether another account has the address is said only once its code is proven, so the call
 * cannot be used to find out who has an account.
 */
export async function changeEmail(
  deps: AppDeps,
  user: AuthUser,
  input: ChangeEmail,
): Promise<AccountResponse> {
  const hit = await deps.counter.hit(
    `change-email:user:${user.id}`,
    CHANGE_EMAIL_LIMIT.windowSeconds,
  );
  if (hit.count > CHANGE_EMAIL_LIMIT.perUser) {
    throw tooMany(
      `Too many e-mail changes tried. Try again ${retryIn(hit.resetInSeconds)}.`,
      hit.resetInSeconds,
    );
  }
  const db = deps.database.db;
  const account = await repo.findAccount(db, user.id);
  if (!account) throw notFound('User');
  if (input.email.toLowerCase() === account.email.toLowerCase())
    throw badRequest(USER_MSG.sameEmail, { email: USER_MSG.sameEmail });
  await useCode(db, user.id, input.email, input.code);
  if (await repo.emailTaken(db, input.email, user.id)) throw emailTakenError();
  try {
    await db.transaction(async (tx) => {
      await repo.updateAccount(tx, user.id, { email: input.email });
      await enqueueMail(tx, emailChangedMail(account.email, input.email));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
  deps.kicks.kick(MAIL_JOB);
  return { data: await mustFindSessionUser(db, user.id), message: USER_MSG.emailChanged };
}

/** A new password needs the code; every other session of the user ends, this one stays. */
export async function changePassword(
  deps: AppDeps,
  user: AuthUser,
  input: ChangePassword,
): Promise<AccountResponse> {
  const db = deps.database.db;
  await useCode(db, user.id, user.email, input.code);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await repo.updateAccount(tx, user.id, { passwordHash });
    await signOutOtherSessions(tx, user.id, user.sessionId);
  });
  await clearLoginFailures(deps, user.email);
  return { data: await mustFindSessionUser(db, user.id), message: USER_MSG.passwordChanged };
}
