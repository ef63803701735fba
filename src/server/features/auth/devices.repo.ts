import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginDevices } from '../../db/schema/devices';
import { users } from '../../db/schema/users';

/** The device a cookie names, with the e-mail of the account it signed in to. */
export async function findDevice(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: loginDevices.id, userId: loginDevices.userId, email: users.email })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(eq(loginDevices.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function insertDevice(db: DbOrTx, userId: number, tokenHash: string) {
  await db.insert(loginDevices).values({ userId, tokenHash });
}

export async function touchDevice(db: DbOrTx, id: number) {
  await db
    .update(loginDevices)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(loginDevices.id, id));
}

/** Devices unused for longer than the cookie lives are forgotten. */
export async function deleteStaleDevices(db: DbOrTx, userId: number, unusedDays: number) {
  await db
    .delete(loginDevices)
    .where(
      and(
        eq(loginDevices.userId, userId),
        lt(loginDevices.lastUsedAt, sql`now() - make_interval(days => ${unusedDays})`),
      ),
    );
}
