import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { sessions, users } from '../../db/schema/users';
import { firstRow } from '../../lib/rows';

export const userColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  brandId: users.brandId,
  profilePicKey: users.profilePicKey,
  disabled: users.disabled,
  brandName: brands.name,
  brandSlug: brands.slug,
};

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(brands, eq(brands.id, users.brandId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .leftJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, id))
    .limit(1);
  return row;
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function insertSession(
  db: DbOrTx,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
  origin: Pick<typeof sessions.$inferInsert, 'userAgent' | 'ip' | 'method'> = {},
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash, expiresAt, ...origin })
    .returning({ id: sessions.id });
  return row!.id;
}

/** One indexed query per request: session, user and whether both are still valid. */
export async function findActiveSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      role: users.role,
      brandId: users.brandId,
      email: users.email,
      fullName: users.fullName,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return firstRow(rows, 'count of users').n;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    fullName: string;
    email: string;
    passwordHash: string;
    role: 'admin' | 'user';
    brandId: number | null;
    profilePicKey?: string | null;
  },
) {
  const rows = await db.insert(users).values(values).returning({ id: users.id });
  return firstRow(rows, 'insert into users').id;
}

/** Ends every session of a user, or every one but `exceptSessionId` (the one making the change). */
export async function deleteSessionsOfUser(
  db: DbOrTx,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
