import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { passwordResets, users } from '../../db/schema/users';
import type { Role } from '../../../shared/options';
import { foldedContains } from '../../lib/search-fold';
import { firstRow } from '../../lib/rows';

const listColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  brandId: users.brandId,
  profilePicKey: users.profilePicKey,
  disabled: users.disabled,
  createdAt: users.createdAt,
  brandName: brands.name,
  brandSlug: brands.slug,
};
export type UserListRow = Awaited<ReturnType<typeof findUsers>>[number];

export async function emailTaken(
  db: DbOrTx,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row && row.id !== exceptUserId);
}

export async function findAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      passwordHash: users.passwordHash,
      profilePicKey: users.profilePicKey,
      disabled: users.disabled,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findAccountByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      disabled: users.disabled,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  values: Partial<{
    fullName: string;
    email: string;
    passwordHash: string;
    profilePicKey: string | null;
    disabled: boolean;
  }>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  // A reset link issued before the password, the address or the access changed stops working now.
  if (values.passwordHash !== undefined || values.email !== undefined || values.disabled === true)
    await endResetLinks(db, id);
}

/** Every open reset link of the user is spent. */
export async function endResetLinks(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export interface UserFilter {
  search?: string;
  brandId?: number | null;
  role?: Role | null;
}

function where(f: UserFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.search) {
    // Accents and case ignored, `%` and `_` literal (lib/search-fold.ts).
    conds.push(
      or(foldedContains(users.fullName, f.search), foldedContains(users.email, f.search))!,
    );
  }
  if (f.brandId) conds.push(eq(users.brandId, f.brandId));
  if (f.role) conds.push(eq(users.role, f.role));
  return conds.length ? and(...conds) : undefined;
}

/** One page of accounts, by name. Accounts number in the hundreds, so an exact count is cheap. */
export async function findUsers(db: DbOrTx, f: UserFilter, limit: number, offset: number) {
  return db
    .select(listColumns)
    .from(users)
    .leftJoin(brands, eq(brands.id, users.brandId))
    .where(where(f))
    .orderBy(asc(sql`lower(${users.fullName})`), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countUsers(db: DbOrTx, f: UserFilter): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where(f));
  return firstRow(rows, 'count of users').n;
}

export async function findUserListRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(users)
    .leftJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function insertAccount(
  db: DbOrTx,
  values: {
    fullName: string;
    email: string;
    passwordHash: string;
    role: Role;
    brandId: number | null;
    profilePicKey: string | null;
  },
): Promise<number> {
  const rows = await db.insert(users).values(values).returning({ id: users.id });
  return firstRow(rows, 'insert into users').id;
}
