import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes, passwordResets } from '../../db/schema/users';

/** A new code replaces any earlier one of the user: only the latest can be used. */
export async function replaceCode(db: DbOrTx, userId: number, codeHash: string, expiresAt: Date) {
  await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await db.insert(oneTimeCodes).values({ userId, codeHash, expiresAt });
}

export async function findLatestCode(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: oneTimeCodes.id,
      codeHash: oneTimeCodes.codeHash,
      attempts: oneTimeCodes.attempts,
      usedAt: oneTimeCodes.usedAt,
      expired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
    })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row;
}

/**
 * Takes one try of an unused code in one statement, before it is compared: answers the tries used
 * so far, or undefined when none is left (two requests at once can never share the last try).
 */
export async function reserveCodeAttempt(
  db: DbOrTx,
  id: number,
  maxTries: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, id),
        isNull(oneTimeCodes.usedAt),
        lt(oneTimeCodes.attempts, maxTries),
      ),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row?.attempts;
}

/** Marks a code used; false when another request used it first. */
export async function useCode(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

export async function insertReset(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

export async function findReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      usedAt: passwordResets.usedAt,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Uses the link, and with it every other open link of the user: a reset ends them all. */
export async function useResets(db: DbOrTx, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (rows.length !== 1) return false;
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}
