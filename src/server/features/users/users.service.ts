import type { Readable } from 'node:stream';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { StoredUpload } from '../../storage/upload';
import type { SessionUser } from '../../../shared/contracts/auth';
import {
  USER_MSG,
  type Signup,
  type UserListItem,
  type UserListRequestSchema,
  type UserListResponse,
} from '../../../shared/contracts/users';
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword } from '../../lib/password';
import { findBrandByRef, resolveBrandRef } from '../brands';
import { endSessions, findSessionUserById, toSessionUser } from '../auth';
import * as repo from './users.repo';

export const emailTakenError = () => conflict(USER_MSG.emailTaken, { email: USER_MSG.emailTaken });

export async function mustFindSessionUser(db: DbOrTx, id: number): Promise<SessionUser> {
  const user = await findSessionUserById(db, id);
  if (!user) throw notFound('User');
  return user;
}

/** Admins create accounts. The picture (already stored) is removed again when anything fails. */
export async function signup(
  deps: AppDeps,
  input: Signup,
  pic?: StoredUpload,
): Promise<SessionUser> {
  const db = deps.database.db;
  try {
    // The schema already asks a user account for a brand; an admin account may go without one.
    const named = input.brand ?? undefined;
    const brand = named === undefined ? undefined : await findBrandByRef(db, named);
    if (!brand && (input.role === 'user' || named !== undefined))
      throw badRequest(MSG.chooseBrand, { brand: MSG.chooseBrand });
    if (await repo.emailTaken(db, input.email)) throw emailTakenError();
    const passwordHash = await hashPassword(input.password);
    let id: number;
    try {
      id = await repo.insertAccount(db, {
        fullName: input.fullName,
        email: input.email,
        passwordHash,
        role: input.role,
        brandId: brand?.id ?? null,
        profilePicKey: pic?.key ?? null,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailTakenError(); // two admins, one address, same moment
      throw err;
    }
    return mustFindSessionUser(db, id);
  } catch (err) {
    if (pic) await deps.files.delete(pic.key).catch(() => undefined);
    throw err;
  }
}

export function toListItem(row: repo.UserListRow): UserListItem {
  return { ...toSessionUser(row), disabled: row.disabled, createdAt: row.createdAt.toISOString() };
}

export async function listUsers(
  db: DbOrTx,
  q: z.output<typeof UserListRequestSchema>,
): Promise<UserListResponse> {
  // A slug filters like its id; an unknown slug matches no account (-1).
  const brandId =
    q.brandId === null || q.brandId === undefined
      ? undefined
      : await resolveBrandRef(db, q.brandId);
  const filter = { search: q.search || undefined, brandId, role: q.role };
  const [rows, total] = await Promise.all([
    repo.findUsers(db, filter, q.pageSize, (q.page - 1) * q.pageSize),
    repo.countUsers(db, filter),
  ]);
  return { data: rows.map(toListItem), totalCountData: total };
}

/** Disabling ends the account's sessions in the same transaction, so they stop at once. */
export async function setDisabled(
  db: DbOrTx,
  actor: AuthUser,
  id: number,
  disabled: boolean,
): Promise<UserListItem> {
  if (disabled && actor.id === id) throw conflict(USER_MSG.cannotDisableSelf);
  return db.transaction(async (tx) => {
    if (!(await repo.findAccount(tx, id))) throw notFound('User');
    await repo.updateAccount(tx, id, { disabled });
    if (disabled) await endSessions(tx, id);
    return toListItem((await repo.findUserListRow(tx, id))!);
  });
}

/** Own picture, or any for admins; other users' pictures answer 404 like any record out of reach. */
export async function openProfilePic(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
): Promise<{ stream: Readable; contentType: string }> {
  if (actor.id !== id && actor.role !== 'admin') throw notFound('Profile picture');
  const account = await repo.findAccount(deps.database.db, id);
  if (!account?.profilePicKey) throw notFound('Profile picture');
  let source: Readable;
  try {
    source = await deps.files.get(account.profilePicKey);
  } catch {
    throw notFound('Profile picture');
  }
  // The key carries no extension: the type is read from the picture itself, as on upload.
  // file-type loads on first use (docs/benchmarks.md, "Memory": what an idle server holds).
  const { fileTypeStream } = await import('file-type/node');
  const stream = await fileTypeStream(source);
  return { stream, contentType: stream.fileType?.mime ?? 'application/octet-stream' };
}

/** Every open password-reset link of the user is spent (the CLI sets a new password). */
export async function endResetLinks(db: DbOrTx, userId: number): Promise<void> {
  await repo.endResetLinks(db, userId);
}
