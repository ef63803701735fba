import type { AppDeps, AuthUser } from '../../context';
import type { LoginResponse } from '../../../shared/contracts/auth';
import {
  INVITATION_MSG,
  INVITATION_PAGE,
  type AcceptInvitation,
  type Invitation,
  type InvitationCheckResponse,
  type Invite,
} from '../../../shared/contracts/invitations';
import { MSG } from '../../../shared/messages';
import { badRequest, conflict, notFound, retryIn, tooMany } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueMail, MAIL_JOB } from '../../mail/mail-job';
import { findBrandByRef } from '../brands';
import { createSession, findSessionUserById } from '../auth';
import { inviteMail } from './mail-texts';
import * as repo from './invitations.repo';
import * as users from './users.repo';
import { emailTakenError } from './users.service';

/**
 * Invitations (docs/sign-in.md): an admin names the person, their role and brand; they get a
 * link valid INVITE_DAYS and choose their own password, which signs them in. Only the token's
 * hash is stored; the link is in the mail alone (not in logs, activity or any answer).
 */
function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITATION_PAGE}?${new URLSearchParams({ token }).toString()}`;
}

function toInvitation(row: repo.InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    brand: row.brandId && row.brandName ? { id: row.brandId, name: row.brandName } : null,
    invitedBy: row.invitedBy,
    sentAt: new Date(row.sentAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    expired: row.expired,
  };
}

const expiry = (deps: AppDeps) => new Date(Date.now() + deps.env.INVITE_DAYS * 24 * 3600 * 1000);
const pendingError = () => conflict(INVITATION_MSG.pending, { email: INVITATION_MSG.pending });

export async function listInvitations(deps: AppDeps): Promise<Invitation[]> {
  return (await repo.listPending(deps.database.db)).map(toInvitation);
}

export async function invite(
  deps: AppDeps,
  admin: AuthUser,
  input: Invite,
): Promise<{ data: Invitation; message: string }> {
  const db = deps.database.db;
  const named = input.brand ?? undefined;
  const brand = named === undefined ? undefined : await findBrandByRef(db, named);
  if (!brand && (input.role === 'user' || named !== undefined))
    throw badRequest(MSG.chooseBrand, { brand: MSG.chooseBrand });
  if (await repo.emailHasAccount(db, input.email)) throw emailTakenError();
  if (await repo.pendingForEmail(db, input.email)) throw pendingError();
  const token = newToken();
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const id = await repo.insertInvitation(tx, {
        email: input.email,
        fullName: input.fullName,
        role: input.role,
        brandId: brand?.id ?? null,
        tokenHash: hashToken(token),
        invitedBy: admin.id,
        expiresAt: expiry(deps),
      });
      await enqueueMail(
        tx,
        inviteMail(
          input,
          admin.fullName,
          invitationLink(deps.env.publicUrl, token),
          deps.env.INVITE_DAYS,
        ),
      );
      return id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pendingError(); // two admins, one address, same moment
    throw err;
  }
  deps.kicks.kick(MAIL_JOB);
  const row = await repo.findPending(db, id);
  return { data: toInvitation(row!), message: INVITATION_MSG.sent(input.email) };
}

/** A new link (the old one stops working) and a new validity period, mailed again. */
export async function resend(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
): Promise<{ data: Invitation; message: string }> {
  const db = deps.database.db;
  const row = await repo.findPending(db, id);
  if (!row) throw notFound('Invitation');
  const token = newToken();
  await db.transaction(async (tx) => {
    if (!(await repo.renew(tx, id, hashToken(token), expiry(deps)))) throw notFound('Invitation');
    await enqueueMail(
      tx,
      inviteMail(
        row,
        admin.fullName,
        invitationLink(deps.env.publicUrl, token),
        deps.env.INVITE_DAYS,
      ),
    );
  });
  deps.kicks.kick(MAIL_JOB);
  return {
    data: toInvitation((await repo.findPending(db, id))!),
    message: INVITATION_MSG.resent(row.email),
  };
}

export async function cancel(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.cancel(deps.database.db, id))) throw notFound('Invitation');
}

/** Link pages and acceptances per address: 30 in 15 minutes (tokens cannot be guessed; this stops floods). */
const LINK_LIMIT = { perAddress: 30, windowSeconds: 15 * 60 };

async function limitAddress(deps: AppDeps, ip: string) {
  const r = await deps.counter.hit(`invite:ip:${ip}`, LINK_LIMIT.windowSeconds);
  if (r.count > LINK_LIMIT.perAddress)
    throw tooMany(
      `Too many invitation links tried from your network. Try again ${retryIn(r.resetInSeconds)}.`,
      r.resetInSeconds,
    );
}

const linkError = (message: string) => badRequest(message, { token: message });

async function usableInvitation(deps: AppDeps, token: string) {
  const row = await repo.findByToken(deps.database.db, hashToken(token));
  if (!row) throw linkError(INVITATION_MSG.invalid);
  if (row.usedAt) throw linkError(INVITATION_MSG.used);
  if (row.cancelledAt) throw linkError(INVITATION_MSG.cancelled);
  if (row.expired) throw linkError(INVITATION_MSG.expired);
  return row;
}

export async function check(
  deps: AppDeps,
  token: string,
  ip: string,
): Promise<InvitationCheckResponse> {
  await limitAddress(deps, ip);
  const row = await usableInvitation(deps, token);
  return { email: row.email, fullName: row.fullName };
}

/** Creates the account with the chosen password, uses the link, and signs the person in. */
export async function accept(
  deps: AppDeps,
  input: AcceptInvitation,
  origin: { ip: string; userAgent?: string },
): Promise<LoginResponse> {
  await limitAddress(deps, origin.ip);
  const db = deps.database.db;
  const row = await usableInvitation(deps, input.token);
  const passwordHash = await hashPassword(input.password);
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      if (!(await repo.markUsed(tx, row.id))) throw linkError(INVITATION_MSG.used);
      return users.insertAccount(tx, {
        fullName: row.fullName,
        email: row.email,
        passwordHash,
        role: row.role,
        brandId: row.brandId,
        profilePicKey: null,
      });
    });
  } catch (err) {
    // An account for the address was made meanwhile (the admins' form): the link cannot make another.
    if (isUniqueViolation(err)) throw linkError(INVITATION_MSG.used);
    throw err;
  }
  const token = await createSession(deps, userId, { ...origin, method: 'invitation' });
  const user = await findSessionUserById(db, userId);
  return { ...user!, token };
}
